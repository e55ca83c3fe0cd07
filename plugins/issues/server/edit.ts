/**
 * An edit of an issue's fields, the same for a save (PUT /issues/update/{id}/edit), a live edit and
 * what the issue's shared document reads after someone typed: the spec's checks, the slug
 * following the subject while the issue is a draft, and the columns to store (docs/decisions/0022).
 */
import { randomBytes } from 'node:crypto';
import type { Updateable } from 'kysely';
import { demand, type Session } from '../../../core/server/auth/session';
import { invalid, invalidDetails } from '../../../core/server/errors';
import { sanitizeRichText } from '../../../core/server/sanitize';
import { constants } from '../../../core/shared/config';
import { htmlToText, slugify } from '../../../core/shared/text';
import { createAjv, detailsOf } from '../../../core/shared/validation';
import fieldsSchema from '../../../schemas/api/issue-fields.schema.json';
import { isEpisodeOf } from '../../episodes/server/public';
import { fieldPermission, introProblem, issueFields, slugNotUnique, type IssueField } from '../rules';
import { slugTaken, type IssueTransaction } from './store';
import type { IssueRecord, IssuesTable } from './tables';

/** Field values by the names live edits use ('notification.title'); the intro as its HTML. */
export type FieldValues = Partial<Record<IssueField, unknown>>;

const validateFields = detailsOf(createAjv().compile(fieldsSchema));

/** The body of a save ({ subject, intro: { html }, notification: { title } }) as field values. */
export function flatten(fields: object | undefined): FieldValues {
  const flat: FieldValues = {};
  if (!fields) return flat;
  for (const field of issueFields) {
    const [head, tail] = field.split('.') as [string, string | undefined];
    const value = (fields as Record<string, unknown>)[head];
    if (value === undefined) continue;
    if (tail) {
      const inner = (value as Record<string, unknown> | null)?.[tail];
      if (inner !== undefined) flat[field] = inner;
    } else flat[field] = field === 'intro' ? (value as { html?: unknown } | null)?.html : value;
  }
  return flat;
}

/** Field values in the shape of the schema (and of a save's body). */
export function nest(values: FieldValues): Record<string, unknown> {
  const nested: Record<string, Record<string, unknown> | unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const [head, tail] = field.split('.') as [string, string | undefined];
    if (tail) nested[head] = { ...(nested[head] as Record<string, unknown> | undefined), [tail]: value };
    else nested[head] = field === 'intro' ? { html: value } : value;
  }
  return nested;
}

/** A field's value as the issue keeps it now. */
export function storedValue(row: IssueRecord, field: IssueField): unknown {
  switch (field) {
    case 'intro':
      return row.intro_html;
    case 'notification.title':
      return row.notification_title;
    case 'notification.body':
      return row.notification_body;
    case 'episode':
      return row.episode_id;
    default:
      return row[field];
  }
}

export interface AppliedEdit {
  columns: Updateable<IssuesTable>;
  /** Every field that changed, with its stored value (the slug too when it followed the subject). */
  changed: FieldValues;
}

/** `wanted` cut to leave room for the random suffix, with the hyphen before it. */
const suffixStem = (wanted: string) => `${slugify(wanted, 64 - constants.issues.slugSuffixChars - 1)}-`;

/** Whether the issue's slug is the suffixed one freeSlug gave the subject it had, which wanted the same slug. */
function keepsSuffix(row: IssueRecord, wanted: string): boolean {
  const stem = suffixStem(wanted);
  const suffix = row.slug.slice(stem.length);
  return slugify(row.subject, 64) === wanted && row.slug.startsWith(stem) && suffix.length === constants.issues.slugSuffixChars && /^[a-z0-9]+$/.test(suffix);
}

/** A slug free for this issue: `wanted`, else once with a random 3-character suffix, else null. */
async function freeSlug(tx: IssueTransaction, wanted: string, issueId: string): Promise<string | null> {
  if (!(await slugTaken(tx, wanted, issueId))) return wanted;
  const suffix = randomBytes(8)
    .toString('base64')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, constants.issues.slugSuffixChars)
    .padEnd(constants.issues.slugSuffixChars, '0');
  const retry = `${suffixStem(wanted)}${suffix}`;
  return (await slugTaken(tx, retry, issueId)) ? null : retry;
}

/**
 * What the values `next` do to `row`. Throws the spec's messages (422) for a value it may not keep,
 * 401 for a field the caller may not change; stores nothing.
 */
export async function applyEdit(tx: IssueTransaction, row: IssueRecord, next: FieldValues, session: Session): Promise<AppliedEdit> {
  const valid = validateFields(nest(next));
  if (!valid.ok) throw invalidDetails(valid.details);

  const changed: FieldValues = {};
  const columns: Updateable<IssuesTable> = {};
  for (const [field, value] of Object.entries(next) as [IssueField, unknown][]) {
    if (value === storedValue(row, field)) continue;
    const permission = fieldPermission[field];
    if (permission) demand(session, permission);
    changed[field] = value;
  }

  if (changed.intro !== undefined) {
    const html = sanitizeRichText(changed.intro as string);
    const text = htmlToText(html);
    const problem = introProblem(text, row.published);
    if (problem) throw invalid(problem, 'intro');
    columns.intro_html = html;
    columns.intro_text = text;
    changed.intro = html;
  }
  if (changed.subject !== undefined) columns.subject = changed.subject as string;
  if (changed.preview !== undefined) columns.preview = changed.preview as string;
  if (changed['notification.title'] !== undefined) columns.notification_title = changed['notification.title'] as string;
  if (changed['notification.body'] !== undefined) columns.notification_body = changed['notification.body'] as string;
  if (changed.image !== undefined) columns.image = changed.image as string;
  if (changed.premium !== undefined) columns.premium = changed.premium as boolean;
  if (changed.episode !== undefined) {
    const episode = changed.episode as string | null;
    if (episode && !(await isEpisodeOf(tx, episode, row.newsletter_id))) throw invalid('Choose an episode of this newsletter.', 'episode');
    columns.episode_id = episode;
  }

  const everPublished = row.published || Boolean(row.published_at);
  if (changed.slug !== undefined) {
    if (everPublished) throw invalid('The slug cannot change once the issue is published.', 'slug');
    if (await slugTaken(tx, changed.slug as string, row.id)) throw invalid(slugNotUnique, 'slug');
    columns.slug = changed.slug as string;
    columns.slug_custom = true;
  } else if (columns.subject !== undefined && !everPublished && !row.slug_custom) {
    // A draft's slug follows its subject.
    const wanted = slugify(columns.subject, 64);
    // A slug that is already the subject's with its suffix stays: typing on must not draw a new suffix each time.
    if (wanted.length >= constants.issues.slugMin && wanted !== row.slug && !keepsSuffix(row, wanted)) {
      const slug = await freeSlug(tx, wanted, row.id);
      if (slug && slug !== row.slug) {
        columns.slug = slug;
        changed.slug = slug;
      }
    }
  }
  return { columns, changed };
}
