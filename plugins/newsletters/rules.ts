/** What the newsletters plugin's server and the console both say. */

/** The refusal of a key another newsletter has, in any case (PUT /newsletters/update/{id}; the console's key field says it as it checks). */
export const newsletterKeyTaken = (key: string) => `The newsletter name ${key} already exists.`;
