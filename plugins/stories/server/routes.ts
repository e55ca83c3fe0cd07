/**
 * The story calls (spec 001 section 7): list, fetch, the editor's form, create, save, the status
 * actions (ready, draft, accept, publish, cancel schedule, cancel, unpublish), delete, feature,
 * and the pen names. Every action is decided by rules.ts, the same rules the console shows.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Insertable, Updateable } from 'kysely';
import type { Session } from '../../../core/server/auth/session';
import { HttpError, invalid, invalidDetails, notFound, unauthorized } from '../../../core/server/errors';
import { sanitizeRichText } from '../../../core/server/sanitize';
import type { ApiRequest, PluginApi } from '../../../core/server/plugins/contract';
import { constants } from '../../../core/shared/config';
import { searchCountCap } from '../../../core/shared/lists';
import { slugify } from '../../../core/shared/text';
import type { PenNameCreateBody } from '../../../schemas/generated/api/pen-name-create';
import type { StoryCreateBody } from '../../../schemas/generated/api/story-create';
import type { StoryFields } from '../../../schemas/generated/api/story-fields';
import type { StoryListQuery } from '../../../schemas/generated/api/story-list-query';
import type { StoryPublishBody } from '../../../schemas/generated/api/story-publish';
import type { StoryUpdateBody } from '../../../schemas/generated/api/story-update';
import { addTags, listTags, type NewsletterTables } from '../../newsletters/server/public';
import { isEpisodeOf } from '../../episodes/server/public';
import { interests } from '../../settings/server/public';
import { cancelledText, leadMinutesFor, missingFields, newBulletHtml, nextStatus, subtitleProblem, verdict, withoutMarker, type Actor, type StoryAction, type StoryFacts } from '../rules';
import { storedBody } from './content';
import { presentPenName, presentStory, statusOf } from './present';
import { announce, checkPublishDate, contentOf, defineReleaseJob, dropRelease, scheduleRelease, type PublicationContext } from './publication';
import {
  deleteStory, findPenName, findStory, insertPenName, insertStory, listPenNames, listStories, ownPenName, penNameNamed, slugTaken, uniqueSlug, updateStory,
  type StoriesDb, type StoryRow,
} from './store';
import type { StoriesTable, StoryTables } from './tables';

const ref = (id: string) => ({ $ref: `${id}#` });
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
const slugExists = 'Slug already exists';
const changedMeanwhile = 'The story changed meanwhile. Look at it again, then try again.';

export const actorOf = (session: Session): Actor => ({ userId: session.user.id, role: session.role, can: (permission) => session.can(permission) });
export const factsOf = (row: StoryRow): StoryFacts => ({ type: row.type, status: statusOf(row), image: row.image, ownerId: row.owner_id });

/** Refuses what rules.ts does not allow: 401 for a role that may not, 409 for a story in the wrong state (422 for the article image). */
function enforce(action: StoryAction, row: StoryRow, session: Session): void {
  const result = verdict(action, factsOf(row), actorOf(session));
  if (result.ok) return;
  if (result.kind === 'permission') throw unauthorized(result.message, 'UNAUTHORIZED');
  if (result.message === 'Article image is required') throw invalid(result.message, 'image');
  throw new HttpError(409, { msg: result.message });
}

const uniqueWords = (words: string[]) => [...new Set(words.map((word) => word.trim()).filter(Boolean))];

/** An edited field's value as the story would keep it (the body as its sanitized HTML). */
function storedValue(key: keyof StoryFields, value: StoryFields[keyof StoryFields]): unknown {
  if (value === undefined || value === null) return value;
  switch (key) {
    case 'title':
      return (value as string).trim();
    case 'subtitle':
      return (value as string).replace(/^\s+/, '');
    case 'body':
      return sanitizeRichText((value as { html: string }).html);
    case 'tags':
    case 'keywords':
      return uniqueWords(value as string[]);
    default:
      return value;
  }
}

/** Authors work on their own stories; everyone else on the stories of the newsletters they reach. */
export function mayRead(session: Session, row: Pick<StoryRow, 'newsletter_id' | 'owner_id'>): boolean {
  if (!session.newsletterIds.has(row.newsletter_id)) return false;
  return session.can('stories.update') || row.owner_id === session.user.id;
}

/** The socket of the console that made the call, so it does not apply its own change twice. */
const socketOf = (request: ApiRequest<unknown, unknown, unknown>) => {
  const value = request.headers['x-socket-id'];
  return typeof value === 'string' && value.length <= 64 ? value : null;
};

export function registerStoryRoutes(api: PluginApi): void {
  const db = api.tables<StoryTables>() as StoriesDb;
  const tagsDb = api.tables<NewsletterTables>();
  const publication: PublicationContext = { db, jobs: api.jobs, realtime: api.realtime, push: api.push, publicUrl: api.env.publicUrl, log: api.log };
  defineReleaseJob(publication);

  const reachable = async (id: string, session: Session) => {
    const row = await findStory(db, id);
    if (!row || !mayRead(session, row)) throw notFound('Story not found.');
    return row;
  };
  const present = async (id: string) => presentStory((await findStory(db, id))!);

  /** The pen names, tags and interests the editor offers. */
  const formData = async (session: Session) => ({
    authors: (await listPenNames(db, session.publisherId!, session.user.id, session.can('stories.update'))).map(presentPenName),
    tags: await listTags(tagsDb, session.publisherId!),
    interests: await interests(api.db),
    slugMax: constants.stories.slugMax,
  });

  /**
   * The columns a set of edited fields becomes, after the checks only the server can make: who
   * may set tags, interest, premium and the pen name, whether the slug is free, and what the
   * story would then be missing.
   */
  async function columnsOf(fields: StoryFields, story: { id?: string; type: StoryRow['type']; newsletterId: string; publisherId: string; current?: StoryRow }, session: Session) {
    const { current } = story;
    const changed = <K extends keyof StoryFields>(key: K, now: unknown) => fields[key] !== undefined && !isDeepStrictEqual(fields[key], now);
    const demand = (permission: Parameters<Session['can']>[0]) => {
      if (!session.can(permission)) throw unauthorized(`Your role (${session.role.toUpperCase()}) does not allow this: ${permission} is required.`, 'UNAUTHORIZED');
    };
    if (changed('tags', current?.tags ?? [])) demand('stories.tag');
    if (changed('interest', current?.interest_id ?? null)) demand('stories.interest');
    if (changed('isPremium', current?.is_premium ?? false)) demand('stories.premium');

    const columns: Updateable<StoriesTable> = {};
    if (fields.title !== undefined) columns.title = storedValue('title', fields.title) as string;
    if (fields.subtitle !== undefined) columns.subtitle = storedValue('subtitle', fields.subtitle) as string;
    if (fields.image !== undefined) columns.image = fields.image;
    if (fields.body !== undefined) Object.assign(columns, storedBody(fields.body.html));
    if (fields.tags !== undefined) columns.tags = JSON.stringify(storedValue('tags', fields.tags));
    if (fields.keywords !== undefined) columns.keywords = JSON.stringify(storedValue('keywords', fields.keywords));
    if (fields.isPremium !== undefined) columns.is_premium = fields.isPremium;
    if (fields.notify !== undefined) columns.notify = fields.notify;
    if (fields.interest !== undefined) {
      if (fields.interest && !(await interests(api.db)).some((interest) => interest._id === fields.interest)) throw invalid('Choose one of the interests.', 'interest');
      columns.interest_id = fields.interest;
    }
    if (fields.episode !== undefined) {
      if (fields.episode && !(await isEpisodeOf(api.db, fields.episode, story.newsletterId))) throw invalid('Choose an episode of this newsletter.', 'episode');
      columns.episode_id = fields.episode;
    }
    if (fields.writer !== undefined && fields.writer !== (current?.writer_id ?? undefined)) {
      const penName = fields.writer ? await findPenName(db, fields.writer) : undefined;
      const mayUse = penName && penName.publisher_id === story.publisherId && (penName.user_id === session.user.id || session.can('stories.update'));
      if (fields.writer && !mayUse) throw invalid('Choose one of your pen names.', 'writer');
      columns.writer_id = fields.writer;
    }

    if (story.type === 'article') {
      const everPublished = Boolean(current && (current.published || current.published_at));
      if (fields.slug !== undefined && fields.slug !== current?.slug) {
        if (everPublished) throw invalid('The slug cannot change once the story is published.', 'slug');
        if (await slugTaken(db, fields.slug, story.id)) throw invalid(slugExists, 'slug');
        columns.slug = fields.slug;
        columns.slug_custom = true;
      } else if (!everPublished && !current?.slug_custom && columns.title !== undefined && columns.title !== current?.title) {
        // The slug follows the title until a writer sets it or the story is published.
        const base = slugify(columns.title, constants.stories.slugMax);
        columns.slug = base ? await uniqueSlug(db, base, story.id, constants.stories.slugMax) : null;
      }
    }

    const after = {
      type: story.type,
      title: columns.title ?? current?.title ?? '',
      subtitle: columns.subtitle ?? current?.subtitle ?? '',
      image: columns.image ?? current?.image ?? '',
      text: withoutMarker(columns.body_text ?? current?.body_text ?? ''),
    };
    const problems = missingFields(after);
    const subtitle = story.type === 'article' ? subtitleProblem(after.subtitle, constants.stories.subtitleMin) : null;
    if (subtitle) problems.push(subtitle);
    if (problems.length > 0) throw invalidDetails(problems.map((message) => ({ message, path: message.startsWith('Required: ') ? message.slice(10).toLowerCase() : 'subtitle' })));
    return columns;
  }

  /**
   * The fields someone else changed since `version` that this save changes too (the merge's
   * conflicts). Values are compared as they are stored: the console sends the body as its editor
   * writes it ('<br>', '&nbsp;') and the title untrimmed, while the story holds them sanitized and
   * trimmed, and that difference is nobody's change.
   */
  function conflictsOf(fields: StoryFields, base: StoryFields, row: StoryRow): string[] {
    const now: Record<keyof StoryFields, unknown> = {
      title: row.title, subtitle: row.subtitle, slug: row.slug, image: row.image, body: row.body_html, tags: row.tags, interest: row.interest_id,
      keywords: row.keywords, writer: row.writer_id, episode: row.episode_id, isPremium: row.is_premium, notify: row.notify,
    };
    return (Object.keys(fields) as (keyof StoryFields)[]).filter((key) => {
      if (isDeepStrictEqual(now[key], storedValue(key, fields[key]))) return false;
      // Unchanged by anyone else since the edit began: this save may set it.
      return !(key in base && isDeepStrictEqual(now[key], storedValue(key, base[key])));
    });
  }

  api.route<unknown, StoryListQuery>({
    method: 'GET',
    url: '/stories/list',
    requires: 'stories.list',
    schema: { querystring: ref('api/story-list-query'), summary: "Stories of a newsletter (or of every newsletter the caller reaches), filtered, searched, sorted and paged. Authors see their own." },
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

  api.route<unknown, { normalizeBody?: boolean; updateStats?: boolean }, { id: string }>({
    method: 'GET',
    url: '/stories/list/:id',
    requires: 'stories.list',
    schema: {
      params: idParams,
      querystring: { type: 'object', properties: { normalizeBody: { type: 'boolean' }, updateStats: { type: 'boolean' } } },
      summary: 'One story. normalizeBody=true gives body.html with absolute addresses; updateStats=true adds its statistics.',
    },
    async handler(request, _reply, session) {
      const row = await reachable(request.params.id, session);
      const story = presentStory(row);
      if (request.query.normalizeBody) story.body.html = story.body.html.replace(/(src|href)="\/(?!\/)/g, `$1="${api.env.publicUrl}/`);
      if (request.query.updateStats) story.stats = { totalOpens: 0, uniqueOpens: 0, totalClicks: 0, uniqueClicks: 0, reads: Number(row.reads) };
      return { data: story };
    },
  });

  api.route<unknown, { newsletter: string; type: 'bullet' | 'article' }>({
    method: 'GET',
    url: '/stories/create',
    requires: 'stories.create',
    schema: {
      querystring: {
        type: 'object', required: ['newsletter', 'type'],
        properties: { newsletter: { type: 'string', minLength: 1, maxLength: 64 }, type: { type: 'string', enum: ['bullet', 'article'], errorMessage: { enum: 'A story is a bullet or an article.' } } },
      },
      summary: "The new-story form: data.body is a blank story of the type (a bullet starts with its marker), data.data the pen names, tags and interests.",
    },
    async handler(request, _reply, session) {
      const { newsletter, type } = request.query;
      session.assertNewsletter(newsletter);
      const writer = await ownPenName(db, session.publisherId!, session.user);
      return { data: { body: { type, newsletter, writer, body: { html: type === 'bullet' ? newBulletHtml : '' } }, data: await formData(session) } };
    },
  });

  api.route<StoryCreateBody>({
    method: 'POST',
    url: '/stories/create',
    requires: 'stories.create',
    schema: { body: ref('api/story-create'), summary: 'Creates a draft story; the caller owns it and signs it with their own pen name unless another is chosen.' },
    async handler(request, _reply, session) {
      const { newsletter: newsletterId, type, story: fields } = request.body;
      session.assertNewsletter(newsletterId);
      const newsletter = await db.selectFrom('newsletters').select('publisher_id').where('id', '=', newsletterId).executeTakeFirstOrThrow();
      const columns = await columnsOf(fields, { type, newsletterId, publisherId: newsletter.publisher_id }, session);
      const id = await insertStory(db, {
        ...(columns as Omit<Insertable<StoriesTable>, 'id'>),
        newsletter_id: newsletterId,
        publisher_id: newsletter.publisher_id,
        type,
        writer_id: columns.writer_id ?? (await ownPenName(db, newsletter.publisher_id, session.user)),
        owner_id: session.user.id,
      });
      if (fields.tags?.length) await addTags(tagsDb, newsletter.publisher_id, fields.tags);
      const story = await present(id);
      return { data: story, msg: 'Story created.' };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'GET',
    url: '/stories/update/:id',
    requires: 'stories.create',
    schema: { params: idParams, summary: "The story editor's form: data.body is the story, data.data the pen names, tags and interests it may use." },
    async handler(request, _reply, session) {
      const row = await reachable(request.params.id, session);
      return { data: { body: presentStory(row), data: await formData(session) } };
    },
  });

  api.route<StoryUpdateBody, unknown, { id: string }>({
    method: 'PUT',
    url: '/stories/update/:id',
    requires: 'stories.create',
    schema: {
      params: idParams,
      body: ref('api/story-update'),
      summary: 'Saves a draft story without publishing it. A save based on an older version is merged field by field; where someone else changed the same field it is refused (409) and nothing is overwritten.',
    },
    async handler(request, _reply, session) {
      const row = await reachable(request.params.id, session);
      enforce('edit', row, session);
      const { story: fields, base = {}, version } = request.body;
      if (version !== row.version) {
        const conflicts = conflictsOf(fields, base, row);
        if (conflicts.length > 0) {
          throw new HttpError(409, { msg: `Someone else changed the ${conflicts.join(', ')} of this story while you were editing. Your changes were not saved; your text is kept in the editor.`, err: 'STORY_CONFLICT' });
        }
      }
      const columns = await columnsOf(fields, { id: row.id, type: row.type, newsletterId: row.newsletter_id, publisherId: row.publisher_id, current: row }, session);
      const saved = await updateStory(db, row.id, columns, { expectedVersion: row.version, whereDraft: true });
      if (!saved) throw new HttpError(409, { msg: 'The story changed while it was being saved. It will be saved again.', err: 'STORY_CONFLICT' });
      if (fields.tags?.length) await addTags(tagsDb, row.publisher_id, fields.tags);
      const updated = (await findStory(db, row.id))!;
      announce(api, updated, socketOf(request));
      return { data: presentStory(updated), msg: 'Story saved.' };
    },
  });

  /** A status action: checked by rules.ts, applied, and announced to the story's open editors. */
  const statusRoute = (method: 'PUT' | 'POST' | 'DELETE', url: string, action: 'ready' | 'draft' | 'accept' | 'cancelSchedule' | 'cancel' | 'unpublish', summary: string, done: string) =>
    api.route<unknown, unknown, { id: string }>({
      method,
      url,
      // Roles are checked per story by rules.ts (an author may submit their own).
      requires: action === 'cancel' ? 'stories.cancel' : 'stories.create',
      schema: { params: idParams, summary },
      async handler(request, _reply, session) {
        const row = await reachable(request.params.id, session);
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
        announce(api, updated, socketOf(request));
        return { data: presentStory(updated), msg: done };
      },
    });

  statusRoute('PUT', '/stories/ready/:id', 'ready', 'Marks a draft story ready (an author submits it): it waits for an editor.', 'The story is ready.');
  statusRoute('PUT', '/stories/draft/:id', 'draft', 'Moves a story back to draft so it can be edited.', 'The story is a draft again.');
  statusRoute('PUT', '/stories/accept/:id', 'accept', 'Accepts a story (making it ready first); a published story edited again goes live with it.', 'The story is accepted.');
  statusRoute('DELETE', '/stories/publish/:id', 'cancelSchedule', "Cancels a story's schedule: it stays accepted.", 'The schedule is cancelled.');
  statusRoute('POST', '/stories/cancel/:id', 'cancel', 'Cancels a scheduled, queued or processing story (admins only).', cancelledText);
  statusRoute('PUT', '/stories/unpublish/:id', 'unpublish', 'Takes a published story off its public page.', 'The story is unpublished.');

  api.route<StoryPublishBody, unknown, { id: string }>({
    method: 'POST',
    url: '/stories/publish/:id',
    requires: 'stories.publish',
    schema: { params: idParams, body: ref('api/story-publish'), summary: 'Publishes an article at a date, optionally as a notification: it is made ready and accepted, then scheduled; the job queue releases it.' },
    async handler(request, _reply, session) {
      const row = await reachable(request.params.id, session);
      enforce('publish', row, session);
      const notify = request.body.notify ?? row.notify;
      const at = new Date(request.body.publishedAt);
      checkPublishDate(at, leadMinutesFor(session.role, notify));
      await scheduleRelease(publication, row, new Date(Math.max(at.getTime(), Date.now())), notify);
      const updated = (await findStory(db, row.id))!;
      announce(api, updated, socketOf(request));
      const story = presentStory(updated);
      return { data: story, msg: `The story is scheduled to be released on ${story.publishedAt}.` };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'DELETE',
    url: '/stories/delete/:id',
    requires: 'stories.create',
    schema: { params: idParams, summary: "Deletes a story (its owner may always; others need stories.delete). A published one leaves its public page with it." },
    async handler(request, _reply, session) {
      const row = await reachable(request.params.id, session);
      enforce('delete', row, session);
      await dropRelease(publication, row);
      await deleteStory(db, row.id);
      api.realtime.emit(`story-${row.id}`, `story-${row.id}`, { action: 'story-deleted', story: { _id: row.id }, socketId: socketOf(request) });
      return { data: { _id: row.id, newsletter: row.newsletter_id }, msg: 'The story is deleted.' };
    },
  });

  for (const [method, on] of [['PUT', true], ['DELETE', false]] as const) {
    api.route<unknown, unknown, { id: string }>({
      method,
      url: '/stories/feature/:id',
      requires: 'stories.feature',
      schema: { params: idParams, summary: `${on ? 'Features' : 'Unfeatures'} an article (admins only, while it is a draft).` },
      async handler(request, _reply, session) {
        const row = await reachable(request.params.id, session);
        enforce('feature', row, session);
        if (!(await updateStory(db, row.id, { featured: on }, { expectedVersion: row.version }))) throw new HttpError(409, { msg: changedMeanwhile });
        const updated = (await findStory(db, row.id))!;
        announce(api, updated, socketOf(request));
        return { data: presentStory(updated), msg: on ? 'The story is featured.' : 'The story is no longer featured.' };
      },
    });
  }

  api.route<PenNameCreateBody>({
    method: 'POST',
    url: '/stories/authors',
    requires: 'stories.update',
    schema: { body: ref('api/pen-name-create'), summary: "Adds a pen name to the caller's publisher." },
    async handler(request, _reply, session) {
      if (!session.publisherId) throw notFound('Publisher not found.');
      const name = request.body.name.trim();
      // The schema counts the spaces around the name too.
      if (name.length < 2) throw invalid('Pen name must be at least 2 characters.', 'name');
      if (await penNameNamed(db, session.publisherId, name)) throw invalid('This pen name already exists.', 'name');
      const id = await insertPenName(db, { publisherId: session.publisherId, userId: null, name });
      return { data: presentPenName((await findPenName(db, id))!), msg: 'Pen name added.' };
    },
  });

  api.keys.register('Story', async (key, exceptId) => slugTaken(db, key, exceptId));
}
