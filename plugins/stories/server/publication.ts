/**
 * When a story goes out: publishing schedules it (spec 001 section 4: the result of PUBLISH is
 * scheduled), and a job on the queue releases it at its time. Jobs are database rows, so a
 * schedule survives a restart; a job only releases a story still planned for its time.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { invalid } from '../../../core/server/errors';
import type { JobQueue } from '../../../core/server/jobs';
import type { RealtimeHub } from '../../../core/server/realtime';
import type { PushSender } from '../../../core/server/services/push';
import { presentStory } from './present';
import { findStory, type StoriesDb, type StoryRow } from './store';
import type { PublishedContent } from './tables';

export const releaseJob = 'stories-release';

export interface ReleaseJobData {
  storyId: string;
  /** The time it was planned for: a job of an older plan does nothing. */
  at: string;
}

export interface PublicationContext {
  db: StoriesDb;
  jobs: JobQueue;
  realtime: RealtimeHub;
  push: PushSender;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The request's time and the console's clock may be a little apart. */
const graceMs = 60_000;

export function checkPublishDate(at: Date, lead: number, now = new Date()): void {
  if (Number.isNaN(at.getTime())) throw invalid('Choose a date to publish the story.', 'publishedAt');
  if (at.getTime() < now.getTime() + lead * 60_000 - graceMs) {
    throw invalid(lead > 0 ? `Choose a date at least ${lead} minutes from now.` : 'Choose a date in the future.', 'publishedAt');
  }
}

/** The public page's copy of a story as it is now. */
export function contentOf(row: StoryRow): string {
  const content: PublishedContent = { title: row.title, subtitle: row.subtitle, image: row.image, html: row.body_html, writer: row.writer_name };
  return JSON.stringify(content);
}

/** Tells the story's open editors what it is now (a job changed it, or a call of another session). */
export function announce(context: Pick<PublicationContext, 'realtime'>, row: StoryRow, socketId: string | null = null): void {
  context.realtime.emit(`story-${row.id}`, `story-${row.id}`, { action: 'story-saved', story: presentStory(row), socketId });
}

/** Queues the release of a story at `at` and marks it scheduled. */
export async function scheduleRelease(context: PublicationContext, row: StoryRow, at: Date, notify: boolean): Promise<void> {
  if (row.job_id) await context.jobs.cancel(releaseJob, row.job_id);
  const jobId = await context.jobs.schedule<ReleaseJobData>(releaseJob, { storyId: row.id, at: at.toISOString() }, { at });
  await context.db
    .updateTable('stories')
    .set({ draft: false, ready: true, accepted: true, cancelled: false, rejected: false, scheduled: true, scheduled_at: at, notify, job_id: jobId, version: sql<number>`version + 1`, updated_at: new Date() })
    .where('id', '=', row.id)
    .execute();
}

/** Forgets a story's planned release (cancel schedule, the admin's cancel, deletion). */
export async function dropRelease(context: Pick<PublicationContext, 'jobs'>, row: StoryRow): Promise<void> {
  if (row.job_id) await context.jobs.cancel(releaseJob, row.job_id);
}

/**
 * Releases a scheduled story whose time has come: published, its public copy taken, and a
 * notification sent when asked for. Answers what the job should do: nothing more, or try again
 * later because it ran early.
 */
export async function releaseIfDue(context: PublicationContext, storyId: string, at: string, now = new Date()): Promise<'released' | 'stale' | 'early'> {
  const row = await findStory(context.db, storyId);
  if (!row || !row.scheduled || !row.scheduled_at || row.scheduled_at.getTime() !== new Date(at).getTime()) return 'stale';
  if (row.scheduled_at.getTime() > now.getTime()) return 'early';
  const notify = row.notify && !row.notified;
  const result = await context.db
    .updateTable('stories')
    .set({
      scheduled: false,
      published: true,
      published_at: row.scheduled_at,
      published_content: contentOf(row),
      job_id: null,
      ...(notify ? { notified: true, notified_at: now } : {}),
      version: sql<number>`version + 1`,
      updated_at: now,
    })
    .where('id', '=', storyId)
    .where('scheduled', '=', true)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return 'stale';
  if (notify) {
    const newsletter = await context.db.selectFrom('newsletters').select('key').where('id', '=', row.newsletter_id).executeTakeFirstOrThrow();
    await context.push.send({ topic: newsletter.key, title: row.title, body: row.subtitle || row.summary, url: `${context.publicUrl}/s/${encodeURIComponent(row.slug ?? row.id)}` });
  }
  announce(context, (await findStory(context.db, storyId))!);
  return 'released';
}

export function defineReleaseJob(context: PublicationContext): void {
  context.jobs.define<ReleaseJobData>(releaseJob, async ({ storyId, at }) => {
    const outcome = await releaseIfDue(context, storyId, at);
    if (outcome === 'early') throw new Error(`story ${storyId} is planned for ${at}; not yet`);
    if (outcome === 'released') context.log.info({ storyId }, 'scheduled story released');
  });
}
