/** What a client sees of a story and of a pen name. */
import { iso, personOf } from '../../../core/server/present';
import { constants } from '../../../core/shared/config';
import type { PenName } from '../../../schemas/generated/entities/pen-name';
import type { Story } from '../../../schemas/generated/entities/story';
import { summaryOf } from './content';
import type { StoryRow } from './store';
import { statusFlags, type PenNameRecord, type StoryRecord } from './tables';

export function statusOf(row: Pick<StoryRecord, (typeof statusFlags)[number]>): Story['status'] {
  return Object.fromEntries(statusFlags.map((flag) => [flag, Boolean(row[flag])])) as Story['status'];
}

/**
 * The line a story goes out under (spec 001's Story subject; decision 0055): an article's title, or
 * a bullet's summary (a bullet has no title), within the spec's 240 characters of a subject line.
 */
export function subjectOf(row: Pick<StoryRecord, 'title' | 'summary'>): string {
  const title = row.title.trim();
  return title ? summaryOf(title, constants.issues.subjectMax) : row.summary;
}

export function presentStory(row: StoryRow): Story {
  return {
    _id: row.id,
    type: row.type,
    title: row.title,
    subtitle: row.subtitle,
    slug: row.slug,
    subject: subjectOf(row),
    image: row.image,
    body: { html: row.body_html, text: row.body_text, summary: row.summary },
    tags: row.tags,
    interest: row.interest_id,
    keywords: row.keywords,
    writer: row.writer_id ? { _id: row.writer_id, name: row.writer_name ?? '', user: row.writer_user_id } : null,
    newsletter: row.newsletter_id,
    issue: row.issue_id,
    episode: row.episode_id,
    isPremium: row.is_premium,
    notify: row.notify,
    meta: { readingTime: Number(row.reading_time_ms) },
    status: statusOf(row),
    owner: personOf(row.owner_id, row.owner_name, row.owner_image),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    // While scheduled, the date it will be released.
    publishedAt: iso(row.scheduled ? row.scheduled_at : row.published_at),
    notifiedAt: iso(row.notified_at),
  };
}

export function presentPenName(row: PenNameRecord): PenName {
  return { _id: row.id, name: row.name, user: row.user_id };
}
