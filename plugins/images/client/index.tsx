import { lazy } from 'react';
import { imagePickerRef, provide } from '../../../core/client/refs';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [{ path: '/newsletters/show/:newsletterId/images', page: lazy(() => import('./ImagesPage')), requires: 'images.create' }],
  // The core's ImageField (profile picture, logos, covers) opens this when it is there.
  provides: [
    provide(
      imagePickerRef,
      lazy(() => import('./ImagePicker')),
    ),
  ],
});
