/** The recordings calls of the spec (section 7): create (form and upload), list, update, delete. */
import { callerPublisher } from '../../../core/server/auth/session';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { notFound } from '../../../core/server/errors';
import { readUpload } from '../../../core/server/uploads';
import { constants } from '../../../core/shared/config';
import { slugify } from '../../../core/shared/text';
import { recordingEndpoints } from '../endpoints';
import { recordingUploadRule } from './audio';
import { assertMayChangeRecording } from './policy';
import { presentRecording } from './present';
import { createRecording, findRecording } from './public';
import { deleteRecording, findRecordingRow, listRecordings, recordingsDb, updateRecording } from './store';

/** The blank form of the upload dialog. */
const blankForm = { title: '', subtitle: '', description: '', image: '', slug: '', lang: 'tr' };

export function registerRecordingRoutes(api: PluginApi): void {
  const db = recordingsDb(api.db);
  const files = { db: api.db, storage: api.storage };

  /** The caller's publisher's recording, or 404 (another publisher's is never revealed). */
  const recordingOf = async (publisherId: string, id: string) => {
    const recording = await findRecording(files, publisherId, id);
    if (!recording) throw notFound('Recording not found.');
    return recording;
  };

  api.serve(recordingEndpoints.template, {
    requires: 'recordings.create',
    summary: 'The blank form of a new recording (data.body).',
    async handler() {
      return { data: { body: blankForm } };
    },
  });

  api.serve(recordingEndpoints.create, {
    requires: 'recordings.create',
    summary:
      'Uploads a recording (multipart: audio, title, description, slug, lang). MP3, MPEG or M4A by content, at most constants.limits.recordingMaxBytes; the duration is read from the file. The publisher and uploader are the caller.',
    async handler(request, _reply, session) {
      const publisherId = callerPublisher(session);
      const upload = await readUpload(request, recordingUploadRule);
      const { fields } = upload;
      const recording = await createRecording(files, {
        publisherId,
        uploaderId: session.user.id,
        title: fields.title ?? '',
        subtitle: fields.subtitle,
        description: fields.description,
        slug: fields.slug,
        lang: fields.lang,
        audio: { buffer: upload.buffer, mime: upload.mime, ext: upload.ext },
      });
      return { data: recording, msg: 'OK' };
    },
  });

  api.serve(recordingEndpoints.list, {
    requires: 'recordings.list',
    summary: "The publisher's recordings, newest first; uploader limits them to one user's ('Show only my content').",
    async handler(request, _reply, session) {
      const query = request.query;
      const limit = query.limit ?? constants.pageSizes.recordings;
      const { rows, count } = await listRecordings(db, {
        publisherId: callerPublisher(session),
        uploaderId: query.uploader || undefined,
        limit,
        offset: (query.page ?? 0) * limit,
        desc: query.desc ?? true,
      });
      return { data: rows.map((row) => presentRecording(row, api.storage)), count };
    },
  });

  api.serve(recordingEndpoints.form, {
    requires: 'recordings.create',
    summary: 'The edit form of a recording (data.body) and the recording (data.data).',
    async handler(request, _reply, session) {
      const recording = await recordingOf(callerPublisher(session), request.params.id);
      assertMayChangeRecording(session, recording);
      const { title, subtitle, description, image, slug, lang } = recording;
      return { data: { body: { title, subtitle, description, image, slug, lang }, data: recording } };
    },
  });

  api.serve(recordingEndpoints.save, {
    requires: 'recordings.create',
    summary: 'Edits a recording: title, subtitle, description, image; the slug is derived from the title.',
    async handler(request, _reply, session) {
      const publisherId = callerPublisher(session);
      const recording = await recordingOf(publisherId, request.params.id);
      assertMayChangeRecording(session, recording);
      const body = request.body;
      const title = body.title.trim();
      await updateRecording(db, recording._id, {
        title,
        subtitle: body.subtitle?.trim() ?? recording.subtitle,
        description: body.description?.trim() ?? recording.description,
        image: body.image?.trim() ?? recording.image,
        slug: slugify(title) || 'recording',
      });
      return { data: await recordingOf(publisherId, recording._id), msg: 'OK' };
    },
  });

  api.serve(recordingEndpoints.remove, {
    requires: 'recordings.create',
    summary: 'Deletes a recording and its audio file.',
    async handler(request, _reply, session) {
      const publisherId = callerPublisher(session);
      const row = await findRecordingRow(db, publisherId, request.params.id);
      if (!row) throw notFound('Recording not found.');
      assertMayChangeRecording(session, presentRecording(row, api.storage));
      await deleteRecording(db, row.id);
      await api.storage.remove(row.audio);
      return { data: { _id: row.id }, msg: 'OK' };
    },
  });
}
