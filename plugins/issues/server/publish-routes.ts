/**
 * The calls of the publish page and the preview (spec 001 section 7): POST/DELETE
 * /issues/build/{id}, POST/DELETE /issues/publish/{id}, the checklist's and confirmation's
 * preflight, and the delivery progress with its retry. Every rule of the page (which section shows, the checks, the lead time) is enforced here
 * with the same functions the console uses (plugins/issues/publishing.ts).
 */
import { conflict, HttpError, invalid, invalidDetails, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import type { IssueBuild } from '../../../schemas/generated/api/issue-build';
import { newsletterSender } from '../../settings/server/public';
import type { Issue } from '../../../schemas/generated/entities/issue';
import { storiesOfIssue, storyIdsOfIssue } from '../../stories/server/public';
import {
  alreadyNotifiedText,
  cancelledText,
  draftStoriesBlock,
  earliestPublishDate,
  isLiveNews,
  leadMinutes,
  mayPublish,
  notCancellableText,
  notPublishableText,
  notTestedText,
  publishedText,
  publishKindOf,
  publishPausedText,
  publishSections,
  sendingProblems,
  testSentText,
  tooEarlyText,
} from '../publishing';
import { issueEndpoints } from '../endpoints';
import { normalizeChannels, stuffChannelId } from '../rules';
import { audienceOf } from './audience';
import { deliveryProgress, retryDeliveries } from './deliveries';
import { previewValues } from './email/design-preview';
import { darkVariant, lightVariant, personalise } from './email/render';
import { assertChangeable, reachableIssue } from './policy';
import { issueStatusOf, presentIssue } from './present';
import {
  buildIssue,
  cancelPublication,
  decideSubjectTestOf,
  dropBuild,
  planPublication,
  resumeSending,
  sendTest,
  testerAddresses,
  type PublishContext,
} from './publish';
import { findSubjectTest, planSubjectTest, presentSubjectTest } from './subject-tests';
import { subjectTestTexts } from '../subject-test';
import { updateIssue, type IssueRow, type IssuesDb } from './store';
import { clock } from '../../../core/server/clock';

export function registerPublishRoutes(api: PluginApi, context: PublishContext): void {
  registerPreviewRoutes(api, context);
  registerPublishing(api, context);
  registerDeliveryRoutes(api, context);
}

/** The preview's build of the issue's e-mail, and forgetting it. */
function registerPreviewRoutes(api: PluginApi, context: PublishContext): void {
  const db: IssuesDb = context.db;

  api.serve(issueEndpoints.build, {
    requires: 'issues.update',
    summary: "Builds the issue's e-mail as subscribers will get it (light and dark, the text part and its size). Refused while it is being sent.",
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      assertChangeable(row);
      const rendered = (await buildIssue(context, row))[0]!.email;
      const newsletter = (await findNewsletter(db, row.newsletter_id))!;
      const { html, text } = personalise(rendered, previewValues(context.publicUrl, newsletter.key, session.user));
      const sender = await newsletterSender(db, newsletter, context.mail.from);
      const build: IssueBuild = {
        html: lightVariant(html),
        darkHtml: darkVariant(html),
        text,
        bytes: rendered.bytes,
        clipped: rendered.clipped,
        from: sender.from,
        replyTo: sender.replyTo ?? '',
      };
      return { data: build };
    },
  });

  api.serve(issueEndpoints.dropBuild, {
    requires: 'issues.update',
    summary: "Forgets an unpublished issue's preview build (the preview was closed).",
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      if (!row.published && !row.processing) await dropBuild(context, row.id);
      return { data: true };
    },
  });
}

/** Testing, publishing, scheduling and sending the issue, and cancelling it. */
function registerPublishing(api: PluginApi, context: PublishContext): void {
  const db: IssuesDb = context.db;

  api.serve(issueEndpoints.publish, {
    requires: 'issues.publish',
    summary:
      'Tests, publishes, schedules or reschedules the issue, or sends a published one as e-mail or notification (publishOptions). Checks the subject, preview, notification and testers first; draft stories block it.',
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      const admin = session.role === 'admin';
      if (api.features().editorVersion === 'publish' && !admin) throw conflict(publishPausedText);
      const options = request.body.publishOptions;
      const newsletter = (await findNewsletter(db, row.newsletter_id))!;
      const liveNews = isLiveNews(newsletter.key);
      const status = issueStatusOf(row);
      const kind = publishKindOf(status, options);
      if (!mayPublish(kind, publishSections(status, { admin, liveNews }))) {
        assertChangeable(row);
        if (kind === 'publish' && !status.tested) throw conflict(notTestedText);
        if (options.mediums.notification && !options.mediums.email && status.notified) throw conflict(alreadyNotifiedText);
        throw conflict(notPublishableText);
      }
      const testers = await testerAddresses(db, row.newsletter_id);
      const problems = sendingProblems(presentIssue(row, await storyIdsOfIssue(db, row.id)), testers.length);
      if (problems.length > 0) throw invalidDetails(problems.map((message) => ({ message, path: '' })));

      if (kind === 'test') {
        return { data: answered(await sendTest(context, row, testers)), msg: testSentText };
      }

      const drafts = await draftStoriesOf(db, row);
      if (drafts.length > 0) {
        throw new HttpError(422, { msg: draftStoriesBlock, details: drafts.map((story) => ({ message: story.title, path: `stories.${story.id}` })) });
      }

      const now = clock.ms();
      const planned = row.planned_at ?? row.published_at;
      const given = request.body.publishedAt ? new Date(request.body.publishedAt) : null;
      // A reschedule may keep the issue's date while it is still ahead; e-mail and notification of a published issue go now.
      const date =
        given ?? (kind === 'email' || kind === 'notification' ? new Date(now) : kind === 'reschedule' && planned && planned.getTime() > now ? planned : null);
      if (!date) throw invalid(tooEarlyText, 'publishedAt');
      const lead = leadMinutes({ admin, liveNews }, options);
      const backdated = liveNews && options.overridePublishedAt;
      if (!backdated && given && date.getTime() < earliestPublishDate(new Date(now - constants.issues.scheduleSlackSeconds * 1000), lead).getTime())
        throw invalid(tooEarlyText, 'publishedAt');

      const mediums =
        liveNews || options.publishOnly
          ? { email: false, notification: false }
          : kind === 'email'
            ? { email: true, notification: false }
            : kind === 'notification'
              ? { email: false, notification: true }
              : options.mediums;
      await planSubjectTest(db, row, request.body.subjectTest, mediums.email);
      return { data: answered(await planPublication(context, row, new Date(Math.max(date.getTime(), now)), mediums, date)), msg: publishedText };
    },
  });

  api.serve(issueEndpoints.pickWinner, {
    requires: 'issues.publish',
    summary:
      "Picks a subject test's winner by hand before its wait ends (winner: the subject line's place, 0 the issue's own): the rest of the e-mail audience gets it.",
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      const test = await findSubjectTest(db, row.id);
      if (!test) throw notFound(subjectTestTexts.none);
      if (test.phase === 'decided' || test.phase === 'cancelled') throw conflict(subjectTestTexts.over);
      if (!row.processing) throw conflict(subjectTestTexts.notStarted);
      if (request.body.winner >= test.variants.length) throw invalid(subjectTestTexts.noSuchVariant, 'winner');
      if (!(await decideSubjectTestOf(context, row.id, { by: 'hand', winner: request.body.winner }))) throw conflict(subjectTestTexts.over);
      return { data: await presentSubjectTest(db, context.extensions, (await findSubjectTest(db, row.id))!), msg: subjectTestTexts.picked };
    },
  });

  api.serve(issueEndpoints.cancel, {
    requires: 'issues.cancel',
    summary: 'Cancels a scheduled, queued or processing issue (admins): what has not been sent stays unsent.',
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      if (!(row.scheduled || row.queued || row.processing)) throw conflict(notCancellableText);
      return { data: answered(await cancelPublication(context, row)), msg: cancelledText };
    },
  });
}

/** The checklist's preflight, and the delivery progress with its retry. */
function registerDeliveryRoutes(api: PluginApi, context: PublishContext): void {
  const db: IssuesDb = context.db;

  api.serve(issueEndpoints.preflight, {
    requires: 'issues.list',
    summary:
      "What the publish page's summary, checklist and confirmation need: the draft stories that block publishing, as the publish call finds them, how many subscribers of each medium it would reach now (e-mail after suppression), and how many e-mail subscribers are left out as suppressed.",
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      const [drafts, audience] = await Promise.all([draftStoriesOf(db, row), audienceOf(db, row.id, row.newsletter_id)]);
      return { data: { drafts: drafts.map((story) => ({ _id: story.id, name: story.title })), ...audience } };
    },
  });

  api.serve(issueEndpoints.deliveries, {
    requires: 'issues.list',
    summary: "What became of the issue's messages per medium (sent, failed, in doubt, pending) and the latest failures.",
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      return { data: await deliveryProgress(db, row.id) };
    },
  });

  api.serve(issueEndpoints.retry, {
    requires: 'issues.publish',
    summary: 'Sends the failed (or in-doubt) messages of the issue again.',
    async handler(request, _reply, session) {
      const row = await reachableIssue(db, request.params.id, session);
      if (row.scheduled || row.queued) throw conflict(notPublishableText);
      const count = await retryDeliveries(db, row.id, request.body.state);
      if (count > 0 && !row.processing) {
        await updateIssue(db, row.id, { processing: true, cancelled: false });
        void resumeSending(context, row.id).catch((error) => context.log.error({ err: error, issueId: row.id }, 'retry not sent'));
      }
      return { data: await deliveryProgress(db, row.id), msg: `${count} ${count === 1 ? 'message' : 'messages'} will be sent again.` };
    },
  });
}

/** Each call reads the issue once (reachableIssue); a publication, a test and a cancel answer it as their last write left it, as the room is told. */
function answered(issue: Issue | undefined): Issue {
  if (!issue) throw notFound('Issue not found.');
  return issue;
}

/** The issue's stories still in draft, outside 'Draft Stories' (which is not sent). */
async function draftStoriesOf(db: IssuesDb, row: IssueRow): Promise<{ id: string; title: string }[]> {
  const stories = await storiesOfIssue(db, row.id);
  const byId = new Map(stories.map((story) => [story.id, story]));
  const placed = normalizeChannels(row.channels, new Set(byId.keys()))
    .filter((channel) => channel._id !== stuffChannelId)
    .flatMap((channel) => channel.stories.map((id) => byId.get(id)!));
  return placed.filter((story) => story.draft).map((story) => ({ id: story.id, title: story.title || story.body_text.slice(0, 100) }));
}
