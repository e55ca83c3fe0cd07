/**
 * Issues an import brings (issue 56, plugins/imports): a post that went out by e-mail on the site
 * it comes from becomes an issue of the newsletter's archive, published and e-mailed on its date,
 * holding the post's story. It is marked imported: it was never sent here, so it has no delivery,
 * no copy and no results (results.ts and the publisher's comparison leave it out), and nothing
 * offers to send it again (it is e-mailed already).
 */
import { randomUUID } from 'node:crypto';
import { uniqueSlug } from '../../../core/server/db/slugs';
import type { Handle } from '../../../core/server/db/database';
import { slugify } from '../../../core/shared/text';
import { setStoryIssue } from '../../stories/server/public';
import { docFieldMaxLength, normalizeChannels, stuffChannelId, draftStoriesTitle } from '../rules';
import { insertIssue, issuesDb } from './store';

export interface ImportedIssue {
  newsletterId: string;
  publisherId: string;
  /** The e-mail's subject. */
  subject: string;
  preview: string;
  /** The issue's code name and address are made from it ('my-post', else 'my-post-2'). */
  slug: string;
  /** The channel the story is shown under on the issue's page (the newsletter's name). */
  channel: string;
  storyId: string;
  premium: boolean;
  image: string;
  /** When it was e-mailed. */
  date: Date;
}

/** A code name and slug no issue has (both share one namespace: keyTaken). */
async function freeIssueSlug(handle: Handle, wanted: string): Promise<string> {
  const max = docFieldMaxLength.slug;
  const made = slugify(wanted, max);
  const base = made.length >= 3 ? made : 'imported-issue';
  const db = issuesDb(handle);
  return uniqueSlug(
    base,
    async (pattern) => {
      const rows = await db
        .selectFrom('issues')
        .select(['slug', 'key'])
        .where((eb) => eb.or([eb('slug', 'like', pattern), eb('key', 'like', pattern)]))
        .execute();
      return rows.flatMap((row) => [row.slug, row.key]);
    },
    max,
  );
}

/** Writes the imported issue with its story; answers its id. */
export async function importIssue(handle: Handle, issue: ImportedIssue): Promise<string> {
  const db = issuesDb(handle);
  const slug = await freeIssueSlug(db, issue.slug);
  const channels = normalizeChannels([
    { _id: stuffChannelId, title: draftStoriesTitle, stories: [] },
    { _id: randomUUID(), title: issue.channel.slice(0, 120) || draftStoriesTitle, stories: [issue.storyId] },
  ]);
  const id = await insertIssue(db, {
    newsletter_id: issue.newsletterId,
    publisher_id: issue.publisherId,
    key: slug,
    slug,
    subject: issue.subject.slice(0, docFieldMaxLength.subject),
    preview: issue.preview.slice(0, docFieldMaxLength.preview),
    premium: issue.premium,
    image: issue.image,
    channels: JSON.stringify(channels),
    draft: false,
    tested: true,
    published: true,
    emailed: true,
    sent: true,
    imported: true,
    plan_email: true,
    published_at: issue.date,
    emailed_at: issue.date,
    planned_at: issue.date,
    created_at: issue.date,
    updated_at: issue.date,
  });
  await setStoryIssue(db, issue.storyId, id);
  return id;
}
