/**
 * The issue calls (spec 001 section 7): the creation form and create, the editor's form and
 * content, save, channels, delete, the lists, one issue, feature; and the key check for model
 * Issue. Changes go through changes.ts, the same path live edits take.
 */
import { randomUUID } from 'node:crypto';
import { demand } from '../../../core/server/auth/session';
import { HttpError, invalid } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { callerSocket } from '../../../core/server/routes';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { escapeHtml } from '../../../core/shared/text';
import type { IssueContent } from '../../../schemas/generated/api/issue-content';
import type { IssueCreateForm } from '../../../schemas/generated/api/issue-create-form';
import type { Issue } from '../../../schemas/generated/entities/issue';
import { listTags, presentOneNewsletter } from '../../newsletters/server/public';
import { interests } from '../../settings/server/public';
import { listPenNames, presentPenName, presentStory, storiesOfIssue, storyIdsOfIssue } from '../../stories/server/public';
import { issueEndpoints } from '../endpoints';
import { issueRoom } from '../events';
import { channelsOfTemplate, issueDeletedText, plainTemplate, stuffChannelId } from '../rules';
import type { IssueChanges } from './changes';
import { flatten } from './edit';
import { assertChangeable, reachableIssue } from './policy';
import { presentCurrent, presentIssue, presentTemplate } from './present';
import { numbersOfIssue, presentResults, resultsJoin } from './results';
import { findSubjectTest, presentSubjectTest, subjectTestSummary } from './subject-tests';
import {
  deleteIssue,
  findChannelTemplate,
  insertIssue,
  issuesDb,
  keyTaken,
  listChannelTemplates,
  listIssues,
  updateIssue,
  type IssueRow,
  type IssuesDb,
} from './store';

export const keyExists = 'EXISTS';

type StoryOfIssue = Awaited<ReturnType<typeof storiesOfIssue>>[number];

export function registerIssueRoutes(api: PluginApi, changes: IssueChanges): void {
  const db = issuesDb(api.db);
  registerIssueCreation(api, db);
  registerIssueEditor(api, db, changes);
  registerIssueReading(api, db);
  registerIssueFeature(api, db);
}

/** The new-issue form, and creating an issue. */
function registerIssueCreation(api: PluginApi, db: IssuesDb): void {
  const templatesOf = async (newsletterId: string) => [plainTemplate, ...(await listChannelTemplates(db, newsletterId)).map(presentTemplate)];

  api.serve(issueEndpoints.template, {
    requires: 'issues.create',
    summary: "The new-issue form: data.body a blank issue, data.data.channelTemplates the newsletter's templates after the built-in 'Plain'.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.query.newsletter);
      const form: IssueCreateForm = {
        body: { newsletter: request.query.newsletter, subject: '', preview: '', slug: '', premium: false, channelsNew: [] },
        data: { channelTemplates: await templatesOf(request.query.newsletter) },
      };
      return { data: form };
    },
  });

  api.serve(issueEndpoints.create, {
    requires: 'issues.create',
    summary: "Creates a draft issue named by its code name, with 'Draft Stories' and the chosen template's channels.",
    async handler(request, _reply, session) {
      const body = request.body;
      session.assertNewsletter(body.newsletter);
      if (body.premium) demand(session, 'issues.premium');
      if (await keyTaken(db, body.slug)) throw invalid(`The code name ${body.slug} already exists.`, 'slug');
      const newsletter = (await findNewsletter(db, body.newsletter))!;
      let titles = (body.channelsNew ?? []).map((channel) => channel.title);
      if (body.template && body.template !== plainTemplate._id) {
        const template = await findChannelTemplate(db, body.newsletter, body.template);
        if (!template) throw invalid('Choose one of the channel templates.', 'template');
        if (titles.length === 0) titles = template.channels;
      }
      const id = await insertIssue(db, {
        newsletter_id: body.newsletter,
        publisher_id: newsletter.publisher_id,
        key: body.slug,
        slug: body.slug,
        subject: body.subject ?? '',
        preview: body.preview ?? '',
        premium: body.premium ?? false,
        channels: JSON.stringify(channelsOfTemplate(titles, randomUUID)),
        owner_id: session.user.id,
      });
      return { data: await presentCurrent(db, id), msg: 'Issue created.' };
    },
  });
}

/** The editor's form and content, saving, and deleting an issue. */
function registerIssueEditor(api: PluginApi, db: IssuesDb, changes: IssueChanges): void {
  api.serve(issueEndpoints.form, {
    requires: 'issues.update',
    summary: "The issue editor's form: data.body is the issue, data.subjectTest its subject test with its phase and each subject line's figures (null: none).",
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      const [storyIds, test] = await Promise.all([storyIdsOfIssue(db, row.id), findSubjectTest(db, row.id)]);
      return { data: { body: presentIssue(row, storyIds), subjectTest: test ? await presentSubjectTest(db, api.extensions, test) : null } };
    },
  });

  api.serve(issueEndpoints.content, {
    requires: 'issues.update',
    summary:
      "What the issue editor shows around the issue: data holds the pen names (authors), tags, interests, blank bullet and article, and the newsletter; stories the issue's stories.",
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      const newsletter = (await findNewsletter(db, row.newsletter_id))!;
      const [authors, tags, interestList, storyRows] = await Promise.all([
        listPenNames(db, row.publisher_id, session.user.id, session.can('stories.update')),
        listTags(api.db, row.publisher_id),
        interests(db),
        storiesOfIssue(db, row.id),
      ]);
      const content: IssueContent = {
        data: {
          authors: authors.map(presentPenName),
          tags,
          interests: interestList,
          bullet: { type: 'bullet', newsletter: row.newsletter_id, issue: row.id },
          article: { type: 'article', newsletter: row.newsletter_id, issue: row.id },
          newsletter: await presentOneNewsletter(api, newsletter),
        },
        stories: storyRows.map(presentStory),
      };
      return content;
    },
  });

  api.serve(issueEndpoints.save, {
    requires: 'issues.update',
    summary:
      'Saves changed fields. Text fields edited from base (the values at the version the edit began) are merged character by character with what others stored since; other fields: the last save wins.',
    async handler(request, _reply, session) {
      await reachableIssue(db, request.params.id, session);
      const { issue, base } = request.body;
      await changes.editFields(request.params.id, session, flatten(issue), flatten(base), { socketId: callerSocket(request) });
      return { data: await presentCurrent(db, request.params.id), msg: 'Issue saved.' };
    },
  });

  api.serve(issueEndpoints.saveChannels, {
    requires: 'issues.update',
    summary: "Saves the channels in order with their stories; answers the time it was saved. 'Draft Stories' stays first; stories not named go back to it.",
    async handler(request, _reply, session) {
      await reachableIssue(db, request.params.id, session);
      const result = await changes.changeChannels(
        request.params.id,
        session,
        { kind: 'replace', channels: request.body.channelsNew },
        { socketId: callerSocket(request) },
      );
      return { data: { updatedAt: result.updatedAt, version: result.version, channelsNew: result.channels }, msg: 'Channels saved.' };
    },
  });

  api.serve(issueEndpoints.remove, {
    requires: 'issues.delete',
    summary: 'Deletes an issue that is not being sent; its stories stay in the newsletter.',
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      assertChangeable(row);
      if (row.scheduled || row.queued) throw new HttpError(409, { msg: 'Cancel the schedule before deleting this issue.' });
      await deleteIssue(db, row.id);
      api.realtime.emit(issueRoom, row.id, { type: 'issue-delete', issue: { _id: row.id }, socketId: callerSocket(request) });
      return { data: { _id: row.id, newsletter: row.newsletter_id }, msg: issueDeletedText };
    },
  });
}

/** The lists, and one issue with its content and numbers. */
function registerIssueReading(api: PluginApi, db: IssuesDb): void {
  api.serve(issueEndpoints.list, {
    requires: 'issues.list',
    summary: 'Issues of a newsletter (or of every newsletter the caller reaches), filtered, searched, sorted and paged.',
    async handler(request, _reply, session) {
      const query = request.query;
      if (query.newsletter) session.assertNewsletter(query.newsletter);
      // The issue list searches from more than 2 characters (spec 001 section 5).
      const search = query.search && query.search.trim().length > 2 ? query.search : undefined;
      const { rows, count } = await listIssues(db, {
        newsletterIds: query.newsletter ? [query.newsletter] : [...session.newsletterIds],
        status: query.status,
        published: query['status.published'],
        search,
        channel: query.channel || undefined,
        writerId: query.writer || undefined,
        ownerIds: query.owners ? query.owners.split(',').filter(Boolean) : undefined,
        sort: query.sort ?? (query['status.published'] === false || query.status === 'draft' ? 'updatedAt' : 'publishedAt'),
        desc: query.desc ?? true,
        page: query.page ?? 0,
        limit: query.limit ?? constants.pageSizes.list,
        results: (parts) => resultsJoin(api.extensions, parts),
      });
      if (query.idOnly) return { data: rows.map((row) => ({ _id: row.id })), count };
      // An imported issue was sent elsewhere: it has no results here (imported.ts).
      return {
        data: rows.map((row) => ({ ...presentIssue(row), results: row.imported ? undefined : presentResults(row), subjectTest: subjectTestSummary(row) })),
        count,
      };
    },
  });

  // One issue, at the list's address and at the spec's item address (an embed card's fetch).
  for (const call of [issueEndpoints.fetch, issueEndpoints.item])
    api.serve(call, {
      requires: 'issues.list',
      summary:
        'One issue. normalizeBody=true adds content.html (the intro and the stories in channel order, absolute addresses); updateStats=true adds its numbers.',
      async handler(request, _reply, session) {
        const row = await reachableIssue(db, request.params.id, session);
        // The issue's stories, its subject test and its numbers are independent reads: asked at once.
        const [storyRows, test, numbers] = await Promise.all([
          storiesOfIssue(db, row.id),
          findSubjectTest(db, row.id),
          request.query.updateStats ? numbersOfIssue(db, api.extensions, row.id) : undefined,
        ]);
        const issue: Issue = presentIssue(row, new Set(storyRows.map((story) => story.id)));
        // The list's word on its subject test, as the list row carries it.
        const summary = test && subjectTestSummary({ test_phase: test.phase, test_variants: test.variants, test_winner: test.winner });
        if (summary) issue.subjectTest = summary;
        const byId = new Map(storyRows.map((story) => [story.id, story]));
        const inOrder = issue.channelsNew.flatMap((channel) => channel.stories.map((id) => byId.get(id)!));
        if (request.query.normalizeBody) issue.content = { html: contentHtml(issue, byId, api.env.publicUrl) };
        if (request.query.updateStats) {
          issue.stats = { ...statsOf(row, inOrder), ...numbers!.audience };
          if (!row.imported) issue.results = numbers!.results;
        }
        return { data: issue };
      },
    });
}

/** Featuring an issue, and the key check for model Issue. */
function registerIssueFeature(api: PluginApi, db: IssuesDb): void {
  for (const [call, on] of [
    [issueEndpoints.feature, true],
    [issueEndpoints.unfeature, false],
  ] as const) {
    api.serve(call, {
      requires: 'issues.feature',
      summary: `${on ? 'Features' : 'Unfeatures'} an issue (admins only).`,
      async handler(request, _reply, session) {
        const row = await reachableIssue(db, request.params.id, session);
        await updateIssue(db, row.id, { featured: on });
        const issue = await presentCurrent(db, row.id);
        api.realtime.emit(issueRoom, row.id, {
          type: 'issue-update',
          issue: { _id: row.id },
          fields: {},
          status: issue.status,
          version: issue.version,
          updatedAt: issue.updatedAt,
          socketId: callerSocket(request),
        });
        return { data: issue, msg: on ? 'The issue is featured.' : 'The issue is no longer featured.' };
      },
    });
  }

  api.keys.register('Issue', async (key, exceptId) => keyTaken(db, key, exceptId));
}

/** The intro and the stories in channel order, as one HTML with absolute addresses. */
function contentHtml(issue: Issue, byId: Map<string, StoryOfIssue>, publicUrl: string): string {
  const absolute = (html: string) => html.replace(/(src|href)="\/(?!\/)/g, `$1="${publicUrl}/`);
  const parts = [
    issue.intro.html,
    ...issue.channelsNew
      .filter((channel) => channel._id !== stuffChannelId && channel.stories.length > 0)
      .flatMap((channel) => [
        `<h2>${escapeHtml(channel.title)}</h2>`,
        ...channel.stories.map((id) => {
          const story = byId.get(id)!;
          return story.type === 'article' ? `<h3>${escapeHtml(story.title)}</h3>${story.body_html}` : story.body_html;
        }),
      ]),
  ];
  return absolute(parts.join('\n'));
}

/** The issue's own numbers: its stories in channel order, their words, reading time and states. */
function statsOf(row: IssueRow, inOrder: StoryOfIssue[]) {
  const words = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);
  return {
    stories: inOrder.length,
    words: words(row.intro_text) + inOrder.reduce((sum, story) => sum + words(story.body_text), 0),
    readingTime: inOrder.reduce((sum, story) => sum + Number(story.reading_time_ms), 0),
    draft: inOrder.filter((story) => story.draft).length,
    ready: inOrder.filter((story) => story.ready && !story.accepted && !story.draft).length,
    accepted: inOrder.filter((story) => story.accepted && !story.draft).length,
  };
}
