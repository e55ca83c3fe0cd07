/** The embed service's messages (spec 002 section 8), read by the server and the editor alike. */

/** 'Embed generation answers NOT OK': the toast says 'Error!' with this. */
export const embedFailedMessage = 'Something went wrong...';
export const embedPrivateMessage = 'This address is on a private network; embeds must show public pages.';
export const embedUrlMessage = 'URL must start with either "https://" or "http://" and must be valid.';
export const embedBusyMessage = 'An embed is already being generated for you. Please wait for it to finish.';
export const notAPostMessage = 'This is not the address of a post on X (Twitter).';
export const cardNotFoundMessage = 'Content not found.';
