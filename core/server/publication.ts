/**
 * Scheduled publication, for any kind of record that goes public at a planned time (a story, an
 * episode): a job on the queue per plan, carrying the record's id and the time it was planned
 * for. Jobs are database rows, so a plan survives a restart; a job whose record was re-planned,
 * cancelled or deleted meanwhile does nothing, and one that runs early fails so the queue retries.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './jobs';
import { clock } from './clock';

/** A kind of record published by a job. */
export interface PublicationKind<IdKey extends string = string> {
  /** The job's name ('stories-release'); jobs already queued under it keep working. */
  job: string;
  /** The key of the record's id in the job's data ('storyId'). */
  idKey: IdKey;
  /** What the log calls one ('story'). */
  noun: string;
  /** The log line of a publication ('scheduled story released'). */
  doneMessage: string;
}

/** A job's data: the record's id under the kind's key, and the time it was planned for. */
export type PublicationJobData<IdKey extends string> = Record<IdKey, string> & { at: string };

/** What a job found: the record went public, its plan changed (nothing to do), or its time has not come. */
export type PublicationOutcome = 'published' | 'stale' | 'early';

/** Whether a job planned for `at` may publish a record now planned for `plannedAt` (null: no plan). */
export function duenessOf(plannedAt: Date | null | undefined, at: string, now = clock.now()): PublicationOutcome {
  if (!plannedAt || plannedAt.getTime() !== new Date(at).getTime()) return 'stale';
  return plannedAt.getTime() > now.getTime() ? 'early' : 'published';
}

/** Queues the publication of a record at `at` (its former job, if any, is cancelled) and answers the job's id. */
export async function schedulePublication(jobs: JobQueue, kind: PublicationKind, id: string, at: Date, formerJobId?: string | null): Promise<string> {
  await cancelPublication(jobs, kind, formerJobId);
  const data = { [kind.idKey]: id, at: at.toISOString() };
  return jobs.schedule(kind.job, data, { at });
}

/** Forgets a record's planned publication (a new plan, a cancel, a deletion). */
export async function cancelPublication(jobs: JobQueue, kind: PublicationKind, jobId: string | null | undefined): Promise<void> {
  if (jobId) await jobs.cancel(kind.job, jobId);
}

/** Declares the kind's job: `publish` makes the record public if it is still planned for the job's time. */
export function definePublicationJob<IdKey extends string>(
  context: { jobs: JobQueue; log: Pick<FastifyBaseLogger, 'info'> },
  kind: PublicationKind<IdKey>,
  publish: (id: string, at: string) => Promise<PublicationOutcome>,
): void {
  context.jobs.define<PublicationJobData<IdKey>>(kind.job, async (data) => {
    const id = data[kind.idKey] as string;
    const outcome = await publish(id, data.at);
    if (outcome === 'early') throw new Error(`${kind.noun} ${id} is planned for ${data.at}; not yet`);
    if (outcome === 'published') context.log.info({ [kind.idKey]: id }, kind.doneMessage);
  });
}
