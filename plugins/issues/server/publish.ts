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
import { deliveryProgress, addRecipients, addTestRecipients, nextDue } from './deliveries';
import { issueEmailInputs } from './email/compose';
import { linksOf, personalMarks, renderIssueEmail, trackLinks, type IssueEmailInput, type RenderedEmail } from './email/render';
import { presentIssue } from './present';
import { abandonedSends, holdIssue, personalMessage, sendIssue, type IssueHold, type SendPlan, type SenderContext } from './sender';
import { beginSubjectTest, decideTest, findSubjectTest, runningTests, settleSubjectTest, testCopiesSent } from './subject-tests';
import type { SubjectVariant } from '../../../schemas/generated/entities/subject-variant';
import { findIssue, updateIssueRow, type IssueRow, type IssuesDb } from './store';
import { clock, onClockMoved } from '../../../core/server/clock';
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
 * Renders the issue's e-mail and keeps it as its latest build: one for each of `variants`, the
 * subject lines of a subject test with their previews (the preview is in the e-mail's first
 * lines), else the issue's own. The copies subscribers receive are `tracked`: their links go
 * through the tracking plugin's redirect and they carry its open pixel; previews and test copies
 * keep the plain links and count nothing.
 */
export async function buildIssue(
  context: PublishContext,
  row: IssueRow,
  options: { tracked?: boolean; variants?: readonly SubjectVariant[] } = {},
): Promise<IssueEmails[]> {
  const inputs = await issueEmailInputs(context.db, row, context.publicUrl, context.premium, newsletterEmailDesign(context, row.newsletter_id));
  const variants = options.variants ?? [{ subject: row.subject, preview: row.preview }];
  const as = (input: IssueEmailInput, variant: SubjectVariant): IssueEmailInput => ({ ...input, issue: { ...input.issue, ...variant } });
  const variantInputs = variants.map((variant) => ({ email: as(inputs.input, variant), paid: inputs.paid && as(inputs.paid, variant) }));
  let emails: IssueEmails[] = [];
  for (const input of variantInputs) emails.push({ email: await renderIssueEmail(input.email), paid: input.paid && (await renderIssueEmail(input.paid)) });
  if (options.tracked && context.tracking) emails = await tracked(context.tracking, row, { email: inputs.input, paid: inputs.paid }, emails);
  await context.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('issue_builds').where('issue_id', '=', row.id).where('variant', '>=', emails.length).execute();
    for (const [variant, { email, paid }] of emails.entries()) {
      const values = {
        html: email.html,
        text: email.text,
        bytes: email.bytes,
        paid_html: paid?.html ?? null,
        paid_text: paid?.text ?? null,
        built_at: clock.now(),
      };
      await tx
        .insertInto('issue_builds')
        .values({ issue_id: row.id, variant, ...values })
        .onConflict((oc) => oc.columns(['issue_id', 'variant']).doUpdateSet(values))
        .execute();
    }
  });
  return emails;
}

/**
 * The copies with tracked links; a link counts for the story whose text holds it (or the issue
 * alone). Every copy's links (each subject line's, and its payers' copy's) are one tracked list,
 * each copy's after the one before, so each copy's clicks reach the address it showed.
 */
async function tracked(
  tracking: AudienceTracking,
  row: IssueRow,
  inputs: { email: IssueEmailInput; paid: IssueEmailInput | null },
  rendered: IssueEmails[],
): Promise<IssueEmails[]> {
  const storyOf = new Map<string, string | null>();
  for (const input of [inputs.email, inputs.paid])
    for (const story of input?.channels.flatMap((channel) => channel.stories) ?? []) {
      const own = linksOf(story.html.replace(/(href)="\/(?!\/)/g, `$1="${inputs.email.publicUrl}/`));
      for (const url of story.url ? [...own, story.url] : own) storyOf.set(url, storyOf.has(url) && storyOf.get(url) !== story.id ? null : story.id);
    }
  const copies = rendered.flatMap(({ email, paid }) => (paid ? [email, paid] : [email]));
  const linksOfCopies = copies.map((copy) => linksOf(copy.html));
  const links = linksOfCopies.flat().map((url) => ({ url, storyId: storyOf.get(url) ?? null }));
  const { hrefs, pixel } = await tracking.trackEmail({ issueId: row.id, newsletterId: row.newsletter_id, links, mark: personalMarks.track });
  // Called in the copies' order: each takes the next of the tracked addresses.
  let place = 0;
  let next = 0;
  const track = (copy: RenderedEmail) => {
    const own = hrefs.slice(next, (next += linksOfCopies[place++]!.length));
    return trackLinks(copy, own, pixel);
  };
  return rendered.map(({ email, paid }) => ({ email: track(email), paid: paid && track(paid) }));
}

export async function dropBuild(context: Pick<PublishContext, 'db'>, issueId: string): Promise<void> {
  await context.db.deleteFrom('issue_builds').where('issue_id', '=', issueId).execute();
}

/** The testers' addresses: staff of the newsletter chosen in its settings. */
export async function testerAddresses(db: IssuesDb, newsletterId: string): Promise<{ id: string; email: string; name: string }[]> {
  return findPeople(db, await newsletterTesters(db, newsletterId));
}

async function planOf(context: PublishContext, row: IssueRow, emails: IssueEmails[] | null, variants?: readonly SubjectVariant[]): Promise<SendPlan> {
  const newsletter = (await findNewsletter(context.db, row.newsletter_id))!;
  const paid = emails?.some((copy) => copy.paid) ?? false;
  const payers = paid && context.premium ? await context.premium.payers(row.newsletter_id) : null;
  return {
    issueId: row.id,
    newsletterId: row.newsletter_id,
    newsletterKey: newsletter.key,
    sender: await newsletterSender(context.db, newsletter, context.mail.from),
    url: `${context.publicUrl}/i/${encodeURIComponent(row.slug)}`,
    notification: { title: row.notification_title, body: row.notification_body },
    mediums: { email: row.plan_email, notification: row.plan_notification },
    emails: (emails ?? []).map((copy, place) => ({ subject: variants?.[place]?.subject ?? row.subject, ...copy })),
    payers: payers && payers.size > 0 ? payers : null,
  };
}

/** Sends the issue, as it is now, to each tester, marked as a test; the issue becomes tested. Answers it as the room is told (undefined: gone meanwhile). */
export async function sendTest(context: PublishContext, row: IssueRow, testers: { id: string; email: string; name: string }[]): Promise<Issue | undefined> {
  // Testers get the copy of readers who do not pay (a premium bullet as its teaser).
  const [rendered] = await buildIssue(context, row);
  const plan = await planOf(context, row, [{ email: rendered!.email, paid: null }]);
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
  // A test not decided yet ends here: nothing more goes, not even after its wait.
  if (cancelled) await settleSubjectTest(context.db, row.id);
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
  // Held from its start: a process that dies while the publication makes its e-mail and its list
  // leaves it to a run on another process (or on this one started again), which makes them again.
  const hold = await holdIssue(senderContext(context), row.id, { planning: true });
  if (!hold) throw new Error(`issue ${row.id} is being sent by another run; its publication is tried again later`);
  let current: IssueRow;
  try {
    // Only the plan this job was made for starts (a cancel or a new plan may have come meanwhile).
    const started = await db
      .updateTable('issues')
      .set({ scheduled: false, queued: false, processing: true, published: true, published_at: row.published_at ?? new Date(data.at), updated_at: clock.now() })
      .where('id', '=', row.id)
      .where('planned_at', '=', new Date(data.at))
      .where((eb) => eb.or([eb('scheduled', '=', true), eb('queued', '=', true)]))
      .returningAll()
      .executeTakeFirst();
    if (!started) return await hold.release(true);
    current = { ...started, owner_name: row.owner_name, owner_image: row.owner_image };
  } catch (error) {
    await hold.release(false);
    throw error;
  }
  await send(context, current, hold);
}

/**
 * Makes the publication's e-mail and its recipients (once: a run taking over a publication whose
 * process died before they were made makes them again): its stories released with it, the
 * e-mail built with tracked links (one per subject line of a test), and its audience listed, a
 * subject test's share first (the rest after the decision, decideTest).
 */
async function prepareCopies(context: PublishContext, row: IssueRow, hold: IssueHold): Promise<IssueEmails[] | null> {
  const { db } = context;
  await releaseArticlesOfIssue(context, row, row.published_at ?? clock.now());
  await announceStatus(context, row);
  const test = row.plan_email ? await beginSubjectTest(db, row) : undefined;
  const emails = row.plan_email ? await buildIssue(context, row, { tracked: true, variants: test?.variants }) : null;
  if (row.plan_email && test?.phase === 'testing') await addTestRecipients(db, row.id, row.newsletter_id, test.share, test.variants.length);
  else if (row.plan_email) await addRecipients(db, row.id, row.newsletter_id, 'email');
  if (row.plan_notification) await addRecipients(db, row.id, row.newsletter_id, 'notification');
  await hold.planDone();
  return emails;
}

/**
 * Runs (or resumes) the issue's send with the run's hold on it, and, once everything is sent,
 * marks it done, then lets go of it: a process that dies at any point leaves the issue held by
 * nobody, for another run. A subject test's copies sent, its wait begins instead; a decision that
 * came while the run ended (its rest added after the run's last claim) is sent in the same run.
 */
async function send(context: PublishContext, row: IssueRow, hold: IssueHold): Promise<void> {
  const { db } = context;
  try {
    let built = hold.planned ? null : await prepareCopies(context, row, hold);
    for (;;) {
      const test = await findSubjectTest(db, row.id);
      const templates = built ?? (row.plan_email ? await storedBuilds(db, row.id) : null);
      built = null;
      const plan = await planOf(context, row, templates, test?.variants);
      const running = new AbortController();
      runningSends.set(row.id, running);
      let result: Awaited<ReturnType<typeof sendIssue>>;
      try {
        result = await sendIssue(
          senderContext(context),
          plan,
          hold,
          async () => Boolean((await db.selectFrom('issues').select('processing').where('id', '=', row.id).executeTakeFirst())?.processing),
          running.signal,
        );
      } finally {
        if (runningSends.get(row.id) === running) runningSends.delete(row.id);
      }
      if (result !== 'finished') return;
      const phase = (await findSubjectTest(db, row.id))?.phase;
      if (phase === 'testing' || phase === 'waiting') {
        if (await testCopiesSent(db, row.id)) await announceCurrent(context, row.id);
        return await hold.release(true);
      }
      if (!row.plan_email || (await nextDue(db, row.id, 'email')) === undefined) break;
    }
    const now = clock.now();
    const done = await updateIssueRow(db, row, {
      processing: false,
      sent: row.plan_email || row.plan_notification || row.sent,
      job_id: null,
      ...(row.plan_email ? { emailed: true, emailed_at: row.emailed_at ?? now } : {}),
      ...(row.plan_notification ? { notified: true, notified_at: row.notified_at ?? now } : {}),
    });
    await settleSubjectTest(db, row.id);
    await hold.release(true);
    if (done) await announceStatus(context, done);
    context.log.info({ issueId: row.id }, 'issue sent');
  } finally {
    // Stopped, failed or lost: to be taken up again (nothing, once released above).
    await hold.release(false);
  }
}

/** Tells the issue's room its status as the database has it now (a subject test's step: the console reads the test again). */
async function announceCurrent(context: PublishContext, issueId: string): Promise<void> {
  const row = await findIssue(context.db, issueId);
  if (row) await announceStatus(context, row);
}

async function storedBuilds(db: IssuesDb, issueId: string): Promise<IssueEmails[]> {
  const builds = await db.selectFrom('issue_builds').selectAll().where('issue_id', '=', issueId).orderBy('variant').execute();
  return builds.map((build) => ({
    email: { html: build.html, text: build.text, bytes: build.bytes, clipped: false },
    paid: build.paid_html !== null && build.paid_text !== null ? { html: build.paid_html, text: build.paid_text, bytes: build.bytes, clipped: false } : null,
  }));
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
  // Held first: of the runs that would take the issue up at once, one does.
  const hold = await holdIssue(senderContext(context), issueId);
  if (!hold) return;
  let row: IssueRow | undefined;
  try {
    row = await findIssue(context.db, issueId);
  } catch (error) {
    await hold.release(false);
    throw error;
  }
  // Cancelled (or gone) while nobody held it: nothing is left to take up.
  if (!row || !row.processing) return await hold.release(true);
  await send(context, row, hold);
}

/**
 * Decides the issue's subject test (by its figures, or the winner picked by hand) and sends the
 * rest of the audience the winner. Answers whether this call decided it.
 */
export async function decideSubjectTestOf(context: PublishContext, issueId: string, choice: Parameters<typeof decideTest>[3]): Promise<boolean> {
  const row = await findIssue(context.db, issueId);
  if (!row || !row.processing) return false;
  // The opens and clicks this process heard last are written first (the recorder writes in batches).
  await context.tracking?.flush();
  if (!(await decideTest(context.db, context.extensions, row, choice))) return false;
  await announceStatus(context, row);
  void resumeSending(context, issueId).catch((error) => context.log.error({ err: error, issueId }, 'send not resumed'));
  return true;
}

/** How long one look at the running subject tests may take up more of them (its decisions' statements are the database's to bound). */
const testLookSeconds = 60;

/** Defines the publication's jobs and watchdogs; answers how to stop hearing the clock. */
export function definePublishing(context: PublishContext): () => void {
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
  // Subject tests: a wait over is decided (on the product's clock, which tests set: a move looks at
  // once); a step that a dying process left undone (its copies out but no wait begun, a decision's
  // rest unsent) is taken up. Every process looks; a test is decided once (decideTest), a send run
  // once (its lease).
  const stepTests = async (signal: AbortSignal) => {
    for (const { issueId, next } of await runningTests(context.db)) {
      // Past the look's deadline, the tests left wait for the next look.
      if (signal.aborted) return;
      if (next === 'due') await decideSubjectTestOf(context, issueId, { by: 'figures' });
      else if (next === 'sent') {
        if (await testCopiesSent(context.db, issueId)) await announceCurrent(context, issueId);
      } else void resumeSending(context, issueId).catch((error) => context.log.error({ err: error, issueId }, 'send not resumed'));
    }
  };
  context.jobs.repeat('issues-subject-tests', constants.subjectTests.checkSeconds, stepTests, { atStart: true, deadlineSeconds: testLookSeconds });
  return onClockMoved(
    () => void stepTests(AbortSignal.timeout(testLookSeconds * 1000)).catch((error) => context.log.error({ err: error }, 'subject tests not looked at')),
  );
}
