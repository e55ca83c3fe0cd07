/**
 * A writer's edit of a story's fields: the columns it becomes after the checks only the server can
 * make, and, for a save based on an older version, the fields where it meets someone else's change
 * (the merge's conflicts).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Updateable } from 'kysely';
import { demand, type Session } from '../../../core/server/auth/session';
import { invalid, invalidDetails } from '../../../core/server/errors';
import { sanitizeRichText } from '../../../core/server/sanitize';
import { constants } from '../../../core/shared/config';
import { slugify } from '../../../core/shared/text';
import type { StoryFields } from '../../../schemas/generated/api/story-fields';
import { isEpisodeOf } from '../../episodes/server/public';
import { interests } from '../../settings/server/public';
import { missingFields, subtitleProblem, withoutMarker, type StoryFieldName } from '../rules';
import { storedBody } from './content';
import { findPenName, slugTaken, uniqueStorySlug, type StoriesDb, type StoryRow } from './store';
import type { StoriesTable } from './tables';

export const slugExists = 'Slug already exists';

/** The story an edit applies to: a new one (type and where it goes) or `current`. */
export interface EditedStory {
  id?: string;
  type: StoryRow['type'];
  newsletterId: string;
  publisherId: string;
  current?: StoryRow;
}

const uniqueWords = (words: string[]) => [...new Set(words.map((word) => word.trim()).filter(Boolean))];

/** An edited field's value as the story would keep it (the body as its sanitized HTML). */
function storedValue(key: StoryFieldName, value: StoryFields[StoryFieldName]): unknown {
  if (value === undefined || value === null) return value;
  switch (key) {
    case 'title':
      return (value as string).trim();
    case 'subtitle':
      return (value as string).replace(/^\s+/, '');
    case 'body':
      return sanitizeRichText((value as { html: string }).html);
    case 'tags':
    case 'keywords':
      return uniqueWords(value as string[]);
    default:
      return value;
  }
}

/**
 * The columns a set of edited fields becomes, after the checks only the server can make: who
 * may set tags, interest and the pen name, whether the slug is free, and what the story would
 * then be missing. Whether it is premium is not an edit: the premium-story service sets it.
 */
export async function columnsOf(db: StoriesDb, fields: StoryFields, story: EditedStory, session: Session): Promise<Updateable<StoriesTable>> {
  const { current } = story;
  const changed = <K extends keyof StoryFields>(key: K, now: unknown) => fields[key] !== undefined && !isDeepStrictEqual(fields[key], now);
  if (changed('tags', current?.tags ?? [])) demand(session, 'stories.tag');
  if (changed('interest', current?.interest_id ?? null)) demand(session, 'stories.interest');

  const columns: Updateable<StoriesTable> = {};
  if (fields.title !== undefined) columns.title = storedValue('title', fields.title) as string;
  if (fields.subtitle !== undefined) columns.subtitle = storedValue('subtitle', fields.subtitle) as string;
  if (fields.image !== undefined) columns.image = fields.image;
  if (fields.body !== undefined) Object.assign(columns, storedBody(fields.body.html));
  if (fields.tags !== undefined) columns.tags = JSON.stringify(storedValue('tags', fields.tags));
  if (fields.keywords !== undefined) columns.keywords = JSON.stringify(storedValue('keywords', fields.keywords));
  if (fields.notify !== undefined) columns.notify = fields.notify;
  if (fields.interest !== undefined) {
    if (fields.interest && !(await interests(db)).some((interest) => interest._id === fields.interest))
      throw invalid('Choose one of the interests.', 'interest');
    columns.interest_id = fields.interest;
  }
  if (fields.episode !== undefined) {
    if (fields.episode && !(await isEpisodeOf(db, fields.episode, story.newsletterId))) throw invalid('Choose an episode of this newsletter.', 'episode');
    columns.episode_id = fields.episode;
  }
  if (fields.writer !== undefined && fields.writer !== (current?.writer_id ?? undefined)) {
    const penName = fields.writer ? await findPenName(db, fields.writer) : undefined;
    const mayUse = penName && penName.publisher_id === story.publisherId && (penName.user_id === session.user.id || session.can('stories.update'));
    if (fields.writer && !mayUse) throw invalid('Choose one of your pen names.', 'writer');
    columns.writer_id = fields.writer;
  }

  if (story.type === 'article') {
    const everPublished = Boolean(current && (current.published || current.published_at));
    if (fields.slug !== undefined && fields.slug !== current?.slug) {
      if (everPublished) throw invalid('The slug cannot change once the story is published.', 'slug');
      if (await slugTaken(db, fields.slug, story.id)) throw invalid(slugExists, 'slug');
      columns.slug = fields.slug;
      columns.slug_custom = true;
    } else if (!everPublished && !current?.slug_custom && columns.title !== undefined && columns.title !== current?.title) {
      // The slug follows the title until a writer sets it or the story is published.
      const base = slugify(columns.title, constants.stories.slugMax);
      columns.slug = base ? await uniqueStorySlug(db, base, story.id, constants.stories.slugMax) : null;
    }
  }

  const after = {
    type: story.type,
    title: columns.title ?? current?.title ?? '',
    subtitle: columns.subtitle ?? current?.subtitle ?? '',
    image: columns.image ?? current?.image ?? '',
    text: withoutMarker(columns.body_text ?? current?.body_text ?? ''),
  };
  const problems = missingFields(after);
  const subtitle = story.type === 'article' ? subtitleProblem(after.subtitle, constants.stories.subtitleMin) : null;
  if (subtitle) problems.push(subtitle);
  if (problems.length > 0)
    throw invalidDetails(problems.map((message) => ({ message, path: message.startsWith('Required: ') ? message.slice(10).toLowerCase() : 'subtitle' })));
  return columns;
}

/** A story's fields as it keeps them now, by the names an edit uses. */
function storedFields(row: StoryRow): Record<StoryFieldName, unknown> {
  return {
    title: row.title,
    subtitle: row.subtitle,
    slug: row.slug,
    image: row.image,
    body: row.body_html,
    tags: row.tags,
    interest: row.interest_id,
    keywords: row.keywords,
    writer: row.writer_id,
    episode: row.episode_id,
    notify: row.notify,
  };
}

/**
 * The fields someone else changed since `version` that this save changes too (the merge's
 * conflicts). Values are compared as they are stored: the console sends the body as its editor
 * writes it ('<br>', '&nbsp;') and the title untrimmed, while the story holds them sanitized and
 * trimmed, and that difference is nobody's change.
 */
export function conflictsOf(fields: StoryFields, base: StoryFields, row: StoryRow): StoryFieldName[] {
  const now = storedFields(row);
  return (Object.keys(fields) as StoryFieldName[]).filter((key) => {
    if (isDeepStrictEqual(now[key], storedValue(key, fields[key]))) return false;
    // Unchanged by anyone else since the edit began: this save may set it.
    return !(key in base && isDeepStrictEqual(now[key], storedValue(key, base[key])));
  });
}
