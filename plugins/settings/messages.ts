/** The settings' texts that both the server and the console say. */

/** The save's message when a confirmation link went to a new sender address. */
export const senderLinkSentText = (email: string) =>
  `Your changes are saved. We sent a confirmation link to ${email}: e-mails come from it once the link is opened.`;

/** The save's message when the link could not be sent. */
export const senderLinkFailedText = 'Your changes are saved, but the confirmation link could not be sent. Try ‘Send the link again’ later.';

/** What the sender card says while an address waits for its link to be opened. */
export const senderWaitingText = (pending: string, current: string) =>
  `${pending} waits for confirmation: open the link we sent to it. Until then e-mails come from ${current}.`;
