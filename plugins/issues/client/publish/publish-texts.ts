/**
 * The publish page's sentences in the console's language. publishing.ts writes them in English for
 * both sides, with a date or a count inside; here each is asked for with placeholders instead of
 * the date and the counts, so that it is one whole sentence to translate, and they are filled in
 * afterwards, formatted in the same language (core/client/format.ts).
 */
import { t } from '../../../../core/client/words';
import { cancelConfirmation, publicationConfirmation, timelineOf, type PublicationConfirmation } from '../../publishing';
import { tSentences } from '../texts';

/** The timeline's lines ('Issue will be published at {date}.'), each with its own date. */
export function timelineWords(issue: Parameters<typeof timelineOf>[0], now: Date, format: (date: Date) => string): string[] {
  // timelineOf writes each line as it asks for its date: the dates come in the order of the lines that have one.
  const dates: Date[] = [];
  const lines = timelineOf(issue, now, (date) => {
    dates.push(date);
    return '{date}';
  });
  return lines.map((line) => (line.includes('{date}') ? t(line, { date: format(dates.shift()!) }) : t(line)));
}

/** What the confirmation of a publication says ('Send to {email} e-mail and {app} app subscribers now?'). */
export function publicationWords(q: Parameters<typeof publicationConfirmation>[0]): PublicationConfirmation {
  // The recipients go into the sentence only through `count`: asked for by index, each is its placeholder.
  const template = publicationConfirmation({
    ...q,
    recipients: { email: 0, notification: 1 },
    format: () => '{date}',
    count: (index) => (index === 0 ? '{email}' : '{app}'),
  });
  const values = { email: q.count(q.recipients.email), app: q.count(q.recipients.notification), date: q.format(q.date ?? new Date()) };
  return { title: tSentences(template.title, values), text: tSentences(template.text, values), action: t(template.action) };
}

/** What the confirmation of a cancel says ('{count} messages are not sent yet. ...'). */
export function cancelWords(q: Parameters<typeof cancelConfirmation>[0]): PublicationConfirmation {
  const template = cancelConfirmation({ ...q, format: () => '{date}', count: () => '{count}' });
  const values = { count: q.count(q.pending), date: q.plannedAt ? q.format(q.plannedAt) : '' };
  return { title: tSentences(template.title, values), text: tSentences(template.text, values), action: t(template.action) };
}
