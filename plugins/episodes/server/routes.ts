/** The episode calls: list, create from a recording, edit (credentials and status), delete. */
import type { EpisodeForm } from '../../../schemas/generated/api/episode-form';
import type { Session } from '../../../core/server/auth/session';
import { ownTables } from '../../../core/server/db/database';
import { invalid, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { cancelPublication } from '../../../core/server/publication';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { episodeEndpoints } from '../endpoints';
import { withheldMessage } from '../rules';
import { copyRecordingAudio } from './audio';
import { applyPlan, episodePublication, planOf } from './publication';
import { presentEpisode } from './present';
import { deleteEpisode, findEpisode, insertEpisode, listEpisodes, uniqueKey, updateEpisode, type EpisodesDb } from './store';

/** The statuses the episode form offers. */
const formStatuses: EpisodeForm['data']['statuses'] = ['draft', 'published', 'scheduled'];

/** An episode the caller may reach; another newsletter's is as good as missing. */
async function reachableEpisode(db: EpisodesDb, id: string, session: Session) {
  const row = await findEpisode(db, id);
  if (!row || !session.newsletterIds.has(row.newsletter_id)) throw notFound('Episode not found.');
  return row;
}

export function registerEpisodeRoutes(api: PluginApi): void {
  const db = ownTables(api.db, 'episodes');
  registerEpisodeLists(api, db);
  registerEpisodeCreation(api, db);
  registerEpisodeEditing(api, db);
}

/** The episodes of a newsletter, and the address of its podcast feed. */
function registerEpisodeLists(api: PluginApi, db: EpisodesDb): void {
  api.serve(episodeEndpoints.list, {
    requires: 'episodes.list',
    summary: "A newsletter's episodes (without one, those of every newsletter the caller reaches), newest first; uploader limits them to one user's.",
    async handler(request, _reply, session) {
      const { newsletter, uploader, page = 0, limit = constants.pageSizes.episodes, desc = true } = request.query;
      if (newsletter) session.assertNewsletter(newsletter);
      // The spec's call (000 section 7) names no newsletter: then every one in the caller's scopes.
      const newsletterIds = newsletter ? [newsletter] : [...session.newsletterIds];
      const { rows, count } = await listEpisodes(db, { newsletterIds, uploaderId: uploader || undefined, page, limit, desc });
      return { data: rows.map((row) => presentEpisode(row, api.storage)), count };
    },
  });

  api.serve(episodeEndpoints.feed, {
    requires: 'episodes.list',
    summary: "The address of the newsletter's public podcast feed (its published episodes).",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.newsletterId);
      const newsletter = (await findNewsletter(db, request.params.newsletterId))!;
      return { data: { url: `${api.env.publicUrl}/n/${encodeURIComponent(newsletter.key)}/podcast.xml` } };
    },
  });
}

/** Making an episode from a recording. */
function registerEpisodeCreation(api: PluginApi, db: EpisodesDb): void {
  api.serve(episodeEndpoints.create, {
    requires: 'episodes.create',
    summary: "Makes an episode of a newsletter from one of the publisher's recordings: draft, published now, or scheduled.",
    async handler(request, _reply, session) {
      const body = request.body;
      session.assertNewsletter(body.newsletter);
      const plan = planOf(body.status, body.publishedAt);
      const newsletter = (await findNewsletter(db, body.newsletter))!;
      const copied = await copyRecordingAudio(api, newsletter.publisher_id, body.recording);
      if (!copied) throw notFound('Recording not found.');
      const { recording, audio } = copied;
      const id = await insertEpisode(db, {
        newsletter_id: body.newsletter,
        publisher_id: newsletter.publisher_id,
        recording_id: recording._id,
        title: body.title.trim(),
        key: await uniqueKey(db, body.newsletter, body.title),
        subtitle: body.subtitle ?? '',
        body: body.body ?? '',
        image: body.image ?? recording.image ?? '',
        audio_key: audio.key,
        audio_type: audio.type,
        audio_size: audio.size,
        duration: audio.duration,
        status: 'draft',
        type: 'other',
        lang: recording.lang || newsletter.lang,
        uploader_id: session.user.id,
      });
      await applyPlan({ db, jobs: api.jobs }, { id, status: 'draft', scheduled_at: null, published_at: null, job_id: null }, plan);
      return { data: presentEpisode((await findEpisode(db, id))!, api.storage), msg: 'Episode created.' };
    },
  });
}

/** The episode form, saving (and planning) an episode, and deleting it. */
function registerEpisodeEditing(api: PluginApi, db: EpisodesDb): void {
  api.serve(episodeEndpoints.form, {
    requires: 'episodes.create',
    summary: 'The episode form: data.body is the episode.',
    async handler(request, _reply, session) {
      const row = await reachableEpisode(db, request.params.id, session);
      return { data: { body: presentEpisode(row, api.storage), data: { statuses: formStatuses } } };
    },
  });

  api.serve(episodeEndpoints.save, {
    requires: 'episodes.create',
    summary: "Saves an episode's credentials and status (publish now, schedule at a date, back to draft).",
    async handler(request, _reply, session) {
      const row = await reachableEpisode(db, request.params.id, session);
      const body = request.body;
      // A schedule kept as it was need not move to the future; a new one must.
      const keepsSchedule =
        body.status === 'scheduled' && row.status === 'scheduled' && body.publishedAt && row.scheduled_at?.getTime() === new Date(body.publishedAt).getTime();
      const plan = keepsSchedule ? { status: 'scheduled' as const, at: row.scheduled_at! } : planOf(body.status, body.publishedAt);
      if (row.withheld && plan.status !== 'draft') throw invalid(withheldMessage, 'status');
      const title = body.title.trim();
      await updateEpisode(db, row.id, {
        title,
        key: title === row.title ? row.key : await uniqueKey(db, row.newsletter_id, title, row.id),
        subtitle: body.subtitle ?? row.subtitle,
        body: body.body ?? row.body,
        image: body.image ?? row.image,
      });
      await applyPlan({ db, jobs: api.jobs }, row, plan);
      return { data: presentEpisode((await findEpisode(db, row.id))!, api.storage), msg: 'Episode saved.' };
    },
  });

  api.serve(episodeEndpoints.remove, {
    requires: 'episodes.create',
    summary: 'Deletes an episode (and its planned publication).',
    async handler(request, _reply, session) {
      const row = await reachableEpisode(db, request.params.id, session);
      await cancelPublication(api.jobs, episodePublication, row.job_id);
      await deleteEpisode(db, row.id);
      await api.storage.remove(row.audio_key).catch((error: unknown) => api.log.warn({ err: error, episode: row.id }, 'episode audio could not be removed'));
      return { data: { _id: row.id }, msg: 'Episode deleted.' };
    },
  });
}
