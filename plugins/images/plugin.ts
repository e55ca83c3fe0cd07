/** Images: the publisher's image library, the image picker other features use, and editor uploads. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'images',
  title: 'Images',
  // images.manage: edit and delete images someone else uploaded (everyone manages their own).
  permissions: ['images.list', 'images.create', 'images.manage'],
  menuItems: {
    images: { label: 'Images', icon: 'Photo2', to: '/newsletters/show/:scope/images', requires: 'images.create', scopes: ['newsletter'] },
  },
});
