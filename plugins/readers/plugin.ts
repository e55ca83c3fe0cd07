/**
 * Readers: a newsletter's readers sign in without a password (issue 33 point 1). A sign-in link,
 * e-mailed from the newsletter's sender to one of its subscribers, opens a reader session for the
 * newsletter's publisher (the cookie mh_reader, read by the public pages only, never by the API);
 * the reader's account page lists the publisher's newsletters and subscribes or unsubscribes.
 * docs/decisions/0041-reader-sign-in.md says why it is built so.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'readers',
  title: 'Readers',
  // Only subscribers get a link, and the account page changes subscriptions through the
  // subscribers plugin (its pages' frame too); the mail is in the newsletter's e-mail design
  // (newsletters' newsletterLook) and from its sender (settings); the landing page links the
  // sign-in through the dashboards' sections.
  requires: ['subscribers', 'settings', 'dashboards', 'newsletters'],
  permissions: [],
});
