/**
 * When an episode is public: draft (never), published (now), or scheduled (at a future date, by a
 * job on the queue: core/server/publication.ts). Changing the plan cancels the job of the old one;
 * the job itself only publishes an episode still planned for its time.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../../core/server/jobs';
import { invalid } from '../../../core/server/errors';
import { cancelPublication, definePublicationJob, schedulePublication, type PublicationKind } from '../../../core/server/publication';
import { scheduleProblem } from '../rules';
import { publishIfDue, updateEpisode, type EpisodesDb } from './store';
import type { EpisodeRecord, EpisodeStatus } from './tables';
import { clock } from '../../../core/server/clock';

/** The publish job: its name and data ({ episodeId, at }) stay as they were, for the jobs already queued. */
export const episodePublication: PublicationKind<'episodeId'> = {
  job: 'episodes-publish',
  idKey: 'episodeId',
  noun: 'episode',
  doneMessage: 'scheduled episode published',
};

export interface PublicationPlan {
  status: EpisodeStatus;
  at?: Date;
}

/** The plan a form asked for; a schedule needs a date in the future. */
export function planOf(status: EpisodeStatus, publishedAt: string | null | undefined, now = clock.now()): PublicationPlan {
  if (status !== 'scheduled') return { status };
  const at = publishedAt ? new Date(publishedAt) : null;
  const problem = scheduleProblem(at, now);
  if (problem) throw invalid(problem, 'publishedAt');
  // scheduleProblem refuses a missing date.
  return { status, at: at! };
}

type Planned = Pick<EpisodeRecord, 'id' | 'status' | 'scheduled_at' | 'published_at' | 'job_id'>;

/** Puts an episode on a plan: cancels the old job, queues a new one for a schedule, and saves the dates. */
export async function applyPlan(context: { db: EpisodesDb; jobs: JobQueue }, episode: Planned, plan: PublicationPlan): Promise<void> {
  const { db, jobs } = context;
  const unchangedSchedule =
    plan.status === 'scheduled' && episode.status === 'scheduled' && episode.job_id && episode.scheduled_at?.getTime() === plan.at!.getTime();
  if (unchangedSchedule) return;
  await cancelPublication(jobs, episodePublication, episode.job_id);
  switch (plan.status) {
    case 'draft':
      await updateEpisode(db, episode.id, { status: 'draft', scheduled_at: null, published_at: null, job_id: null });
      return;
    case 'published':
      await updateEpisode(db, episode.id, {
        status: 'published',
        scheduled_at: null,
        // Publishing again keeps the first date: podcast apps order by it.
        published_at: episode.status === 'published' && episode.published_at ? episode.published_at : clock.now(),
        job_id: null,
      });
      return;
    case 'scheduled': {
      const at = plan.at!;
      const jobId = await schedulePublication(jobs, episodePublication, episode.id, at);
      await updateEpisode(db, episode.id, { status: 'scheduled', scheduled_at: at, published_at: null, job_id: jobId });
    }
  }
}

/** The job: publishes the episode when it is still planned for this time; too early, it fails so the queue retries. */
export function definePublishJob(context: { db: EpisodesDb; jobs: JobQueue; log: Pick<FastifyBaseLogger, 'info'> }): void {
  definePublicationJob(context, episodePublication, (episodeId, at) => publishIfDue(context.db, episodeId, at));
}
