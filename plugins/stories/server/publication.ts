/**
 * When a story goes out: publishing schedules it (spec 001 section 4: the result of PUBLISH is
 * scheduled), and a job on the queue releases it at its time (core/server/publication.ts): it is
 * published, its public copy taken, and its notification sent when asked for.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../../core/server/jobs';
import {
  cancelPublication,
  definePublicationJob,
  duenessOf,
  schedulePublication,
  type PublicationKind,
  type PublicationOutcome,
} from '../../../core/server/publication';
import type { RealtimeHub } from '../../../core/server/realtime';
import type { PushSender } from '../../../core/server/services/push';
import { findNewsletter } from '../../../core/server/store';
import { presentStory } from './present';
import { findStory, updateStory, type StoriesDb, type StoryRow } from './store';
import type { PublishedContent } from './tables';
import { clock } from '../../../core/server/clock';
import { storyRoom } from '../events';

/** The release job: its name and data ({ storyId, at }) stay as they were, for the jobs already queued. */
export const storyRelease: PublicationKind<'storyId'> = { job: 'stories-release', idKey: 'storyId', noun: 'story', doneMessage: 'scheduled story released' };

export interface PublicationContext {
  db: StoriesDb;
  jobs: JobQueue;
  realtime: RealtimeHub;
  push: PushSender;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The public page's copy of a story as it is now. */
export function contentOf(row: StoryRow): string {
  const content: PublishedContent = { title: row.title, subtitle: row.subtitle, image: row.image, html: row.body_html, writer: row.writer_name };
  return JSON.stringify(content);
}

/** Tells the story's open editors what it is now (a job changed it, or a call of another session). */
export function announce(context: Pick<PublicationContext, 'realtime'>, row: StoryRow, socketId: string | null = null): void {
  context.realtime.emit(storyRoom, row.id, { action: 'story-saved', story: presentStory(row), socketId });
}

/** Queues the release of a story at `at` and marks it scheduled. */
export async function scheduleRelease(context: PublicationContext, row: StoryRow, at: Date, notify: boolean): Promise<void> {
  const jobId = await schedulePublication(context.jobs, storyRelease, row.id, at, row.job_id);
  await updateStory(context.db, row.id, {
    draft: false,
    ready: true,
    accepted: true,
    cancelled: false,
    rejected: false,
    scheduled: true,
    scheduled_at: at,
    notify,
    job_id: jobId,
  });
}

/** Forgets a story's planned release (cancel schedule, the admin's cancel, deletion). */
export async function dropRelease(context: Pick<PublicationContext, 'jobs'>, row: StoryRow): Promise<void> {
  await cancelPublication(context.jobs, storyRelease, row.job_id);
}

/** Releases a scheduled story whose time has come (see core/server/publication.ts for what the outcome asks of the job). */
export async function releaseIfDue(context: PublicationContext, storyId: string, at: string, now = clock.now()): Promise<PublicationOutcome> {
  const row = await findStory(context.db, storyId);
  const due = duenessOf(row?.scheduled ? row.scheduled_at : null, at, now);
  if (!row || due !== 'published') return due;
  const notify = row.notify && !row.notified;
  const released = await updateStory(
    context.db,
    storyId,
    {
      scheduled: false,
      published: true,
      published_at: row.scheduled_at,
      published_content: contentOf(row),
      job_id: null,
      ...(notify ? { notified: true, notified_at: now } : {}),
      updated_at: now,
    },
    { whereScheduled: true },
  );
  if (!released) return 'stale';
  if (notify) {
    const newsletter = (await findNewsletter(context.db, row.newsletter_id))!;
    await context.push.send({
      topic: newsletter.key,
      title: row.title,
      body: row.subtitle || row.summary,
      url: `${context.publicUrl}/s/${encodeURIComponent(row.slug ?? row.id)}`,
    });
  }
  announce(context, (await findStory(context.db, storyId))!);
  return 'published';
}

export function defineReleaseJob(context: PublicationContext): void {
  definePublicationJob(context, storyRelease, (storyId, at) => releaseIfDue(context, storyId, at));
}
