/**
 * Stories an import brings (issue 56, plugins/imports): each written as the site it comes from had
 * it, published, draft or scheduled, dated as it was, signed with its byline as a shared pen name
 * (the same name's pen name when the publisher has one: no user account is made), its tags among
 * the publisher's, premium or not. The body is sanitized as every story's is. A scheduled one is
 * released at its time like any scheduled story, and nobody is notified: an import mails and
 * pushes nothing.
 */
import { slugify } from '../../../core/shared/text';
import { constants } from '../../../core/shared/config';
import type { PluginApi } from '../../../core/server/plugins/contract';
import type { Handle } from '../../../core/server/db/database';
import { addTags } from '../../newsletters/server/public';
import { storedBody } from './content';
import { scheduleRelease } from './publication';
import { findStory, insertPenName, insertStory, penNameNamed, storiesDb, uniqueStorySlug } from './store';
import type { PublishedContent } from './tables';

export type ImportedStatus = 'published' | 'draft' | 'scheduled';

export interface ImportedStory {
  newsletterId: string;
  publisherId: string;
  title: string;
  subtitle: string;
  /** The body as the source has it: sanitized here. */
  html: string;
  /** The cover's address (already one of ours, or as the source has it). */
  image: string;
  /** The slug asked for (the source's): kept when no story has it, else the next free one (freeStorySlug). */
  slug: string;
  /** The byline; null leaves the story unsigned. */
  author: string | null;
  tags: string[];
  premium: boolean;
  status: ImportedStatus;
  /** When it was published (or is to be: scheduled), or written (a draft); now when the source does not say. */
  date: Date | null;
}

/** The slug a story asking for `wanted` gets: `wanted` made a slug, or the next free one ('my-post-2'). */
export async function freeStorySlug(handle: Handle, wanted: string): Promise<string> {
  const base = slugify(wanted, constants.stories.slugMax) || 'story';
  return uniqueStorySlug(storiesDb(handle), base, undefined, constants.stories.slugMax);
}

/** The shared pen name of that name (compared as the unique index compares), made the first time. */
async function penNameFor(handle: Handle, publisherId: string, name: string): Promise<string> {
  const db = storiesDb(handle);
  const found = await penNameNamed(db, publisherId, name);
  if (found) return found.id;
  try {
    return await insertPenName(db, { publisherId, userId: null, name });
  } catch (error) {
    // Another run made it in between.
    const made = await penNameNamed(db, publisherId, name);
    if (made) return made.id;
    throw error;
  }
}

/** Writes an imported story; answers its id and the slug it got. */
export async function importStory(api: PluginApi, story: ImportedStory): Promise<{ id: string; slug: string }> {
  const db = storiesDb(api.db);
  const slug = await freeStorySlug(db, story.slug || story.title);
  const author = story.author?.trim() || null;
  const writerId = author ? await penNameFor(db, story.publisherId, author) : null;
  const body = storedBody(story.html);
  const tags = [...new Set(story.tags.map((tag) => tag.trim()).filter(Boolean))];
  const date = story.date ?? new Date();
  const title = story.title.trim();
  const published = story.status === 'published';
  const content: PublishedContent = { title, subtitle: story.subtitle, image: story.image, html: body.body_html, writer: author };
  const id = await insertStory(db, {
    newsletter_id: story.newsletterId,
    publisher_id: story.publisherId,
    type: 'article',
    title,
    subtitle: story.subtitle,
    slug,
    slug_custom: true,
    image: story.image,
    ...body,
    tags: JSON.stringify(tags),
    keywords: '[]',
    writer_id: writerId,
    owner_id: null,
    is_premium: story.premium,
    ...(story.status === 'draft' ? { draft: true } : { draft: false, ready: true, accepted: true }),
    ...(published ? { published: true, published_at: date, published_content: JSON.stringify(content) } : {}),
    created_at: story.status === 'draft' ? date : new Date(Math.min(date.getTime(), Date.now())),
    updated_at: story.status === 'draft' ? date : new Date(Math.min(date.getTime(), Date.now())),
  });
  if (tags.length > 0) await addTags(api.db, story.publisherId, tags);
  if (story.status === 'scheduled') {
    const context = { db, jobs: api.jobs, realtime: api.realtime, push: api.push, publicUrl: api.env.publicUrl, log: api.log };
    await scheduleRelease(context, (await findStory(db, id))!, date, false);
  }
  return { id, slug };
}
