/**
 * The episode form's values and their check: the server's schemas (episode-create and
 * episode-update) with their messages, and the one rule a schema cannot say, that a schedule lies
 * in the future (the server refuses a past one with the same message).
 */
import { format } from 'date-fns';
import { localDateTime } from '../../../core/client/DateTimeField';
import { formValidator } from '../../../core/client/forms';
import type { ValidationDetail, ValidationResult } from '../../../core/shared/validation-details';
import createSchema from '../../../schemas/api/episode-create.schema.json?validator';
import updateSchema from '../../../schemas/api/episode-update.schema.json?validator';
import type { EpisodeCreateBody } from '../../../schemas/generated/api/episode-create';
import type { EpisodeUpdateBody } from '../../../schemas/generated/api/episode-update';
import type { Episode } from '../../../schemas/generated/entities/episode';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { scheduleProblem } from '../rules';
import { statusOf, type EpisodeStatus } from './status';

/** The datetime-local field's format. */

const validateCreate = formValidator<EpisodeCreateBody>(createSchema);
const validateUpdate = formValidator<EpisodeUpdateBody>(updateSchema);

/** A new episode of a recording, or an episode being edited. */
export type EpisodeTarget = { mode: 'create'; newsletterId: string; recording: Recording } | { mode: 'edit'; episode: Episode };

export interface EpisodeValues {
  title: string;
  subtitle: string;
  body: string;
  image: string;
  status: EpisodeStatus;
  /** The schedule as the datetime-local field holds it (local time). */
  publishedAt: string;
}

/** A recording's credentials as a draft episode's. */
export function recordingValues(recording: Recording): EpisodeValues {
  return { title: recording.title, subtitle: recording.subtitle, body: recording.description, image: recording.image, status: 'draft', publishedAt: '' };
}

export function initialValues(target: EpisodeTarget): EpisodeValues {
  if (target.mode === 'create') return recordingValues(target.recording);
  const { episode } = target;
  const publishedAt = episode.status.scheduled && episode.publishedAt ? format(new Date(episode.publishedAt), localDateTime) : '';
  return { title: episode.title, subtitle: episode.subtitle, body: episode.body, image: episode.image, status: statusOf(episode), publishedAt };
}

/** The schedule's time, or null when the field holds no date. */
function scheduleOf(local: string): Date | null {
  const at = local ? new Date(local) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/** The values as the API takes them: the title trimmed, the schedule as an ISO date (none unless scheduled). */
export function fieldsOf(values: EpisodeValues): EpisodeUpdateBody {
  const at = values.status === 'scheduled' ? scheduleOf(values.publishedAt) : null;
  return {
    title: values.title.trim(),
    subtitle: values.subtitle,
    body: values.body,
    image: values.image,
    status: values.status,
    publishedAt: at ? at.toISOString() : null,
  };
}

export function createBody(newsletterId: string, recording: Recording, fields: EpisodeUpdateBody): EpisodeCreateBody {
  return { ...fields, newsletter: newsletterId, recording: recording._id };
}

/** The form's check: the schema's problems, then the schedule's; a detail's path names its field. */
export function episodeCheck(target: EpisodeTarget) {
  return (values: EpisodeValues): ValidationResult<EpisodeUpdateBody> => {
    const fields = fieldsOf(values);
    const result = target.mode === 'create' ? validateCreate(createBody(target.newsletterId, target.recording, fields)) : validateUpdate(fields);
    const details: ValidationDetail[] = result.ok ? [] : result.details;
    const at = scheduleOf(values.publishedAt);
    const problem = values.status === 'scheduled' ? scheduleProblem(at) : null;
    if (problem) details.push({ path: 'publishedAt', message: problem });
    return details.length > 0 ? { ok: false, details } : { ok: true, value: fields };
  };
}
