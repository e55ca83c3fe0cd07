/**
 * When and how an issue may leave the console (spec 001 sections 4 and 5), for both sides: the
 * publish page shows the sections and the timeline these functions give, and the server refuses
 * what they refuse, with the same messages.
 */
import type { Issue } from '../../schemas/generated/entities/issue';
import { constants } from '../../core/shared/config';
import type { IssueStatus } from './rules';

/** The publish options of spec 001 section 3. */
export interface PublishOptions {
  test: boolean;
  publishOnly: boolean;
  overridePublishedAt: boolean;
  mediums: { email: boolean; notification: boolean };
}

/**
 * Why the e-mail is not going out although messages are left: the mail server cannot be reached
 * (docs/decisions/0020-smtp-outages.md). 'waiting': it is tried again after growing waits;
 * 'paused': it has been unreachable for constants.delivery.outagePauseMinutes, and is tried only
 * every pausedRetryMinutes. Either way sending goes on by itself once the server answers.
 */
export interface MailServerWait {
  state: 'waiting' | 'paused';
  /** What the publish page tells the operator. */
  message: string;
  /** Unreachable since, and tried again at (ISO times). */
  since: string;
  retryAt: string;
  /** The last failure, as the connection reported it. */
  answer: string;
}

/** What the publish page says while the mail server cannot be reached (decision 0020). */
export const waitingForMailServerText = 'Waiting for the mail server: it cannot be reached. Sending goes on by itself once it answers; nothing is lost.';
export const sendingPausedText = (minutes: number) =>
  `Sending paused: the mail server has not been reachable for ${minutes} minutes. It is tried every few minutes, and sending goes on by itself once it answers.`;

export const checkMessages = {
  subject: 'Please enter an e-mail subject line with more than 3 and less than 240 characters before you schedule your issue.',
  preview: 'Please enter an e-mail preview text with more than 3 and less than 240 characters before you schedule your issue.',
  notificationTitle: 'Please enter a notification title with more than 3 and less than 120 characters before you schedule your issue.',
  notificationBody: 'Please enter a notification subtitle with more than 3 and less than 240 characters before you schedule your issue.',
  testers: "You don't have any testers. Testers can be added through Newsletter Settings > Credentials > Testers",
} as const;

export const draftStoriesBlock = 'Draft stories block publishing; they must be accepted or removed.';
export const testSentText = 'A test email has been sent.';
export const publishedText = 'You can close this page and we will do the rest.';
export const cancelledText = 'The issue is successfully cancelled.';
export const notTestedText = 'Test the issue before you publish it.';
export const notPublishableText = 'The issue cannot be published in its current state.';
export const notCancellableText = 'Only an issue that is scheduled, queued or processing can be cancelled.';
export const tooEarlyText = 'Pick a time at least half an hour from now.';
export const publishPausedText = 'Publishing is paused while the console is being updated. Please try again in a few minutes.';
export const alreadyNotifiedText = 'This issue has already been sent as a notification.';

/** The conditions a test, a publication or a reschedule checks first (spec 001 section 4), in its order. */
export type SendingCheckId = 'subject' | 'preview' | 'notificationTitle' | 'notificationBody' | 'testers';

export interface SendingCheck {
  id: SendingCheckId;
  /** What the checklist calls it. */
  label: string;
  ok: boolean;
  /** The spec's message for when it does not hold. */
  message: string;
}

/** Each condition with whether it holds: the publish page's checklist, and the server's refusal (sendingProblems). */
export function sendingChecks(issue: Pick<Issue, 'subject' | 'preview' | 'notification'>, testers: number): SendingCheck[] {
  const { subjectMin, subjectMax, previewMax, notificationTitleMax } = constants.issues;
  const within = (text: string, max: number) => text.trim().length >= subjectMin && text.trim().length <= max;
  return [
    { id: 'subject', label: 'Subject line', ok: within(issue.subject, subjectMax), message: checkMessages.subject },
    { id: 'preview', label: 'Preview text', ok: within(issue.preview, previewMax), message: checkMessages.preview },
    {
      id: 'notificationTitle',
      label: 'Notification title',
      ok: within(issue.notification.title, notificationTitleMax),
      message: checkMessages.notificationTitle,
    },
    { id: 'notificationBody', label: 'Notification subtitle', ok: issue.notification.body.trim().length >= 1, message: checkMessages.notificationBody },
    { id: 'testers', label: 'Testers', ok: testers >= 1, message: checkMessages.testers },
  ];
}

/** What a test, a publication or a reschedule needs first: the spec's messages, in its order. */
export function sendingProblems(issue: Pick<Issue, 'subject' | 'preview' | 'notification'>, testers: number): string[] {
  return sendingChecks(issue, testers)
    .filter((check) => !check.ok)
    .map((check) => check.message);
}

export interface PublishSections {
  testing: boolean;
  publish: boolean;
  email: boolean;
  notification: boolean;
  cancel: boolean;
  reschedule: boolean;
}

/** Which sections of the publish page show (spec 001 section 4, 'Issue states and sections on the publish panel'). */
export function publishSections(status: IssueStatus, viewer: { admin: boolean; liveNews: boolean }): PublishSections {
  const busy = status.processing || status.queued || status.scheduled;
  // Once an issue went out or was cancelled, sending it again is a reschedule (publishKindOf): one form or the other, never both.
  const wentOut = status.emailed || status.notified || status.published || status.cancelled;
  return {
    testing: !(busy || status.emailed),
    publish: status.tested && !(wentOut || busy),
    email: !viewer.liveNews && status.published && !(status.emailed || busy),
    notification: !viewer.liveNews && status.published && !(status.notified || busy),
    cancel: viewer.admin && busy,
    reschedule: viewer.admin && status.tested && wentOut && !busy,
  };
}

/** The kind of request a publication is, read from what it asks for and the issue's state. */
export type PublishKind = 'test' | 'publish' | 'email' | 'notification' | 'reschedule';

export function publishKindOf(status: IssueStatus, options: PublishOptions): PublishKind {
  if (options.test) return 'test';
  if (status.published && !options.publishOnly) {
    const { email, notification } = options.mediums;
    if (email && !notification && !status.emailed) return 'email';
    if (notification && !email && !status.notified) return 'notification';
  }
  return status.published || status.emailed || status.notified || status.cancelled ? 'reschedule' : 'publish';
}

/** Whether the viewer may make this kind of request now: the section that offers it shows. */
export function mayPublish(kind: PublishKind, sections: PublishSections): boolean {
  return sections[kind === 'test' ? 'testing' : kind];
}

/** Publish Only is both mediums off; Send to subscribers turns both on (spec 001 section 4). */
export function withMedium(options: PublishOptions, medium: 'email' | 'notification', on: boolean): PublishOptions {
  const mediums = { ...options.mediums, [medium]: on };
  const publishOnly = !mediums.email && !mediums.notification;
  return { ...options, mediums, publishOnly };
}

export function withPublishOnly(options: PublishOptions, publishOnly: boolean): PublishOptions {
  return { ...options, publishOnly, mediums: { email: !publishOnly, notification: !publishOnly } };
}

/** How far ahead a publication must be planned: none for notifications, admins and live news; else 30 minutes. */
export function leadMinutes(viewer: { admin: boolean; liveNews: boolean }, options: Pick<PublishOptions, 'mediums' | 'publishOnly'>): number {
  const notificationOnly = options.mediums.notification && !options.mediums.email && !options.publishOnly;
  return viewer.admin || viewer.liveNews || notificationOnly ? 0 : constants.issues.scheduleLeadMinutes;
}

/** The date the picker starts at: a minute ahead (or the lead time, if longer), seconds zeroed. */
export function defaultPublishDate(now: Date, lead: number): Date {
  const date = new Date(now.getTime() + Math.max(1, lead) * 60_000 + (lead > 0 ? 60_000 : 0));
  date.setSeconds(0, 0);
  return date;
}

/** The earliest time a publication may be planned for; the server allows a little for the trip. */
export function earliestPublishDate(now: Date, lead: number): Date {
  return new Date(now.getTime() + lead * 60_000);
}

/** Whether the newsletter is the live-news one (config/constants.json issues.liveNewsletters, by key). */
export function isLiveNews(newsletterKey: string): boolean {
  return constants.issues.liveNewsletters.includes(newsletterKey);
}

/**
 * The timeline of spec 001 section 4, in order; 'will be' for a date still ahead. While a
 * publication waits or runs, its lines say what it will do (the mediums it was asked for).
 */
export function timelineOf(
  issue: Pick<Issue, 'status' | 'mediums' | 'publishedAt' | 'plannedAt' | 'notifiedAt' | 'emailedAt'>,
  now: Date,
  format: (date: Date) => string,
): string[] {
  const { status, mediums } = issue;
  const pending = status.scheduled || status.queued || status.processing;
  const plan = issue.plannedAt ?? issue.publishedAt;
  const planned = plan ? new Date(plan) : null;
  const lines: string[] = [];
  if (status.tested) lines.push('Issue is tested.');
  if (status.scheduled && planned) lines.push(`Scheduled for ${format(planned)}.`);
  if (status.queued) lines.push('Issue is queued.');
  if (status.processing) lines.push('Issue is processing...');
  // A step is told done only once it is (the send sets emailed and notified when every copy went);
  // one still to come is told only while its time is ahead: a send under way is 'processing', with
  // its counts beside it, never 'sent' at its start.
  const ahead = pending && planned !== null && planned.getTime() > now.getTime();
  const event = (done: boolean, will: boolean, date: string | null, what: string) => {
    const at = done && date ? new Date(date) : !done && will ? planned : null;
    if (at) lines.push(`Issue ${at.getTime() > now.getTime() ? 'will be' : 'is'} ${what} at ${format(at)}.`);
  };
  event(status.published, ahead, issue.publishedAt, 'published');
  event(status.notified, ahead && mediums.notification, issue.notifiedAt, 'sent as notification');
  event(status.emailed, ahead && mediums.email, issue.emailedAt, 'sent as email');
  return lines;
}

/** The four publish forms of the page: the first publication, a reschedule, and the e-mail or notification of a published issue. */
export type PublishFormKind = 'publish' | 'reschedule' | 'email' | 'notification';

/** Whether a publication planned for `date` goes now (within constants.issues.publishNowSeconds), not later. */
export const goesNow = (date: Date, now: Date) => date.getTime() - now.getTime() <= constants.issues.publishNowSeconds * 1000;

/** What the form's primary button says it will do: send or publish now, or schedule. */
export function publishAction(kind: PublishFormKind, now: boolean, liveNews: boolean): string {
  if (liveNews) return 'PUBLISH';
  switch (kind) {
    case 'publish':
      return now ? 'PUBLISH NOW' : 'SCHEDULE';
    case 'reschedule':
      return now ? 'RESCHEDULE NOW' : 'RESCHEDULE';
    case 'email':
      return now ? 'SEND AS E-MAIL' : 'SCHEDULE E-MAIL';
    case 'notification':
      return now ? 'SEND AS NOTIFICATION' : 'SCHEDULE NOTIFICATION';
  }
}

/** What the confirmation of a publication says, before anything goes out. */
export interface PublicationConfirmation {
  title: string;
  text: string;
  action: string;
}

/**
 * The confirmation of a publication: who it goes to and when ('Send to 2.821 e-mail and 1.180 app
 * subscribers now?', 'Schedule for 26 Kasım 14:30?'). `recipients` are those it would reach now;
 * `date` null: now. `format` writes a date and `count` a number in the console's way.
 */
export function publicationConfirmation(q: {
  kind: PublishFormKind;
  options: Pick<PublishOptions, 'publishOnly' | 'mediums'>;
  liveNews: boolean;
  date: Date | null;
  recipients: { email: number; notification: number };
  format: (date: Date) => string;
  count: (value: number) => string;
}): PublicationConfirmation {
  const { options, recipients, date } = q;
  const email = !q.liveNews && !options.publishOnly && options.mediums.email;
  const notification = !q.liveNews && !options.publishOnly && options.mediums.notification;
  const who = [email && `${q.count(recipients.email)} e-mail`, notification && `${q.count(recipients.notification)} app`].filter(Boolean).join(' and ');
  const what = who ? `Send to ${who} subscribers` : 'Publish on the web page only';
  const action = publishAction(q.kind, date === null, q.liveNews);
  const only = q.kind === 'reschedule' ? ' Subscribers who already received it get nothing.' : '';
  const nobody = who ? '' : ' Nobody is sent anything.';
  if (q.liveNews) return { title: `Publish on the live page, dated ${q.format(date ?? new Date())}?`, text: 'Live news goes on its web page only.', action };
  if (date === null) return { title: `${what} now?`, text: `It starts as soon as you confirm.${only}${nobody}`, action };
  return { title: `Schedule for ${q.format(date)}?`, text: `${what} at ${q.format(date)}.${only}${nobody}`, action };
}

/** What the confirmation of a cancel says: what stops, and what stays unsent. */
export function cancelConfirmation(q: {
  status: IssueStatus;
  plannedAt: Date | null;
  pending: number;
  format: (date: Date) => string;
  count: (value: number) => string;
}): PublicationConfirmation {
  const action = 'CANCEL PUBLICATION';
  if (q.status.processing)
    return {
      title: 'Stop sending the issue?',
      // The copies the mail server is taking at this moment are counted as not sent yet, and still go.
      text: `${
        q.pending === 1
          ? '1 message is not sent yet. If the mail server is already taking it, it still goes; otherwise it stays unsent.'
          : `${q.count(q.pending)} messages are not sent yet. Any the mail server is already taking still go; the rest stay unsent.`
      } What has been sent cannot be called back; a reschedule sends the rest later.`,
      action,
    };
  const when = q.plannedAt ? ` at ${q.format(q.plannedAt)}` : '';
  return { title: 'Cancel the publication?', text: `The issue will not go out${when}. You can publish or reschedule it again later.`, action };
}
