/**
 * What the sender's confirmation page says (sender-confirmation.ts). A module of its own, with no
 * imports, so that the tests (and the journeys, whose loader reads no JSON import) read the texts
 * without loading the server.
 */
export const senderTexts = {
  confirmed: (email: string, title: string) => `${email} is now the sender of ${title}. Its next e-mails come from this address.`,
  unknown: 'This link is not valid anymore: the address was changed or confirmed since. Open the newsletter settings to send a new link.',
};
