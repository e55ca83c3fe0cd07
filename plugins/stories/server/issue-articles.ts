/**
 * Articles go public with the issue that carries them (issue 29, decision 0033): the issue's
 * e-mail and page give an article's headline and subtitle and send the reader to its page, so
 * the issue's publication releases the articles it carries that were never released on their
 * own. A draft, a cancelled or a rejected article is not finished, and one taken off its page
 * (unpublished) was taken off on purpose: those stay as they are, and get no link.
 */
import { sql } from 'kysely';
import { clock } from '../../../core/server/clock';
import type { Handle } from '../../../core/server/db/database';
import { contentOf } from './publication';
import { findStory, storiesDb, type StoryRow } from './store';

type StoryState = Pick<StoryRow, 'type' | 'slug' | 'draft' | 'cancelled' | 'rejected' | 'published' | 'published_at'>;

/** Whether the publication of an issue holding this story releases it. */
export function releasedWithIssue(story: StoryState): boolean {
  return story.type === 'article' && Boolean(story.slug) && !story.published && !story.published_at && !story.draft && !story.cancelled && !story.rejected;
}

/** Whether the story has a page of its own once the issue holding it is published: it has one already, or it goes out with the issue. */
export function hasPageWithIssue(story: StoryState): boolean {
  return story.type === 'article' && Boolean(story.slug) && (story.published || releasedWithIssue(story));
}

/**
 * Releases those of `stories` that go out with their issue, published at `at` (the issue's date)
 * with their public copy taken now; a schedule of their own is dropped (its job then finds
 * nothing planned). `changedAt` is the change's time (now; the demo data's issues were published
 * in the past). Answers the stories released, as they are now, for their open editors.
 */
export async function releaseWithIssue(handle: Handle, stories: readonly StoryRow[], at: Date, changedAt = clock.now()): Promise<StoryRow[]> {
  const db = storiesDb(handle);
  const released: StoryRow[] = [];
  for (const story of stories.filter(releasedWithIssue)) {
    const result = await db
      .updateTable('stories')
      .set({
        draft: false,
        ready: true,
        accepted: true,
        scheduled: false,
        scheduled_at: null,
        job_id: null,
        published: true,
        published_at: at,
        published_content: contentOf(story),
        updated_at: changedAt,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', story.id)
      // Released once: another process publishing the same issue, or the story's own release, may have come first.
      .where('published', '=', false)
      .where('published_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) released.push((await findStory(db, story.id))!);
  }
  return released;
}
