/**
 * The design plugin's contribution to the newsletters plugin's `newsletterLook` point: each
 * newsletter's e-mail and web design as this plugin keeps them (newsletter_designs), for the
 * plugins that mail its readers (issues, subscribers, readers) or draw its pages (subscribers,
 * dashboards), which cannot require design (decision 0051, fourth step).
 */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { newsletterLook } from '../../newsletters/server/public';
import { designDb, findEmailDesign, findWebDesign } from './store';

export function registerNewsletterLook(api: PluginApi): void {
  api.extensions.add(newsletterLook, {
    emailDesign: (db, newsletterId) => findEmailDesign(designDb(db), newsletterId),
    webDesign: (db, newsletterId) => findWebDesign(designDb(db), newsletterId),
  });
}
