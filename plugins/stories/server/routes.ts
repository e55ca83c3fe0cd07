/**
 * The story calls (spec 001 section 7): list, fetch, the editor's form, create, save, the status
 * actions (ready, draft, accept, publish, cancel schedule, cancel, unpublish), delete, feature,
 * and the pen names. Every action is decided by rules.ts, the same rules the console shows.
 */
import { audienceStats } from './audience';
import type { Insertable, Updateable } from 'kysely';
import { callerPublisher, type Session } from '../../../core/server/auth/session';
import { HttpError, invalid, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { callerSocket } from '../../../core/server/routes';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { searchCountCap } from '../../../core/shared/lists';
import type { StoryCreateForm } from '../../../schemas/generated/api/story-create-form';
import type { StoryFormData } from '../../../schemas/generated/api/story-form-data';
import { addTags, listTags } from '../../newsletters/server/public';
import { interests } from '../../settings/server/public';
import { storyEndpoints } from '../endpoints';
import { storyRoom } from '../events';
import { cancelledText, leadMinutesFor, newBulletHtml, nextStatus, publishDateProblem, scheduledText } from '../rules';
import { columnsOf, conflictsOf } from './edit';
import { enforce, mayRead } from './policy';
import { presentPenName, presentStory, statusOf } from './present';
import { announce, contentOf, defineReleaseJob, dropRelease, scheduleRelease, type PublicationContext } from './publication';
import {
  deleteStory,
  findPenName,
  findStory,
  insertPenName,
  insertStory,
  listPenNames,
  listStories,
  ownPenName,
  penNameNamed,
  slugTaken,
  storiesDb,
  type StoriesDb,
  updateStory,
} from './store';
import type { StoriesTable } from './tables';
import { clock } from '../../../core/server/clock';

const changedMeanwhile = 'The story changed meanwhile. Look at it again, then try again.';

export function registerStoryRoutes(api: PluginApi): void {
  const db = storiesDb(api.db);
  const publication: PublicationContext = { db, jobs: api.jobs, realtime: api.realtime, push: api.push, publicUrl: api.env.publicUrl, log: api.log };
  defineReleaseJob(publication);
  registerStoryReading(api, db);
  registerStoryWriting(api, db);
  registerStoryStatus(api, publication);
  registerStoryExtras(api, db);
}

/** The list, one story, and the new-story form. */
function registerStoryReading(api: PluginApi, db: StoriesDb): void {
  api.serve(storyEndpoints.list, {
    requires: 'stories.list',
    summary: 'Stories of a newsletter (or of every newsletter the caller reaches), filtered, searched, sorted and paged. Authors see their own.',
    async handler(request, _reply, session) {
      const query = request.query;
      if (query.newsletter) session.assertNewsletter(query.newsletter);
      const search = query.search && query.search.trim().length >= constants.limits.searchMinChars ? query.search : undefined;
      const page = query.page ?? 0;
      const limit = query.limit ?? constants.pageSizes.list;
      const { rows, count } = await listStories(db, {
        newsletterIds: query.newsletter ? [query.newsletter] : [...session.newsletterIds],
        ownerId: session.can('stories.update') ? query.owner || undefined : session.user.id,
        writerId: query.writer || undefined,
        issueId: query.issue === undefined ? undefined : query.issue === 'none' ? null : query.issue,
        type: query.type,
        status: query.status,
        published: query['status.published'],
        search,
        sort: query.sort ?? 'updatedAt',
        desc: query.desc ?? true,
        page,
        limit,
        countMax: searchCountCap(page, limit),
      });
      return { data: rows.map(presentStory), count };
    },
  });

  // One story, at the list's address and at the spec's item address (an embed card's fetch).
  for (const call of [storyEndpoints.fetch, storyEndpoints.item])
    api.serve(call, {
      requires: 'stories.list',
      summary: 'One story. normalizeBody=true gives body.html with absolute addresses; updateStats=true adds its statistics.',
      async handler(request, _reply, session) {
        const row = await reachable(db, request.params.id, session);
        const story = presentStory(row);
        if (request.query.normalizeBody) story.body.html = story.body.html.replace(/(src|href)="\/(?!\/)/g, `$1="${api.env.publicUrl}/`);
        if (request.query.updateStats) story.stats = { ...(await audienceStats(api, { type: 'story', id: row.id })), reads: Number(row.reads) };
        return { data: story };
      },
    });

  api.serve(storyEndpoints.template, {
    requires: 'stories.create',
    summary: 'The new-story form: data.body is a blank story of the type (a bullet starts with its marker), data.data the pen names, tags and interests.',
    async handler(request, _reply, session) {
      const { newsletter, type } = request.query;
      session.assertNewsletter(newsletter);
      const writer = await ownPenName(db, session.publisherId!, session.user);
      const form: StoryCreateForm = {
        body: { type, newsletter, writer, body: { html: type === 'bullet' ? newBulletHtml : '' } },
        data: await formData(api, db, session),
      };
      return { data: form };
    },
  });
}

/** Creating a story, and the editor's form and save. */
function registerStoryWriting(api: PluginApi, db: StoriesDb): void {
  api.serve(storyEndpoints.create, {
    requires: 'stories.create',
    summary: 'Creates a draft story; the caller owns it and signs it with their own pen name unless another is chosen.',
    async handler(request, _reply, session) {
      const { newsletter: newsletterId, type, story: fields } = request.body;
      session.assertNewsletter(newsletterId);
      const newsletter = (await findNewsletter(db, newsletterId))!;
      const columns = await columnsOf(db, fields, { type, newsletterId, publisherId: newsletter.publisher_id }, session);
      const id = await insertStory(db, {
        ...(columns as Omit<Insertable<StoriesTable>, 'id'>),
        newsletter_id: newsletterId,
        publisher_id: newsletter.publisher_id,
        type,
        writer_id: columns.writer_id ?? (await ownPenName(db, newsletter.publisher_id, session.user)),
        owner_id: session.user.id,
      });
      if (fields.tags?.length) await addTags(api.db, newsletter.publisher_id, fields.tags);
      const story = presentStory((await findStory(db, id))!);
      return { data: story, msg: 'Story created.' };
    },
  });

  api.serve(storyEndpoints.form, {
    requires: 'stories.create',
    summary: "The story editor's form: data.body is the story, data.data the pen names, tags and interests it may use.",
    async handler(request, _reply, session) {
      const row = await reachable(db, request.params.id, session);
      return { data: { body: presentStory(row), data: await formData(api, db, session) } };
    },
  });

  api.serve(storyEndpoints.save, {
    requires: 'stories.create',
    summary:
      'Saves a draft story without publishing it. A save based on an older version is merged field by field; where someone else changed the same field it is refused (409) and nothing is overwritten.',
    async handler(request, _reply, session) {
      const row = await reachable(db, request.params.id, session);
      enforce('edit', row, session);
      const { story: fields, base = {}, version } = request.body;
      if (version !== row.version) {
        const conflicts = conflictsOf(fields, base, row);
        if (conflicts.length > 0) {
          throw new HttpError(409, {
            msg: `Someone else changed the ${conflicts.join(', ')} of this story while you were editing. Your changes were not saved; your text is kept in the editor.`,
            err: 'STORY_CONFLICT',
          });
        }
      }
      const columns = await columnsOf(
        db,
        fields,
        { id: row.id, type: row.type, newsletterId: row.newsletter_id, publisherId: row.publisher_id, current: row },
        session,
      );
      const saved = await updateStory(db, row.id, columns, { expectedVersion: row.version, whereDraft: true });
      if (!saved) throw new HttpError(409, { msg: 'The story changed while it was being saved. It will be saved again.', err: 'STORY_CONFLICT' });
      if (fields.tags?.length) await addTags(api.db, row.publisher_id, fields.tags);
      const updated = (await findStory(db, row.id))!;
      announce(api, updated, callerSocket(request));
      return { data: presentStory(updated), msg: 'Story saved.' };
    },
  });
}

/** The status actions, publishing and deleting: each announced to the story's open editors. */
function registerStoryStatus(api: PluginApi, publication: PublicationContext): void {
  const { db } = publication;

  /** A status action: checked by rules.ts, applied, and announced to the story's open editors. */
  const statusRoute = (action: 'ready' | 'draft' | 'accept' | 'cancelSchedule' | 'cancel' | 'unpublish', summary: string, done: string) =>
    api.serve(storyEndpoints[action], {
      // Roles are checked per story by rules.ts (an author may submit their own).
      requires: action === 'cancel' ? 'stories.cancel' : 'stories.create',
      summary,
      async handler(request, _reply, session) {
        const row = await reachable(db, request.params.id, session);
        enforce(action, row, session);
        const status = nextStatus(action, statusOf(row));
        const changes: Updateable<StoriesTable> = { ...status };
        if (action === 'cancelSchedule' || action === 'cancel') {
          await dropRelease(publication, row);
          Object.assign(changes, { scheduled_at: null, job_id: null });
        }
        // An accepted change to a published story goes live.
        if (action === 'accept' && row.published) changes.published_content = contentOf(row);
        // Written from the row as it was read: refused if the job queue or someone else changed it meanwhile.
        if (!(await updateStory(db, row.id, changes, { expectedVersion: row.version }))) throw new HttpError(409, { msg: changedMeanwhile });
        const updated = (await findStory(db, row.id))!;
        announce(api, updated, callerSocket(request));
        return { data: presentStory(updated), msg: done };
      },
    });

  statusRoute('ready', 'Marks a draft story ready (an author submits it): it waits for an editor.', 'The story is ready.');
  statusRoute('draft', 'Moves a story back to draft so it can be edited.', 'The story is a draft again.');
  statusRoute('accept', 'Accepts a story (making it ready first); a published story edited again goes live with it.', 'The story is accepted.');
  statusRoute('cancelSchedule', "Cancels a story's schedule: it stays accepted.", 'The schedule is cancelled.');
  statusRoute('cancel', 'Cancels a scheduled, queued or processing story (admins only).', cancelledText);
  statusRoute('unpublish', 'Takes a published story off its public page.', 'The story is unpublished.');

  api.serve(storyEndpoints.publish, {
    requires: 'stories.publish',
    summary: 'Publishes an article at a date, optionally as a notification: it is made ready and accepted, then scheduled; the job queue releases it.',
    async handler(request, _reply, session) {
      const row = await reachable(db, request.params.id, session);
      enforce('publish', row, session);
      const notify = request.body.notify ?? row.notify;
      const at = new Date(request.body.publishedAt);
      const now = clock.now();
      const dateProblem = publishDateProblem(at, leadMinutesFor(session.role, notify), now);
      if (dateProblem) throw invalid(dateProblem, 'publishedAt');
      await scheduleRelease(publication, row, new Date(Math.max(at.getTime(), now.getTime())), notify);
      const updated = (await findStory(db, row.id))!;
      announce(api, updated, callerSocket(request));
      const story = presentStory(updated);
      return { data: story, msg: scheduledText(story.publishedAt!) };
    },
  });

  api.serve(storyEndpoints.remove, {
    requires: 'stories.create',
    summary: 'Deletes a story (its owner may always; others need stories.delete). A published one leaves its public page with it.',
    async handler(request, _reply, session) {
      const row = await reachable(db, request.params.id, session);
      enforce('delete', row, session);
      await dropRelease(publication, row);
      await deleteStory(db, row.id);
      api.realtime.emit(storyRoom, row.id, { action: 'story-deleted', story: { _id: row.id }, socketId: callerSocket(request) });
      return { data: { _id: row.id, newsletter: row.newsletter_id }, msg: 'The story is deleted.' };
    },
  });
}

/** Featuring, the pen names, and the stories' keys. */
function registerStoryExtras(api: PluginApi, db: StoriesDb): void {
  for (const [call, on] of [
    [storyEndpoints.feature, true],
    [storyEndpoints.unfeature, false],
  ] as const) {
    api.serve(call, {
      requires: 'stories.feature',
      summary: `${on ? 'Features' : 'Unfeatures'} an article (admins only, while it is a draft).`,
      async handler(request, _reply, session) {
        const row = await reachable(db, request.params.id, session);
        enforce('feature', row, session);
        if (!(await updateStory(db, row.id, { featured: on }, { expectedVersion: row.version }))) throw new HttpError(409, { msg: changedMeanwhile });
        const updated = (await findStory(db, row.id))!;
        announce(api, updated, callerSocket(request));
        return { data: presentStory(updated), msg: on ? 'The story is featured.' : 'The story is no longer featured.' };
      },
    });
  }

  api.serve(storyEndpoints.addPenName, {
    requires: 'stories.update',
    summary: "Adds a pen name to the caller's publisher.",
    async handler(request, _reply, session) {
      const publisherId = callerPublisher(session);
      const name = request.body.name.trim();
      // The schema counts the spaces around the name too.
      if (name.length < 2) throw invalid('Pen name must be at least 2 characters.', 'name');
      if (await penNameNamed(db, publisherId, name)) throw invalid('This pen name already exists.', 'name');
      const id = await insertPenName(db, { publisherId, userId: null, name });
      return { data: presentPenName((await findPenName(db, id))!), msg: 'Pen name added.' };
    },
  });

  api.keys.register('Story', async (key, exceptId) => slugTaken(db, key, exceptId));
}

async function reachable(db: StoriesDb, id: string, session: Session) {
  const row = await findStory(db, id);
  if (!row || !mayRead(session, row)) throw notFound('Story not found.');
  return row;
}

/** The pen names, tags and interests the editor offers. */
async function formData(api: PluginApi, db: StoriesDb, session: Session): Promise<StoryFormData> {
  return {
    authors: (await listPenNames(db, session.publisherId!, session.user.id, session.can('stories.update'))).map(presentPenName),
    tags: await listTags(api.db, session.publisherId!),
    interests: await interests(db),
    slugMax: constants.stories.slugMax,
  };
}
