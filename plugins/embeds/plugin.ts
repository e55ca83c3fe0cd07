/**
 * Embeds: the embed service the rich-text editor calls (spec 002 sections 2.10 and 7): an address
 * (YouTube, Spotify, Twitter or any page) or our own content turned into an image, and a post's
 * oEmbed. Mounted at /api/embed; docs/decisions/0040-embed-service.md says how it renders.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'embeds',
  title: 'Embeds',
  // Whoever writes stories (and so issues) embeds: the calls require stories.create, and a card
  // reads stories, issues and collections through their public entries.
  requires: ['stories', 'issues', 'collections'],
  permissions: [],
});
