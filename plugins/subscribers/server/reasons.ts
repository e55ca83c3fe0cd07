/**
 * Why a reader left (spec 002: four preset Turkish reasons; everything else counts as other). The
 * reason kept is a preset's text, the text typed for 'other', or the 'other' label itself when
 * nothing was typed, so the cancellation donut never shows an empty reason.
 */
import { constants } from '../../../core/shared/config';
import { readerText } from './reader-words';

const { cancellationReasons, otherReason, reasonMaxLength } = constants.audience;

/**
 * The preset reasons and 'other' in English, by the Turkish text kept (the cancellation view's
 * slices): a reader reads them in the newsletter's language, the value posted and kept stays the spec's.
 */
const englishReasons: Readonly<Record<string, string>> = {
  'Bülten içeriği ilgimi çekmiyor': "The newsletter's content does not interest me",
  'Okumaya vaktim yok': 'I have no time to read',
  'Çok fazla e-posta alıyorum': 'I get too many e-mails',
  'Uygulama ve web üzerinden takip etmeye devam edeceğim': 'I will keep following on the app and the web',
  Diğer: 'Other',
};

/** A preset reason (or 'other') as a reader of this language reads it; one the catalog does not know, as kept. */
export const reasonLabel = (lang: string, reason: string) => readerText(lang, englishReasons[reason] ?? reason);

/** The reason to keep for a choice (a preset's text, or anything else meaning 'other') and the text typed for 'other'. */
export function reasonOf(choice: string | undefined, other: string | undefined): string {
  if (choice && cancellationReasons.includes(choice)) return choice;
  // Cut by characters, not UTF-16 units, so a Turkish letter or an emoji is never split.
  const typed = Array.from((other ?? '').trim())
    .slice(0, reasonMaxLength)
    .join('')
    .trim();
  return typed || otherReason;
}
