/** Recordings: the publisher's uploaded audio (MP3, MPEG, M4A), played and edited in the console. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'recordings',
  title: 'Recordings',
  // recordings.manage: edit and delete recordings someone else uploaded.
  permissions: ['recordings.list', 'recordings.create', 'recordings.manage'],
  menuItems: {
    recordings: { label: 'Recordings', icon: 'Microphone', to: '/newsletters/show/:scope/recordings', requires: 'recordings.create', scopes: ['newsletter'] },
  },
});
