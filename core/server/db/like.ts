/** LIKE patterns of what a user typed: `%`, `_` and `\` in it are matched literally (PostgreSQL's LIKE escapes with `\`). */

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Matches text that contains `text` anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** Matches text that starts with `text` (an index with text_pattern_ops can serve it). */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;
