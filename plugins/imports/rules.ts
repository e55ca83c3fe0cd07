/**
 * What each source takes and what an import says, for both sides: the console's file pickers
 * describe the files the server checks, and the reasons the report rows carry are the sentences the
 * console translates (plugins/imports/client/words.tr.ts).
 */
import { constants } from '../../core/shared/config';

export const importSources = ['ghost', 'substack', 'mailchimp', 'beehiiv'] as const;
export type Source = (typeof importSources)[number];

export const sourceNames: Record<Source, string> = { ghost: 'Ghost', substack: 'Substack', mailchimp: 'Mailchimp', beehiiv: 'beehiiv' };

/** The files each source takes, as the console's picker says it. */
export const sourceFiles: Record<Source, string> = {
  ghost: 'The site export (Settings → Import/Export: a .json file) and/or the members CSV (Members → Export).',
  substack: 'The export zip (Settings → Exports), with posts.csv, the posts and the e-mail list.',
  mailchimp: 'The audience export (Audience → Export): its subscribed, unsubscribed and cleaned CSV files, or the zip they come in.',
  beehiiv: 'The subscribers CSV and/or the posts CSV (Settings → Exports).',
};

/** The file extensions the picker offers for each source. */
export const sourceAccepts: Record<Source, string> = {
  ghost: '.json,.csv',
  substack: '.zip,.csv',
  mailchimp: '.csv,.zip',
  beehiiv: '.csv',
};

/** Files one import takes at most (a Ghost site export and its members CSV; Mailchimp's three lists). */
export const maxImportFiles = 10;

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

export const importMessages = {
  noSource: 'Choose where the export comes from: Ghost, Substack, Mailchimp or beehiiv.',
  noNewsletter: 'Choose the newsletter to import into.',
  noFile: 'Choose the files to import.',
  siteUrl: "Enter the old site's address as it starts its pages, such as https://example.com.",
  tooLarge: (name: string) => `"${name}" is larger than ${megabytes(constants.imports.fileMaxBytes)} MB.`,
  tooManyFiles: `Choose at most ${maxImportFiles} files.`,
  notTaken: (name: string, source: string) => `"${name}" is not a file a ${source} import takes.`,
  notCsv: (name: string) => `"${name}" is not a CSV file.`,
  noEmailColumn: (name: string, what: string) => `"${name}" is not ${what}: it has no e-mail column.`,
  notJson: (name: string) => `"${name}" is not a Ghost site export (a JSON file).`,
  notZip: (name: string) => `"${name}" is not a zip archive that can be read.`,
  unreadable: 'The upload could not be read. Please try again.',
  queued: 'The import is queued.',
  checkQueued: 'The files are being checked.',
} as const;

/** The sentences the report's rows say of members (the console translates them). */
export const memberReasons = {
  added: 'Imported as a subscriber.',
  addedPaid: 'Imported as a paying subscriber.',
  alreadyImported: 'Already imported by an earlier import.',
  existing: 'Subscribes already: left as they are.',
  labelled: 'Subscribes already: the import adds their labels.',
  paidExisting: 'Subscribes already: the import records that they pay.',
  left: 'Unsubscribed from this newsletter before: never signed up again.',
  unsubscribed: 'Unsubscribed there: imported as unsubscribed, never mailed.',
  subscribesHere: 'Unsubscribed there, but subscribes here now: left as they are.',
  cleaned: 'Cleaned there (the address bounced): suppressed, never mailed.',
  deleted: 'Deleted there: not imported.',
  pending: 'Never confirmed the subscription there: not imported.',
  repeated: 'Repeated in the file: imported once.',
  invalidEmail: 'The e-mail address is not valid.',
  unreadableRow: 'The row cannot be read as CSV.',
} as const;

/** What the report says of a whole file. */
export const fileReasons = {
  notTaken: 'Not a file this import takes: left out.',
} as const;

/**
 * What the report says of posts, with their values in braces: the server fills a pattern
 * (`reason`), the console reads the text back by its pattern and writes it in its own language
 * with the values in place (a {date} or {time} in its own format). One value per name, once.
 */
export const postReasons = {
  alreadyTaken: 'An earlier import took it: it stays as it is.',
  slugTaken: 'Another story has the slug "{wanted}": this one\'s is "{slug}", and its old address leads to it.',
  published: 'A story published on {date}, /s/{slug}.',
  publishedPremium: 'A premium story published on {date}, /s/{slug}.',
  scheduled: 'A story scheduled for {time}, /s/{slug}.',
  scheduledPremium: 'A premium story scheduled for {time}, /s/{slug}.',
  draft: 'A draft story, /s/{slug} once published.',
  draftPremium: 'A premium draft story, /s/{slug} once published.',
  oldAddress: 'The old address /{old} answers at {path}.',
  oldAddressTaken: 'The old address /{old} already leads to another imported story.',
  issue: 'An issue of the archive, e-mailed on {date} by the old service: never sent here, so it has no results.',
  ghostSent: 'Sent by e-mail only on Ghost: published here, so that its issue in the archive can be read.',
  ghostStatus: 'Ghost\'s status "{status}" is read as a draft.',
  ghostNoDate: 'Scheduled on Ghost without a date: kept as a draft.',
  noHtml: 'The export has no HTML for this post, only its editor document: its body is empty here.',
  authors: 'Written by {names} on Ghost: signed by the first, as a story has one byline.',
  beehiivStatus: 'beehiiv\'s status "{status}" is read as a draft.',
  beehiivNoDate: 'Scheduled on beehiiv without a date: kept as a draft.',
  noBody: '{file} is not in the export: the story has no body.',
  podcast: "Its podcast episode is not imported (Substack's export links to its audio): the story keeps its text.",
  emptyRow: 'The row has neither a title nor a body.',
  noPostId: 'The row has no post_id.',
  unreadableRow: 'The row cannot be read: {error}',
  ghostImage: "The image is on the Ghost site, whose address the export does not give: the post keeps Ghost's address for it.",
  imageNoAddress: 'The image has no web address to fetch it from: the post keeps it as it was.',
  imageRefused: '{error} The post keeps the old address.',
} as const;

/** A pattern with its values in place. */
export function reason(pattern: string, values: Readonly<Record<string, string>> = {}): string {
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
