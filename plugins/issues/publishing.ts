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

/** What a test, a publication or a reschedule needs first: the spec's messages, in its order. */
export function sendingProblems(issue: Pick<Issue, 'subject' | 'preview' | 'notification'>, testers: number): string[] {
  const { subjectMin, subjectMax, previewMax, notificationTitleMax } = constants.issues;
  const problems: string[] = [];
  const subject = issue.subject.trim();
  const preview = issue.preview.trim();
  if (subject.length < subjectMin || subject.length > subjectMax) problems.push(checkMessages.subject);
  if (preview.length < subjectMin || preview.length > previewMax) problems.push(checkMessages.preview);
  const title = issue.notification.title.trim();
  if (title.length < subjectMin || title.length > notificationTitleMax) problems.push(checkMessages.notificationTitle);
  if (issue.notification.body.trim().length < 1) problems.push(checkMessages.notificationBody);
  if (testers < 1) problems.push(checkMessages.testers);
  return problems;
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
  return {
    testing: !(busy || status.emailed),
    publish: status.tested && !(status.emailed || status.notified || status.published || busy),
    email: !viewer.liveNews && status.published && !(status.emailed || busy),
    notification: !viewer.liveNews && status.published && !(status.notified || busy),
    cancel: viewer.admin && busy,
    reschedule: viewer.admin && status.tested && !busy,
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
  const event = (done: boolean, will: boolean, date: string | null, what: string) => {
    const at = done && date ? new Date(date) : will ? planned : null;
    if (at) lines.push(`Issue ${at.getTime() > now.getTime() ? 'will be' : 'is'} ${what} at ${format(at)}.`);
  };
  event(status.published, pending, issue.publishedAt, 'published');
  event(status.notified, pending && mediums.notification, issue.notifiedAt, 'sent as notification');
  event(status.emailed, pending && mediums.email, issue.emailedAt, 'sent as email');
  return lines;
}
