/**
 * The way to the sign-in from a newsletter's landing page: one small link after the page's
 * sections, through the dashboards plugin's public sections (its landing page imports nothing of
 * readers).
 */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findNewsletter } from '../../../core/server/store';
import { escapeHtml } from '../../../core/shared/text';
import { addPublicSection } from '../../dashboards/server/public';
import { readerPath } from './pages';
import { readerText } from './reader-words';

export function addLandingLink(api: PluginApi): void {
  addPublicSection(api, {
    id: 'reader-sign-in',
    owners: ['newsletter'],
    async render(_owner, newsletterId, lang) {
      const newsletter = await findNewsletter(api.db, newsletterId);
      if (!newsletter) return '';
      return `<p><a class="more" href="${escapeHtml(readerPath(newsletter.key, '/signin'))}">${escapeHtml(readerText(lang, 'Do you subscribe? Sign in to manage your subscriptions'))}</a></p>`;
    },
  });
}
