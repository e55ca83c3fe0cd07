/**
 * When an episode is public: draft (never), published (now), or scheduled (at a future date, by a
 * job on the queue, which is a database row and so survives a restart). Changing the plan cancels
 * the job of the old one; the job itself only publishes an episode still planned for its time.
 */
import type { JobQueue } from '../../../core/server/jobs';
import { invalid } from '../../../core/server/errors';
import { publishIfDue, updateEpisode, type EpisodesDb } from './store';
import type { EpisodeRecord, EpisodeStatus } from './tables';

export const publishJob = 'episodes-publish';
export const futureDateMessage = 'Choose a date in the future.';

export interface PublishJobData {
  episodeId: string;
  /** The time it was planned for: a job for an older plan does nothing. */
  at: string;
}

export interface PublicationPlan {
  status: EpisodeStatus;
  at?: Date;
}

/** The plan a form asked for; a schedule needs a date in the future. */
export function planOf(status: EpisodeStatus, publishedAt: string | null | undefined, now = new Date()): PublicationPlan {
  if (status !== 'scheduled') return { status };
  const at = publishedAt ? new Date(publishedAt) : null;
  if (!at || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) throw invalid(futureDateMessage, 'publishedAt');
  return { status, at };
}

type Planned = Pick<EpisodeRecord, 'id' | 'status' | 'scheduled_at' | 'published_at' | 'job_id'>;

/** Puts an episode on a plan: cancels the old job, queues a new one for a schedule, and saves the dates. */
export async function applyPlan(context: { db: EpisodesDb; jobs: JobQueue }, episode: Planned, plan: PublicationPlan): Promise<void> {
  const { db, jobs } = context;
  const unchangedSchedule = plan.status === 'scheduled' && episode.status === 'scheduled' && episode.job_id && episode.scheduled_at?.getTime() === plan.at!.getTime();
  if (unchangedSchedule) return;
  if (episode.job_id) await jobs.cancel(publishJob, episode.job_id);
  switch (plan.status) {
    case 'draft':
      await updateEpisode(db, episode.id, { status: 'draft', scheduled_at: null, published_at: null, job_id: null });
      return;
    case 'published':
      await updateEpisode(db, episode.id, {
        status: 'published',
        scheduled_at: null,
        // Publishing again keeps the first date: podcast apps order by it.
        published_at: episode.status === 'published' && episode.published_at ? episode.published_at : new Date(),
        job_id: null,
      });
      return;
    case 'scheduled': {
      const at = plan.at!;
      const jobId = await jobs.schedule<PublishJobData>(publishJob, { episodeId: episode.id, at: at.toISOString() }, { at });
      await updateEpisode(db, episode.id, { status: 'scheduled', scheduled_at: at, published_at: null, job_id: jobId });
    }
  }
}

/** The job: publishes the episode when it is still planned for this time; too early, it fails so the queue retries. */
export function definePublishJob(context: { db: EpisodesDb; jobs: JobQueue; log: { info(object: object, message: string): void } }): void {
  context.jobs.define<PublishJobData>(publishJob, async ({ episodeId, at }) => {
    const outcome = await publishIfDue(context.db, episodeId, at);
    if (outcome === 'early') throw new Error(`episode ${episodeId} is planned for ${at}; not yet`);
    if (outcome === 'published') context.log.info({ episodeId }, 'scheduled episode published');
  });
}
