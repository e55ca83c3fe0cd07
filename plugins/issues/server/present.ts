/** What a client sees of an issue and of a channel template. */
import { iso, personOf } from '../../../core/server/present';
import type { ChannelTemplate } from '../../../schemas/generated/entities/channel-template';
import type { Issue } from '../../../schemas/generated/entities/issue';
import { normalizeChannels } from '../rules';
import { storyIdsOfIssue } from '../../stories/server/public';
import { findIssue, type IssueRow, type IssuesDb } from './store';
import { issueFlags, type IssueRecord } from './tables';

export function issueStatusOf(row: Pick<IssueRecord, (typeof issueFlags)[number]>): Issue['status'] {
  return Object.fromEntries(issueFlags.map((flag) => [flag, Boolean(row[flag])])) as Issue['status'];
}

/** An issue; with `storyIds` (the stories it holds now) its channels name exactly those stories. */
export function presentIssue(row: IssueRow, storyIds?: ReadonlySet<string>): Issue {
  return {
    _id: row.id,
    newsletter: row.newsletter_id,
    key: row.key,
    subject: row.subject,
    preview: row.preview,
    slug: row.slug,
    premium: row.premium,
    image: row.image,
    recording: row.recording_id,
    episode: row.episode_id,
    intro: { _id: row.intro_id, html: row.intro_html, text: row.intro_text },
    notification: { title: row.notification_title, body: row.notification_body },
    channelsNew: normalizeChannels(row.channels, storyIds),
    status: issueStatusOf(row),
    mediums: { email: row.plan_email, notification: row.plan_notification },
    owner: personOf(row.owner_id, row.owner_name, row.owner_image),
    version: Number(row.version),
    publishedAt: iso(row.published_at),
    plannedAt: iso(row.planned_at),
    notifiedAt: iso(row.notified_at),
    emailedAt: iso(row.emailed_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The issue as it is stored now, with the stories it holds (after a change, for the answer or the room). */
export async function presentCurrent(db: IssuesDb, id: string): Promise<Issue> {
  return presentIssue((await findIssue(db, id))!, await storyIdsOfIssue(db, id));
}

export function presentTemplate(row: { id: string; title: string; channels: string[]; position: number; is_default: boolean }): ChannelTemplate {
  return { _id: row.id, title: row.title, default: row.is_default, index: row.position, channels: row.channels };
}
