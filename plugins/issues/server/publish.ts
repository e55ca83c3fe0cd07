/**
 * An issue's way out (spec 001 sections 4 and 5): the e-mail built for the preview and for the
 * send, the test to the newsletter's testers, the publication planned as a job on the queue
 * (scheduled → queued → processing → published / emailed / notified), the cancel, and the
 * watchdog that resumes a send whose process died. Each step reads the issue once: a write answers
 * the row as it left it (`updateIssueRow`), which the room is told and the call answers.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../../core/server/jobs';
import type { Extensions } from '../../../core/server/plugins/extension-points';
import { duenessOf } from '../../../core/server/publication';
import type { RealtimeHub } from '../../../core/server/realtime';
import type { Mailer } from '../../../core/server/services/mail';
import type { PushSender } from '../../../core/server/services/push';
import type { Issue } from '../../../schemas/generated/entities/issue';
import type { AudienceTracking, PremiumAccess } from '../../stories/server/public';
import { findPeople } from '../../../core/server/people';
import type { LinkSigner } from '../../../core/server/signed-links';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { newsletterEmailDesign } from '../../newsletters/server/public';
import { newsletterSender, newsletterTesters } from '../../settings/server/public';
import { storyIdsOfIssue } from '../../stories/server/public';
import { releaseArticlesOfIssue } from './articles';
import { deliveryProgress, addRecipients } from './deliveries';
import { issueEmailInputs } from './email/compose';
import { linksOf, personalMarks, renderIssueEmail, trackLinks, type IssueEmailInput, type RenderedEmail } from './email/render';
import { presentIssue } from './present';
import { abandonedSends, personalMessage, sendIssue, type SendPlan, type SenderContext } from './sender';
import { findIssue, updateIssueRow, type IssueRow, type IssuesDb } from './store';
import { clock } from '../../../core/server/clock';
import type { ProcessLocks } from '../../../core/server/db/process-locks';
import { issueRoom } from '../events';

export interface PublishContext {
  db: IssuesDb;
  /** A run holds a lock while it sends, so that its process dying frees the issue at once. */
  locks: ProcessLocks;
  jobs: JobQueue;
  realtime: RealtimeHub;
  mail: Mailer;
  push: PushSender;
  links: LinkSigner;
  /** Tracked links and the open pixel, when a plugin tracks them. */
  tracking: AudienceTracking | null;
  /** Who pays for premium stories, when a plugin sells subscriptions: their copy has premium bullets whole. */
  premium: PremiumAccess | null;
  /** The newsletter's e-mail design comes through the newsletters plugin's newsletterLook. */
  extensions: Extensions;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Messages per second (0: no limit). */
  rate: number;
}

export const publishJob = 'issues-publish';

export interface PublishJobData {
  issueId: string;
  /** The time the publication was planned for; a job of an older plan does nothing. */
  at: string;
}

/** The issue's e-mail, and the copy for its newsletter's paying readers when a premium bullet differs in it. */
export interface IssueEmails {
  email: RenderedEmail;
  paid: RenderedEmail | null;
}

/**
 * Renders the issue's e-mail and keeps it as its latest build. The copies subscribers receive
 * are `tracked`: their links go through the tracking plugin's redirect and they carry its open
 * pixel; previews and test copies keep the plain links and count nothing.
 */
export async function buildIssue(context: PublishContext, row: IssueRow, options: { tracked?: boolean } = {}): Promise<IssueEmails> {
  const inputs = await issueEmailInputs(context.db, row, context.publicUrl, context.premium, newsletterEmailDesign(context, row.newsletter_id));
  let email = await renderIssueEmail(inputs.input);
  let paid = inputs.paid && (await renderIssueEmail(inputs.paid));
  if (options.tracked && context.tracking)
    ({ email, paid } = await tracked(context.tracking, row, { email: inputs.input, paid: inputs.paid }, { email, paid }));
  const values = {
    html: email.html,
    text: email.text,
    bytes: email.bytes,
    paid_html: paid?.html ?? null,
    paid_text: paid?.text ?? null,
    built_at: clock.now(),
  };
  await context.db
    .insertInto('issue_builds')
    .values({ issue_id: row.id, ...values })
    .onConflict((oc) => oc.column('issue_id').doUpdateSet(values))
    .execute();
  return { email, paid };
}

/**
 * The copies with tracked links; a link counts for the story whose text holds it (or the issue
 * alone). The payers' copy's links follow the others' in the tracked list, so each copy's clicks
 * reach the address it showed.
 */
async function tracked(
  tracking: AudienceTracking,
  row: IssueRow,
  inputs: { email: IssueEmailInput; paid: IssueEmailInput | null },
  rendered: IssueEmails,
): Promise<IssueEmails> {
  const storyOf = new Map<string, string | null>();
  for (const input of [inputs.email, inputs.paid])
    for (const story of input?.channels.flatMap((channel) => channel.stories) ?? []) {
      const own = linksOf(story.html.replace(/(href)="\/(?!\/)/g, `$1="${inputs.email.publicUrl}/`));
      for (const url of story.url ? [...own, story.url] : own) storyOf.set(url, storyOf.has(url) && storyOf.get(url) !== story.id ? null : story.id);
    }
  const freeLinks = linksOf(rendered.email.html);
  const paidLinks = rendered.paid ? linksOf(rendered.paid.html) : [];
  const links = [...freeLinks, ...paidLinks].map((url) => ({ url, storyId: storyOf.get(url) ?? null }));
  const { hrefs, pixel } = await tracking.trackEmail({ issueId: row.id, newsletterId: row.newsletter_id, links, mark: personalMarks.track });
  return {
    email: trackLinks(rendered.email, hrefs.slice(0, freeLinks.length), pixel),
    paid: rendered.paid && trackLinks(rendered.paid, hrefs.slice(freeLinks.length), pixel),
  };
}

export async function dropBuild(context: Pick<PublishContext, 'db'>, issueId: string): Promise<void> {
  await context.db.deleteFrom('issue_builds').where('issue_id', '=', issueId).execute();
}

/** The testers' addresses: staff of the newsletter chosen in its settings. */
export async function testerAddresses(db: IssuesDb, newsletterId: string): Promise<{ id: string; email: string; name: string }[]> {
  return findPeople(db, await newsletterTesters(db, newsletterId));
}

async function planOf(context: PublishContext, row: IssueRow, emails: IssueEmails | null): Promise<SendPlan> {
  const newsletter = (await findNewsletter(context.db, row.newsletter_id))!;
  const payers = emails?.paid && context.premium ? await context.premium.payers(row.newsletter_id) : null;
  return {
    issueId: row.id,
    newsletterId: row.newsletter_id,
    newsletterKey: newsletter.key,
    sender: await newsletterSender(context.db, newsletter, context.mail.from),
    subject: row.subject,
    url: `${context.publicUrl}/i/${encodeURIComponent(row.slug)}`,
    notification: { title: row.notification_title, body: row.notification_body },
    mediums: { email: row.plan_email, notification: row.plan_notification },
    email: emails?.email ?? null,
    paid: payers && payers.size > 0 ? { email: emails!.paid!, payers } : null,
  };
}

/** Sends the issue, as it is now, to each tester, marked as a test; the issue becomes tested. Answers it as the room is told (undefined: gone meanwhile). */
export async function sendTest(context: PublishContext, row: IssueRow, testers: { id: string; email: string; name: string }[]): Promise<Issue | undefined> {
  // Testers get the copy of readers who do not pay (a premium bullet as its teaser).
  const rendered = await buildIssue(context, row);
  const plan = await planOf(context, row, { email: rendered.email, paid: null });
  for (const tester of testers) {
    const message = personalMessage(context, plan, { subscriber_id: `test-${tester.id}`, email: tester.email, name: tester.name });
    await context.mail.send({ ...message, subject: `[Test] ${row.subject}`, messageId: undefined });
  }
  const tested = await updateIssueRow(context.db, row, { tested: true, draft: false, ready: true });
  return tested && announceStatus(context, tested);
}

/** Tells the issue's room what its status is now: `row` as this step's last write left it. Answers the issue as told. */
export async function announceStatus(context: Pick<PublishContext, 'db' | 'realtime'>, row: IssueRow): Promise<Issue> {
  const issue = presentIssue(row, await storyIdsOfIssue(context.db, row.id));
  context.realtime.emit(issueRoom, row.id, { type: 'issue-status', issue });
  return issue;
}

/**
 * Plans the publication at `at` with the mediums asked for: a job on the queue runs it. A time
 * already come queues it at once. Former plans are replaced. Answers the issue as the room is told
 * (undefined: gone meanwhile).
 */
export async function planPublication(
  context: PublishContext,
  row: IssueRow,
  at: Date,
  mediums: { email: boolean; notification: boolean },
  publishedAt: Date = at,
): Promise<Issue | undefined> {
  if (row.job_id) await context.jobs.cancel(publishJob, row.job_id);
  const later = at.getTime() > clock.ms() + 1000;
  // The plan is saved before its job is queued: a job that starts at once finds the plan it was made for.
  const planned = await updateIssueRow(context.db, row, {
    draft: false,
    scheduled: later,
    queued: !later,
    cancelled: false,
    sent: false,
    planned_at: at,
    // A published issue keeps its date; a new one is published at the planned time (or the date given for live news).
    ...(row.published ? {} : { published_at: publishedAt }),
    plan_email: mediums.email,
    plan_notification: mediums.notification,
    job_id: null,
  });
  if (!planned) return undefined;
  const jobId = await context.jobs.schedule<PublishJobData>(
    publishJob,
    { issueId: row.id, at: at.toISOString() },
    { at: later ? at : undefined, expireSeconds: 23 * 3600 },
  );
  const queued = await updateIssueRow(context.db, planned, { job_id: jobId });
  return queued && announceStatus(context, queued);
}

/** The sends running in this process, by issue: a cancel made here stops its send before the next copy. */
const runningSends = new Map<string, AbortController>();

/**
 * Stops what has not been sent: the job is forgotten, a send running in this process stops before
 * its next copy (only the copies already handed to the mail server go), one on another process at
 * its next check of the issue. Answers the issue as the room is told.
 */
export async function cancelPublication(context: PublishContext, row: IssueRow): Promise<Issue | undefined> {
  if (row.job_id) await context.jobs.cancel(publishJob, row.job_id);
  const cancelled = await updateIssueRow(context.db, row, { scheduled: false, queued: false, processing: false, cancelled: true, job_id: null });
  if (cancelled) runningSends.get(row.id)?.abort();
  return cancelled && announceStatus(context, cancelled);
}

/**
 * A planned publication whose time has come: publish on the web, build, add recipients, send. The
 * issue is read once: the start answers it as it left it, and what the send reads of it does not
 * change while it is processing (edits are refused, assertChangeable); a cancel is seen by the
 * send's check of `processing`.
 */
async function runPublication(context: PublishContext, data: PublishJobData): Promise<void> {
  const { db } = context;
  const row = await findIssue(db, data.issueId);
  const due = duenessOf(row && (row.scheduled || row.queued) ? row.planned_at : null, data.at);
  if (!row || due === 'stale') return;
  if (due === 'early') throw new Error(`issue ${row.id} is planned for ${data.at}; not yet`);
  // Only the plan this job was made for starts (a cancel or a new plan may have come meanwhile).
  const started = await db
    .updateTable('issues')
    .set({ scheduled: false, queued: false, processing: true, published: true, published_at: row.published_at ?? new Date(data.at), updated_at: clock.now() })
    .where('id', '=', row.id)
    .where('planned_at', '=', new Date(data.at))
    .where((eb) => eb.or([eb('scheduled', '=', true), eb('queued', '=', true)]))
    .returningAll()
    .executeTakeFirst();
  if (!started) return;
  const current: IssueRow = { ...started, owner_name: row.owner_name, owner_image: row.owner_image };
  await releaseArticlesOfIssue(context, current, row.published_at ?? new Date(data.at));
  await announceStatus(context, current);
  const email = current.plan_email ? await buildIssue(context, current, { tracked: true }) : null;
  if (current.plan_email) await addRecipients(db, current.id, current.newsletter_id, 'email');
  if (current.plan_notification) await addRecipients(db, current.id, current.newsletter_id, 'notification');
  await send(context, current, email);
}

/** Runs (or resumes) the issue's send and, once everything is sent, marks it done. */
async function send(context: PublishContext, row: IssueRow, email: IssueEmails | null): Promise<void> {
  const { db } = context;
  const template = email ?? (row.plan_email ? await storedBuild(db, row.id) : null);
  const plan = await planOf(context, row, template);
  const running = new AbortController();
  runningSends.set(row.id, running);
  let result: Awaited<ReturnType<typeof sendIssue>>;
  try {
    result = await sendIssue(
      senderContext(context),
      plan,
      async () => Boolean((await db.selectFrom('issues').select('processing').where('id', '=', row.id).executeTakeFirst())?.processing),
      running.signal,
    );
  } finally {
    if (runningSends.get(row.id) === running) runningSends.delete(row.id);
  }
  if (result !== 'finished') return;
  const now = clock.now();
  const done = await updateIssueRow(db, row, {
    processing: false,
    sent: row.plan_email || row.plan_notification || row.sent,
    job_id: null,
    ...(row.plan_email ? { emailed: true, emailed_at: row.emailed_at ?? now } : {}),
    ...(row.plan_notification ? { notified: true, notified_at: row.notified_at ?? now } : {}),
  });
  if (done) await announceStatus(context, done);
  context.log.info({ issueId: row.id }, 'issue sent');
}

async function storedBuild(db: IssuesDb, issueId: string): Promise<IssueEmails | null> {
  const build = await db.selectFrom('issue_builds').selectAll().where('issue_id', '=', issueId).executeTakeFirst();
  if (!build) return null;
  const paid =
    build.paid_html !== null && build.paid_text !== null ? { html: build.paid_html, text: build.paid_text, bytes: build.bytes, clipped: false } : null;
  return { email: { html: build.html, text: build.text, bytes: build.bytes, clipped: false }, paid };
}

function senderContext(context: PublishContext): SenderContext {
  return {
    ...context,
    onProgress(issueId) {
      return deliveryProgress(context.db, issueId).then(
        (delivery) => context.realtime.emit(issueRoom, issueId, { type: 'delivery-progress', delivery }),
        (error) => context.log.warn({ err: error, issueId }, 'progress not read'),
      );
    },
  };
}

/** Resumes a send whose process stopped renewing its lease, or one asked to send again (retry). */
export async function resumeSending(context: PublishContext, issueId: string): Promise<void> {
  const row = await findIssue(context.db, issueId);
  if (!row || !row.processing) return;
  await send(context, row, null);
}

export function definePublishing(context: PublishContext): void {
  // A publication for now starts at once, not at the queue's next look (up to a second before the
  // first copy): its plan is saved before its job is queued (planPublication); the job's id,
  // written just after, is only what a later cancel or new plan removes.
  context.jobs.define<PublishJobData>(publishJob, (data) => runPublication(context, data), { wake: true });
  // A send whose process died is taken over at this process's start and at its next look; one
  // whose process hangs, once its lease runs out.
  context.jobs.repeat(
    'issues-resume-sending',
    Math.max(2, Math.round(constants.delivery.leaseSeconds / 2)),
    async () => {
      for (const issueId of await abandonedSends(context.db, context.locks)) {
        context.log.warn({ issueId }, 'resuming an interrupted send');
        void resumeSending(context, issueId).catch((error) => context.log.error({ err: error, issueId }, 'send not resumed'));
      }
    },
    { atStart: true },
  );
}
