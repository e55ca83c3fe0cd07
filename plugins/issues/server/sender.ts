/**
 * Sends an issue to its recipients (docs/decisions/0011-sending-issues.md). One run holds the
 * issue at a time (a lease in issue_sending, renewed while it works; another process takes over
 * when it runs out). E-mail goes over a pool of SMTP connections, each taking a batch of
 * recipients and, per message, recording the last answer and marking the next message handed over
 * in one write (the connections' writes of the same moment joined into one statement: a group
 * commit, outcomeWriter in deliveries.ts): a crash leaves at most one message per connection in doubt, and nothing is sent
 * twice by the resumed run. Temporary refusals slow the rate and come back later; permanent ones
 * are recorded with the server's answer, and a hard bounce stops mail to that address. A mail
 * server that cannot be reached takes nothing: its messages go back to the queue and the run
 * waits for it (docs/decisions/0020-smtp-outages.md).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type RawBuilder } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { BulkMessage, Mailer, MailMessage, SmtpAnswer } from '../../../core/server/services/mail';
import { mimeTemplate, type MimeTemplate, type PersonalCopy } from '../../../core/server/services/mime-template';
import type { NewsletterSender } from '../../settings/server/public';
import type { PushSender } from '../../../core/server/services/push';
import type { AudienceTracking } from '../../stories/server/public';
import type { LinkSigner } from '../../../core/server/signed-links';
import { constants } from '../../../core/shared/config';
import {
  nextDue,
  outcomeWriter,
  recordOutcomes,
  recipientClaims,
  recoverDeliveries,
  releaseClaimed,
  suppressAddress,
  saveMailServerWait,
  type Outcome,
  type Recipient,
} from './deliveries';
import { postmarkVerpField } from './bounces/providers';
import { createVerp, type Verp } from './bounces/verp';
import { sendingPausedText, waitingForMailServerText, type MailServerWait } from '../publishing';
import { personalise, personalMarks, type RenderedEmail } from './email/render';
import type { IssuesDb } from './store';
import type { DeliveryMedium } from './tables';
import type { ProcessLocks } from '../../../core/server/db/process-locks';
import { clock } from '../../../core/server/clock';

export interface SenderContext {
  db: IssuesDb;
  locks: ProcessLocks;
  mail: Mailer;
  push: PushSender;
  links: LinkSigner;
  /** Tracked links and the open pixel, when a plugin tracks them. */
  tracking: AudienceTracking | null;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The most messages per second (0: no limit). */
  rate: number;
  /** Hears about progress (at most every constants.delivery.progressMs); settles once it is told, and never fails. */
  onProgress(issueId: string): Promise<void>;
}

/** One subject line's e-mail (a subject test's variant, or the issue's one): its subject, the rendered copy with its personal marks, and the payers' copy. */
export interface EmailCopy {
  subject: string;
  email: RenderedEmail;
  /** The copy for the newsletter's paying readers (premium bullets whole); null when none differs. */
  paid: RenderedEmail | null;
}

/** What a send needs to know of the issue, read once at the start of a run. */
export interface SendPlan {
  issueId: string;
  newsletterId: string;
  newsletterKey: string;
  /** Who the e-mail comes from, and where replies go: the newsletter's sender. */
  sender: NewsletterSender;
  url: string;
  notification: { title: string; body: string };
  mediums: { email: boolean; notification: boolean };
  /** The e-mail of each subject line, by the copies' `variant` (the issue's own first); empty without the email medium. */
  emails: EmailCopy[];
  /** The lower-case addresses of the newsletter's paying readers, who get a payers' copy where there is one; null when none differs or nobody pays. */
  payers: ReadonlySet<string> | null;
}

type Personal = Pick<Recipient, 'subscriber_id' | 'email' | 'name'> & { variant?: number };

/** The place of the subject line a recipient's copy carries (a test's variant; the issue's own when the plan has no other). */
const placeOf = (plan: Pick<SendPlan, 'emails'>, recipient: Personal) => (recipient.variant && plan.emails[recipient.variant] ? recipient.variant : 0);

/** Whether a recipient pays for the newsletter, and so gets the payers' copy where there is one. */
const pays = (plan: SendPlan, recipient: Personal) => Boolean(plan.payers?.has(recipient.email.toLowerCase()));

export type SendResult = 'finished' | 'stopped';

/** Messages per second, shared by the connections; it slows after a temporary refusal and recovers as messages are accepted. */
export class RateGate {
  private allowance: number;
  private next = 0;

  constructor(private readonly limit: number) {
    this.allowance = limit > 0 ? limit : Infinity;
  }

  get current(): number {
    return this.allowance;
  }

  async take(): Promise<void> {
    if (!Number.isFinite(this.allowance)) return;
    const now = performance.now();
    const at = Math.max(now, this.next);
    this.next = at + 1000 / this.allowance;
    if (at > now) await sleep(at - now);
  }

  /** A temporary refusal: send slower (from the rate seen so far when there was no limit). */
  slowDown(observed: number): void {
    const base = Number.isFinite(this.allowance) ? this.allowance : Math.max(observed, 1);
    this.allowance = Math.max(1, base * constants.delivery.slowdownFactor);
  }

  /** An accepted message: a little faster, back up to the limit. */
  recover(): void {
    if (!Number.isFinite(this.allowance)) return;
    const limit = this.limit > 0 ? this.limit : Infinity;
    const faster = this.allowance * 1.01;
    this.allowance = faster >= limit || faster > 100_000 ? limit : faster;
  }
}

/** Server answers that mean the address does not exist (a hard bounce). */
export function isHardBounce(answer: SmtpAnswer): boolean {
  return answer.outcome === 'permanent' && (answer.code === 550 || answer.code === 551 || answer.code === 553 || /\b5\.1\.\d\b/.test(answer.text));
}

/** What a message's answer is recorded as. Retries are the sender's pace, on real time like its leases. */
export function outcomeOf(recipient: Pick<Recipient, 'subscriber_id' | 'attempts'>, answer: SmtpAnswer, now = Date.now()): Outcome {
  const { retryLimit, retryBaseSeconds } = constants.delivery;
  const base = { subscriberId: recipient.subscriber_id, answer: answer.text, attempted: true };
  if (answer.outcome === 'sent') return { ...base, state: 'sent', nextAt: null };
  // Nothing was handed over and the recipient had no part in it: not a try, and no wait of its own (the run waits for the server).
  if (answer.outcome === 'unreachable') return { ...base, attempted: false, state: 'pending', nextAt: null };
  if (answer.outcome === 'doubt') return { ...base, state: 'doubt', nextAt: null };
  if (answer.outcome === 'temporary' && recipient.attempts + 1 < retryLimit) {
    return { ...base, state: 'pending', nextAt: new Date(now + retryBaseSeconds * 1000 * 2 ** recipient.attempts) };
  }
  return { ...base, state: 'failed', nextAt: null };
}

/**
 * The mail server as one run's connections find it. While it cannot be reached they all wait for
 * the same next try: the waits double from outageRetrySeconds up to outageMaxRetrySeconds, and
 * once it has been unreachable for outagePauseMinutes the send is paused, tried every
 * pausedRetryMinutes. The first answer from the server ends the outage.
 */
export class MailServerOutage {
  private since: number | null = null;
  private tries = 0;
  private retryAt = 0;
  private pauseNoted = false;
  private answer = '';

  constructor(private readonly clock: () => number = Date.now) {}

  /**
   * A message could not be handed over. The connections fail together when the server goes, so a
   * failure before the current wait is over belongs to the same try. Answers what changed, if anything.
   */
  unreachable(answer: string): 'started' | 'paused' | null {
    const now = this.clock();
    this.answer = answer;
    let change: 'started' | 'paused' | null = null;
    if (this.since === null) {
      this.since = now;
      change = 'started';
    }
    if (now < this.retryAt) return change;
    const { outageRetrySeconds, outageMaxRetrySeconds, pausedRetryMinutes } = constants.delivery;
    if (this.paused(now)) {
      if (!this.pauseNoted) change = 'paused';
      this.pauseNoted = true;
      this.retryAt = now + pausedRetryMinutes * 60_000;
    } else {
      this.retryAt = now + Math.min(outageRetrySeconds * 1000 * 2 ** this.tries, outageMaxRetrySeconds * 1000);
    }
    this.tries++;
    return change;
  }

  /** The server answered a message; answers whether that ended an outage. */
  reached(): boolean {
    if (this.since === null) return false;
    this.since = null;
    this.tries = 0;
    this.retryAt = 0;
    this.pauseNoted = false;
    return true;
  }

  /** How long a connection waits before it tries again (0: now). */
  waitMs(): number {
    return this.since === null ? 0 : Math.max(0, this.retryAt - this.clock());
  }

  /** What the send waits for, for the publish page; null while the server answers. */
  get wait(): MailServerWait | null {
    if (this.since === null) return null;
    const paused = this.paused(this.clock());
    return {
      state: paused ? 'paused' : 'waiting',
      message: paused ? sendingPausedText(constants.delivery.outagePauseMinutes) : waitingForMailServerText,
      since: new Date(this.since).toISOString(),
      retryAt: new Date(this.retryAt).toISOString(),
      answer: this.answer,
    };
  }

  private paused(now: number): boolean {
    return this.since !== null && now - this.since >= constants.delivery.outagePauseMinutes * 60_000;
  }
}

function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'masthead.local';
  } catch {
    return 'masthead.local';
  }
}

/**
 * A subscriber's referral code: a keyed digest made for this one use. The invitation is meant to
 * be passed on, so it must not be the unsubscribe token (which opens the subscriber's unsubscribe
 * page and shows their address) nor show their id: nobody can verify it as a signed link or reverse it.
 */
export function referralCode(links: Pick<LinkSigner, 'digest'>, subscriberId: string): string {
  return links.digest(`referral:${subscriberId}`);
}

/** A subscriber's personal values: the signed unsubscribe link, the referral link, the address and name. */
function personalValues(
  context: Pick<SenderContext, 'links' | 'publicUrl' | 'tracking'>,
  plan: Pick<SendPlan, 'issueId' | 'newsletterKey' | 'emails'>,
  recipient: Personal,
) {
  // In a subject test every copy names its subject line, whose opens and clicks are counted apart.
  const group = plan.emails.length > 1 ? placeOf(plan, recipient) : undefined;
  return {
    unsubscribeUrl: `${context.publicUrl}/u/${context.links.sign(recipient.subscriber_id)}`,
    referralUrl: `${context.publicUrl}/n/${encodeURIComponent(plan.newsletterKey)}?ref=${encodeURIComponent(referralCode(context.links, recipient.subscriber_id))}`,
    email: recipient.email,
    name: recipient.name,
    // Handed over now: a click seconds later is a link scanner's, not the reader's.
    track: context.tracking ? context.tracking.copyToken(plan.issueId, recipient.subscriber_id, clock.now(), group) : '',
  };
}

const messageIdOf = (context: Pick<SenderContext, 'publicUrl'>, plan: Pick<SendPlan, 'issueId'>, recipient: Personal) =>
  `<${plan.issueId}.${recipient.subscriber_id}@${hostOf(context.publicUrl)}>`;

const unsubscribeHeaders = (unsubscribeUrl: string) => ({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

/** One subscriber's copy of the issue: personal links, one-click unsubscribe headers (RFC 8058), a stable Message-ID. */
export function personalMessage(context: Pick<SenderContext, 'links' | 'publicUrl' | 'tracking'>, plan: SendPlan, recipient: Personal): MailMessage {
  const values = personalValues(context, plan, recipient);
  const copy = plan.emails[placeOf(plan, recipient)]!;
  const { html, text } = personalise((pays(plan, recipient) && copy.paid) || copy.email, values);
  return {
    to: recipient.email,
    ...plan.sender,
    subject: copy.subject,
    html,
    text,
    messageId: messageIdOf(context, plan, recipient),
    headers: unsubscribeHeaders(values.unsubscribeUrl),
  };
}

/** Where a copy's VERP address goes in its headers: the mark, and the header Postmark hands back as the event's metadata (its bounces do not come to the return path). */
const verpMark = '[[verp]]';
const verpHeader = `X-PM-Metadata-${postmarkVerpField}`;

/** The issue's MIME text with the personal marks in place, composed once per send for each subject line (and its payers' copy). */
export function issueMime(plan: SendPlan, subject: string, email: RenderedEmail): MimeTemplate {
  const marks = personalMarks;
  const { from, replyTo } = plan.sender;
  return mimeTemplate({
    from,
    subject,
    html: email.html,
    text: email.text,
    headers: { ...(replyTo ? { 'Reply-To': replyTo } : {}), ...unsubscribeHeaders(marks.unsubscribeUrl), [verpHeader]: verpMark },
    marks: [marks.unsubscribeUrl, marks.referralUrl, marks.email, marks.name, marks.track, verpMark],
  });
}

/** A subscriber's copy for the bulk sender: filled from the MIME text for SMTP, a whole message for the outbox; its bounces come back to its VERP address. */
function bulkCopy(context: SenderContext, plan: SendPlan, mime: MimeTemplate, verp: Verp, recipient: Personal): BulkMessage {
  const returnPath = verp.address(plan.issueId, recipient.subscriber_id);
  return {
    to: recipient.email,
    ...(returnPath && { returnPath }),
    raw: () => mime.fill(personalCopy()),
    rawHashed: () => mime.fillHashed(personalCopy()),
    message: () => personalMessage(context, plan, recipient),
  };
  function personalCopy(): PersonalCopy {
    const values = personalValues(context, plan, recipient);
    const marks = personalMarks;
    return {
      to: recipient.email,
      name: recipient.name,
      messageId: messageIdOf(context, plan, recipient),
      values: {
        [marks.unsubscribeUrl]: values.unsubscribeUrl,
        [marks.referralUrl]: values.referralUrl,
        [marks.email]: values.email,
        [marks.name]: values.name,
        [marks.track]: values.track,
        [verpMark]: returnPath ?? '',
      },
    };
  }
}

/** The lock a run holds while it lives is named after its owner, which the issue's lease names. */
const runLockPrefix = 'issue-send:';
export const runLockName = (owner: string) => `${runLockPrefix}${owner}`;
const runLock = (owner: RawBuilder<string>) => sql<string>`${sql.lit(runLockPrefix)} || ${owner}`;

/**
 * A run's hold on an issue: its lock, held while its process lives, and its lease in
 * issue_sending, renewed until it is released. One run holds an issue at a time; another process
 * takes up an issue whose holder died (its lock is free at once) or hangs (its lease runs out).
 */
export interface IssueHold {
  issueId: string;
  /**
   * Whether the publication's e-mail and its recipients are made. A publication's run holds the
   * issue before it makes them, so that a run taking over one whose process died while it made
   * them makes them again instead of sending a list that was never made.
   */
  readonly planned: boolean;
  /** Its lock's connection broke, or another run took the issue over (the lease ran out): it sends no more. */
  readonly lost: boolean;
  /** Says that the publication's e-mail and recipients are made. */
  planDone(): Promise<void>;
  /** Ends the hold: the send finished (or nothing is left to send), or it is to be taken up again. Once; later calls do nothing. */
  release(finished: boolean): Promise<void>;
}

/**
 * Holds the issue for a run, unless another live run does (null). `planning`: a publication's
 * first run, which makes the e-mail and the recipients before it sends.
 */
export async function holdIssue(
  context: Pick<SenderContext, 'db' | 'locks' | 'log'>,
  issueId: string,
  { planning = false }: { planning?: boolean } = {},
): Promise<IssueHold | null> {
  const { db } = context;
  const owner = randomUUID();
  let lost = false;
  // Held before the lease that names it, so that no other process ever sees this run's lease without it.
  const unlock = await context.locks.take(runLockName(owner), () => {
    // Its connection broke: another process may take the issue over, so this run sends no more.
    context.log.warn({ issueId }, "sending stopped: the send's lock was lost");
    lost = true;
  });
  let taken: boolean | null;
  try {
    taken = await takeLease(db, context.locks, issueId, owner, planning);
  } catch (error) {
    await unlock();
    throw error;
  }
  if (taken === null) {
    await unlock();
    return null;
  }
  let planned = taken;
  const renewal = setInterval(
    () => {
      renewLease(db, issueId, owner).then(
        (held) => {
          if (!held) lost = true;
        },
        (error) => context.log.warn({ err: error, issueId }, 'lease not renewed'),
      );
    },
    (constants.delivery.leaseSeconds * 1000) / 3,
  );
  let released = false;
  return {
    issueId,
    get planned() {
      return planned;
    },
    get lost() {
      return lost;
    },
    async planDone() {
      await sql`update issue_sending set planned = true where issue_id = ${issueId} and owner = ${owner}`.execute(db);
      planned = true;
    },
    async release(finished) {
      if (released) return;
      released = true;
      clearInterval(renewal);
      try {
        await endLease(db, issueId, owner, finished);
      } finally {
        await unlock();
      }
    },
  };
}

/**
 * Takes the issue's lease for this run, unless another live run holds it: one that has not
 * finished, renewed its lease in time and still holds its lock (its process lives). Answers
 * whether the publication's e-mail and recipients are made, or null when another run holds it.
 */
async function takeLease(db: IssuesDb, locks: ProcessLocks, issueId: string, owner: string, planning: boolean): Promise<boolean | null> {
  const seconds = constants.delivery.leaseSeconds;
  const { rows } = await sql<{ planned: boolean }>`
    insert into issue_sending (issue_id, owner, lease_until, planned) values (${issueId}, ${owner}, now() + make_interval(secs => ${seconds}), ${!planning})
    on conflict (issue_id) do update set owner = excluded.owner, lease_until = excluded.lease_until, finished_at = null, mail_server = null,
      started_at = case when issue_sending.finished_at is null then issue_sending.started_at else now() end,
      planned = ${planning ? sql`false` : sql`issue_sending.planned`}
    where issue_sending.finished_at is not null or issue_sending.lease_until < now() or issue_sending.owner = excluded.owner
      or not ${locks.held(runLock(sql.ref('issue_sending.owner')))}
    returning planned`.execute(db);
  return rows[0]?.planned ?? null;
}

async function renewLease(db: IssuesDb, issueId: string, owner: string): Promise<boolean> {
  const seconds = constants.delivery.leaseSeconds;
  const { rows } = await sql`
    update issue_sending set lease_until = now() + make_interval(secs => ${seconds})
    where issue_id = ${issueId} and owner = ${owner} and finished_at is null returning issue_id`.execute(db);
  return rows.length > 0;
}

/** Ends the run's lease; a finished one leaves nothing to make again (a publication that did not start, a send over, a test's copies out). */
async function endLease(db: IssuesDb, issueId: string, owner: string, finished: boolean): Promise<void> {
  await sql`
    update issue_sending set lease_until = now(), finished_at = ${finished ? sql`now()` : sql`null`}, planned = ${finished ? sql`true` : sql`planned`}
    where issue_id = ${issueId} and owner = ${owner}`.execute(db);
}

/**
 * Issues whose sender died and never finished: its process's lock is free (it died: seen at once),
 * or it stopped renewing its lease. Leases run on real time (the database's now()).
 */
export async function abandonedSends(db: IssuesDb, locks: ProcessLocks): Promise<string[]> {
  const { rows } = await sql<{ issue_id: string }>`
    select issue_id from issue_sending
    where finished_at is null and (lease_until < now() or not ${locks.held(runLock(sql.ref('owner')))})`.execute(db);
  return rows.map((row) => row.issue_id);
}

/**
 * Sends what is due of the issue's planned mediums, with the run's hold on the issue, until
 * nothing is left ('finished'), the issue stops processing (a cancel), or the hold is lost
 * ('stopped'). The hold stays the caller's to release.
 */
export async function sendIssue(
  context: SenderContext,
  plan: SendPlan,
  hold: IssueHold,
  stillWanted: () => Promise<boolean>,
  /** Aborted by a cancel made in this process: heard before the next copy. */
  cancelled?: AbortSignal,
): Promise<SendResult> {
  const { db } = context;
  // What a run that died had taken goes back to the queue; what it had handed over is in doubt.
  await recoverDeliveries(db, plan.issueId);
  let stop = false;
  // The progress counts read every row of the issue: once a second, but never more than a share of
  // the time, so that a large send (a million copies) spends its database on sending.
  let progress: NodeJS.Timeout | undefined;
  let ended = false;
  const tellProgress = async () => {
    const began = performance.now();
    await context.onProgress(plan.issueId);
    if (!ended) progress = setTimeout(tellProgress, Math.max(constants.delivery.progressMs, constants.delivery.progressShare * (performance.now() - began)));
  };
  progress = setTimeout(tellProgress, constants.delivery.progressMs);
  const outage = new MailServerOutage();
  // The hold lost (another run took the issue over), or the issue no longer sent (a cancel).
  const halted = () => stop || hold.lost;
  const shouldStop = async () => {
    if (!stop && (hold.lost || cancelled?.aborted || !(await stillWanted()))) stop = true;
    return stop;
  };
  // Before each copy: a cancel made here is heard at once; one made on another process at the next check of the issue.
  const stopsNow = () => halted() || Boolean(cancelled?.aborted);
  try {
    const media: DeliveryMedium[] = [];
    if (plan.mediums.notification) media.push('notification');
    if (plan.mediums.email && plan.emails.length > 0) media.push('email');
    for (const medium of media) {
      for (;;) {
        if (medium === 'email') await sendEmails(context, plan, outage, shouldStop, stopsNow);
        else await sendNotifications(context, plan, shouldStop);
        if (halted()) break;
        // Messages refused for now come back later: wait for the first of them, or finish.
        const due = await nextDue(db, plan.issueId, medium);
        if (!due) break;
        await sleep(Math.min(Math.max(due.getTime() - Date.now(), 50), 5000));
        if (await shouldStop()) break;
      }
      if (halted()) break;
    }
    return halted() ? 'stopped' : 'finished';
  } finally {
    ended = true;
    clearTimeout(progress);
    await releaseClaimed(db, plan.issueId);
    if (outage.wait) await saveMailServerWait(db, plan.issueId, null);
    await context.onProgress(plan.issueId);
  }
}

async function sendEmails(
  context: SenderContext,
  plan: SendPlan,
  outage: MailServerOutage,
  shouldStop: () => Promise<boolean>,
  stopsNow: () => boolean,
): Promise<void> {
  const { db } = context;
  const { connections, claimBatch } = constants.delivery;
  const gate = new RateGate(context.rate);
  const bulk = context.mail.bulk(connections, plan.sender.from);
  const mimes = plan.emails.map((copy) => ({
    free: issueMime(plan, copy.subject, copy.email),
    paid: copy.paid && plan.payers ? issueMime(plan, copy.subject, copy.paid) : null,
  }));
  const mimeFor = (recipient: Personal) => {
    const mime = mimes[placeOf(plan, recipient)]!;
    return (pays(plan, recipient) && mime.paid) || mime.free;
  };
  const verp = createVerp(context.mail.from.address, context.links);
  // The connections' writes, joined into one statement when they come together.
  const writer = outcomeWriter(db, plan.issueId, 'email');
  const claim = recipientClaims(db, plan.issueId, 'email', claimBatch);
  const started = performance.now();
  let accepted = 0;
  // Answers false when the send is to stop; a cancel is heard within a second, even in a long wait.
  const waitForServer = async () => {
    for (let wait = outage.waitMs(); wait > 0; wait = outage.waitMs()) {
      await sleep(Math.min(wait, 1000));
      if (await shouldStop()) return false;
    }
    return true;
  };
  // What the publish page is told, written when it changes (a new try, a pause, the server back).
  let told = 'null';
  const tell = async () => {
    const wait = outage.wait;
    const json = JSON.stringify(wait);
    if (json === told) return;
    told = json;
    await saveMailServerWait(db, plan.issueId, wait);
    await context.onProgress(plan.issueId);
  };
  const heard = async (answer: SmtpAnswer) => {
    if (answer.outcome === 'unreachable') {
      const change = outage.unreachable(answer.text);
      if (change === 'started') context.log.warn({ issueId: plan.issueId, answer: answer.text }, 'mail server unreachable: sending waits for it');
      if (change === 'paused')
        context.log.warn(
          { issueId: plan.issueId, answer: answer.text, minutes: constants.delivery.outagePauseMinutes },
          'sending paused: mail server unreachable',
        );
      await tell();
    } else if (answer.outcome !== 'doubt' && outage.reached()) {
      context.log.info({ issueId: plan.issueId }, 'mail server reachable again: sending goes on');
      await tell();
    }
  };
  const connection = async () => {
    for (;;) {
      if ((await shouldStop()) || !(await waitForServer())) return;
      const batch = await claim();
      if (batch.length === 0) return;
      let previous: Outcome | null = null;
      let handed = 0;
      try {
        for (const recipient of batch) {
          if (stopsNow() || (handed % constants.delivery.stopCheckEvery === constants.delivery.stopCheckEvery - 1 && (await shouldStop()))) break;
          await gate.take();
          // The copy's text is made (filled, signed) while the write goes; nothing of it is handed over before.
          const copy = bulk.prepare(bulkCopy(context, plan, mimeFor(recipient), verp, recipient));
          // The last answer and "this one is handed over" are written together, before the hand-over.
          await writer.write(previous ? [previous] : [], [recipient.subscriber_id]);
          previous = null;
          handed++;
          const answer = await bulk.send(copy);
          previous = outcomeOf(recipient, answer);
          await heard(answer);
          // The rest of the batch goes back to the queue while the server is away.
          if (answer.outcome === 'unreachable') break;
          if (answer.outcome === 'sent') {
            accepted++;
            gate.recover();
          } else if (answer.outcome === 'temporary') {
            gate.slowDown(accepted / Math.max((performance.now() - started) / 1000, 0.001));
          } else if (isHardBounce(answer)) {
            await suppressAddress(db, plan.newsletterId, recipient.email, answer.text);
          }
        }
      } finally {
        if (previous) await writer.write([previous]);
        // What this connection took but did not hand over goes back (a stop, an unreachable server, an error).
        await releaseClaimed(
          db,
          plan.issueId,
          batch.slice(handed).map((recipient) => recipient.subscriber_id),
        );
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, connection));
  } finally {
    bulk.close();
  }
}

async function sendNotifications(context: SenderContext, plan: SendPlan, shouldStop: () => Promise<boolean>): Promise<void> {
  const { db } = context;
  const claim = recipientClaims(db, plan.issueId, 'notification', constants.delivery.pushBatch);
  for (;;) {
    if (await shouldStop()) return;
    const batch = await claim();
    if (batch.length === 0) return;
    const ids = batch.map((recipient) => recipient.subscriber_id);
    await recordOutcomes(db, plan.issueId, 'notification', [], ids);
    let outcome: Pick<Outcome, 'state' | 'answer'>;
    try {
      await context.push.send({ topic: plan.newsletterKey, title: plan.notification.title, body: plan.notification.body, url: plan.url, to: ids });
      outcome = { state: 'sent', answer: 'accepted' };
    } catch (error) {
      context.log.warn({ err: error, issueId: plan.issueId }, 'notification batch not sent');
      outcome = { state: 'failed', answer: String((error as Error).message ?? error).slice(0, 500) };
    }
    await recordOutcomes(
      db,
      plan.issueId,
      'notification',
      ids.map((subscriberId) => ({ subscriberId, ...outcome, attempted: true, nextAt: null })),
    );
  }
}
