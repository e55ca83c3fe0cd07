/**
 * The issues' texts that are not written in this folder, in the console's language
 * (core/client/words.ts; the Turkish is in words.tr.ts): the server's messages, a few with a name
 * or a number inside, and the English texts shared with another part in another sense.
 */
import { formatNumber } from '../../../core/client/format';
import { t, tMaybe } from '../../../core/client/words';
import { sendingPausedText } from '../publishing';
import { draftStoriesTitle, introTaken, readingMinuteCount, stuffChannelId, type IssueChannel } from '../rules';

/** Minutes of reading in the console's language: spec 001's 'DK' suffix in the Turkish console, 'MIN' in the English one. */
export const readingMinutes = (milliseconds: number) => t('{count} MIN', { count: formatNumber(readingMinuteCount(milliseconds)) });

/** A channel's title as shown: 'Draft Stories' is the console's, in its language; the others are the issue's own. */
export const channelTitle = (channel: Pick<IssueChannel, '_id' | 'title'>) => (channel._id === stuffChannelId ? t(draftStoriesTitle) : channel.title);

/** A server sentence with a name or a number of its own: its pattern, and its words with that part put back. */
const withParts: [RegExp, (parts: RegExpMatchArray, message: string) => string | null][] = [
  [/^(.+) is writing the intro\.$/s, ([, name = ''], message) => (introTaken(name) === message ? t('{name} is writing the intro.', { name }) : null)],
  [/^The code name (.+) already exists\.$/s, ([, name = '']) => t('The code name {name} already exists.', { name })],
  [
    /^(\d+) messages? will be sent again\.$/,
    ([, count = '0']) =>
      t(Number(count) === 1 ? '{count} message will be sent again.' : '{count} messages will be sent again.', { count: formatNumber(Number(count)) }),
  ],
  [
    /^Sending paused: the mail server has not been reachable for (\d+) minutes\./,
    ([, minutes = '0'], message) =>
      sendingPausedText(Number(minutes)) === message
        ? t(
            'Sending paused: the mail server has not been reachable for {minutes} minutes. It is tried every few minutes, and sending goes on by itself once it answers.',
            { minutes: formatNumber(Number(minutes)) },
          )
        : null,
  ],
];

/**
 * A message of the issues' server (a refusal under a field, the mail server's wait, a toast's text)
 * in the console's language: its words when the catalog has them, else as the server wrote it.
 * Toasts put their texts through the core's server-text.ts, which knows the core's sentences with
 * a value; these are the issues' own, read before they are shown or toasted.
 */
export function issueServerText(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  for (const [pattern, words] of withParts) {
    const parts = message.match(pattern);
    const worded = parts ? words(parts, message) : null;
    if (worded !== null) return worded;
  }
  return tMaybe(message);
}

/**
 * A text of several sentences (a confirmation's), each put through `t` with the values: a sentence
 * is whole in each language, and the sentences keep their order.
 */
export function tSentences(text: string, values?: Readonly<Record<string, string | number>>): string {
  return text
    .split(/(?<=[.?!]) (?=\S)/)
    .map((sentence) => t(sentence, values))
    .join(' ');
}

/**
 * An English text that another part of the console uses in another sense (the section 'Cancel'
 * that cancels a publication, the dialogs' 'Cancel' that closes them): `english` as it is, and in
 * another language the words of `sense`, an English text of the sense meant here (with the same
 * placeholders).
 */
export function tAs(english: string, sense: string, values?: Readonly<Record<string, string | number>>): string {
  const worded = t(sense);
  return worded === sense ? t(english, values, 'en') : t(sense, values);
}
