import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [{ path: '/newsletters/show/:newsletterId/images', page: lazy(() => import('./ImagesPage')), requires: 'images.create' }],
  // The core's ImageField (profile picture, logos, covers) opens this when it is there.
  provides: { imagePicker: lazy(() => import('./ImagePicker')) },
});
