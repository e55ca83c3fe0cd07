/**
 * What another plugin says of a newsletter on the reader's account page, under its subscription
 * (the payments plugin: the reader's premium subscription, or its price with the way to it): an
 * extension point of the readers plugin (decision 0031). Several plugins may contribute; their
 * notes show in the order they were added.
 */
import { extensionPoint } from '../../../core/server/plugins/extension-points';

export interface AccountNote {
  text: string;
  link?: { href: string; label: string };
}

export interface AccountNotes {
  /**
   * The notes for this reader (a lower-case address) of these newsletters of the publisher, by
   * newsletter id (none for the others), in the account page's language `lang`.
   */
  notesOf(
    reader: { email: string; publisherId: string },
    newsletters: readonly { id: string; key: string; publisher_id: string }[],
    lang: string,
  ): Promise<Map<string, AccountNote>>;
}

export const accountNotes = extensionPoint<AccountNotes>('readers.account-notes');
