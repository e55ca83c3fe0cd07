/**
 * The rules of the publish page (spec 001 sections 4 and 5) that both sides apply, the signed
 * links of e-mails, and how the sender reads an SMTP server's answers.
 */
import { describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import { answerOf } from '../../core/server/services/mail';
import { createLinkSigner } from '../../core/server/signed-links';
import { format as formatDate } from 'date-fns';
import { tr } from 'date-fns/locale';
import {
  cancelConfirmation,
  checkMessages,
  defaultPublishDate,
  goesNow,
  leadMinutes,
  publicationConfirmation,
  publishAction,
  publishKindOf,
  publishSections,
  sendingChecks,
  sendingProblems,
  timelineOf,
  withMedium,
  withPublishOnly,
  type PublishOptions,
} from '../../plugins/issues/publishing';
import type { IssueStatus } from '../../plugins/issues/rules';
import { isHardBounce, outcomeOf, RateGate } from '../../plugins/issues/server/sender';

const none: IssueStatus = {
  draft: false,
  ready: false,
  accepted: false,
  tested: false,
  scheduled: false,
  queued: false,
  processing: false,
  published: false,
  notified: false,
  emailed: false,
  featured: false,
  sent: false,
  cancelled: false,
};
const status = (...flags: (keyof IssueStatus)[]): IssueStatus => ({ ...none, ...Object.fromEntries(flags.map((flag) => [flag, true])) });
const editor = { admin: false, liveNews: false };
const admin = { admin: true, liveNews: false };
const send: PublishOptions = { test: false, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: true } };

describe('the sections of the publish page', () => {
  it('offers testing until the issue is on its way or e-mailed', () => {
    expect(publishSections(status('draft'), editor).testing).toBe(true);
    for (const flag of ['processing', 'scheduled', 'queued', 'emailed'] as const) expect(publishSections(status('tested', flag), editor).testing).toBe(false);
  });

  it('offers Publish only once tested and before anything went out', () => {
    expect(publishSections(status('draft'), editor).publish).toBe(false);
    expect(publishSections(status('tested'), editor).publish).toBe(true);
    for (const flag of ['emailed', 'notified', 'published', 'processing', 'queued', 'scheduled'] as const) {
      expect(publishSections(status('tested', flag), editor).publish).toBe(false);
    }
  });

  it('offers e-mail and notification for a published issue that has not had them, never for live news', () => {
    expect(publishSections(status('tested', 'published'), editor)).toMatchObject({ email: true, notification: true });
    expect(publishSections(status('tested', 'published', 'notified'), editor)).toMatchObject({ email: true, notification: false });
    expect(publishSections(status('tested', 'published', 'emailed'), editor)).toMatchObject({ email: false, notification: true });
    expect(publishSections(status('tested', 'published', 'processing'), editor)).toMatchObject({ email: false, notification: false });
    expect(publishSections(status('tested', 'published'), { admin: false, liveNews: true })).toMatchObject({ email: false, notification: false });
  });

  it('gives Cancel and Reschedule to admins only, under their conditions', () => {
    expect(publishSections(status('tested', 'scheduled'), editor).cancel).toBe(false);
    for (const flag of ['processing', 'scheduled', 'queued'] as const) expect(publishSections(status('tested', flag), admin).cancel).toBe(true);
    expect(publishSections(status('tested', 'published'), admin).cancel).toBe(false);
    expect(publishSections(status('tested', 'published', 'emailed'), admin).reschedule).toBe(true);
    expect(publishSections(status('tested', 'published', 'emailed'), editor).reschedule).toBe(false);
    expect(publishSections(status('tested', 'scheduled'), admin).reschedule).toBe(false);
    expect(publishSections(status('draft'), admin).reschedule).toBe(false);
  });

  it('offers one send form at a time: Publish before anything went out, Reschedule after (or after a cancel)', () => {
    const forms = (...flags: (keyof IssueStatus)[]) => {
      const sections = publishSections(status('tested', ...flags), admin);
      return (['publish', 'reschedule'] as const).filter((form) => sections[form]);
    };
    expect(forms()).toEqual(['publish']);
    expect(forms('published', 'emailed')).toEqual(['reschedule']);
    expect(forms('notified')).toEqual(['reschedule']);
    expect(forms('cancelled')).toEqual(['reschedule']);
    for (const flag of ['processing', 'scheduled', 'queued'] as const) expect(forms(flag)).toEqual([]);
    // What a request from either form is, the server reads the same way.
    expect(publishKindOf(status('tested'), send)).toBe('publish');
    expect(publishKindOf(status('tested', 'cancelled'), send)).toBe('reschedule');
  });

  it('reads what a request is from the options and the state', () => {
    expect(publishKindOf(status('tested'), { ...send, test: true })).toBe('test');
    expect(publishKindOf(status('tested'), send)).toBe('publish');
    expect(publishKindOf(status('tested', 'published', 'notified'), { ...send, mediums: { email: true, notification: false } })).toBe('email');
    expect(publishKindOf(status('tested', 'published', 'emailed'), { ...send, mediums: { email: false, notification: true } })).toBe('notification');
    expect(publishKindOf(status('tested', 'published', 'emailed', 'notified'), send)).toBe('reschedule');
    expect(publishKindOf(status('tested', 'cancelled'), send)).toBe('reschedule');
  });
});

describe('the publish options', () => {
  it('switches to Publish Only when the last medium is unchecked, and Send to subscribers turns both on', () => {
    const emailOnly = withMedium(send, 'notification', false);
    expect(emailOnly).toMatchObject({ publishOnly: false, mediums: { email: true, notification: false } });
    expect(withMedium(emailOnly, 'email', false)).toMatchObject({ publishOnly: true, mediums: { email: false, notification: false } });
    expect(withPublishOnly(withPublishOnly(send, true), false)).toMatchObject({ publishOnly: false, mediums: { email: true, notification: true } });
  });

  it('keeps 30 minutes of lead time but for notifications, admins and live news; the picker starts a minute after it, seconds zeroed', () => {
    expect(leadMinutes(editor, send)).toBe(30);
    expect(leadMinutes(admin, send)).toBe(0);
    expect(leadMinutes({ admin: false, liveNews: true }, send)).toBe(0);
    expect(leadMinutes(editor, { publishOnly: false, mediums: { email: false, notification: true } })).toBe(0);
    const now = new Date('2026-11-23T10:15:42Z');
    expect(defaultPublishDate(now, 0).toISOString()).toBe('2026-11-23T10:16:00.000Z');
    expect(defaultPublishDate(now, 30).toISOString()).toBe('2026-11-23T10:46:00.000Z');
  });
});

describe('the checks before a test, a publication or a reschedule', () => {
  const issue = { subject: 'Sabah Bülteni', preview: 'Bugün neler var', notification: { title: 'Bülten hazır', body: 'Oku' } };

  it("passes a complete issue and names each missing part in the spec's words", () => {
    expect(sendingProblems(issue, 1)).toEqual([]);
    expect(sendingProblems({ subject: 'ab', preview: '', notification: { title: 'x'.repeat(121), body: ' ' } }, 0)).toEqual([
      checkMessages.subject,
      checkMessages.preview,
      checkMessages.notificationTitle,
      checkMessages.notificationBody,
      checkMessages.testers,
    ]);
    expect(sendingProblems({ ...issue, subject: 'x'.repeat(241) }, 1)).toEqual([checkMessages.subject]);
  });

  it("gives the checklist every condition in the spec's order, each with its label, whether it holds and the spec's message", () => {
    const checks = sendingChecks(issue, 1);
    expect(checks.map((check) => [check.id, check.label, check.ok, check.message])).toEqual([
      ['subject', 'Subject line', true, checkMessages.subject],
      ['preview', 'Preview text', true, checkMessages.preview],
      ['notificationTitle', 'Notification title', true, checkMessages.notificationTitle],
      ['notificationBody', 'Notification subtitle', true, checkMessages.notificationBody],
      ['testers', 'Testers', true, checkMessages.testers],
    ]);
    const failing = sendingChecks({ subject: '  ab  ', preview: 'x'.repeat(241), notification: { title: 'Bülten hazır', body: '' } }, 0);
    expect(failing.filter((check) => !check.ok).map((check) => check.id)).toEqual(['subject', 'preview', 'notificationBody', 'testers']);
  });

  it('holds at the limits: three characters, and the maximum of each field', () => {
    const { subjectMin, subjectMax, previewMax, notificationTitleMax } = constants.issues;
    const atLimits = {
      subject: 'x'.repeat(subjectMax),
      preview: 'x'.repeat(subjectMin),
      notification: { title: 'x'.repeat(notificationTitleMax), body: 'x' },
    };
    expect(sendingChecks(atLimits, 1).every((check) => check.ok)).toBe(true);
    const over = { ...atLimits, preview: 'x'.repeat(previewMax + 1), notification: { title: 'x'.repeat(notificationTitleMax + 1), body: 'x' } };
    expect(
      sendingChecks(over, 1)
        .filter((check) => !check.ok)
        .map((check) => check.id),
    ).toEqual(['preview', 'notificationTitle']);
  });

  it('refuses with exactly the messages of the checks that fail', () => {
    const cases = [
      [issue, 0],
      [{ ...issue, subject: '' }, 1],
      [{ subject: '', preview: '', notification: { title: '', body: '' } }, 0],
    ] as const;
    for (const [fields, testers] of cases) {
      const failing = sendingChecks(fields, testers)
        .filter((check) => !check.ok)
        .map((check) => check.message);
      expect(sendingProblems(fields, testers)).toEqual(failing);
    }
  });
});

describe("the publish button and the confirmations (issue 29, 'Safe buttons')", () => {
  const now = new Date(2026, 10, 26, 14, 0, 0);
  const seconds = (s: number) => new Date(now.getTime() + s * 1000);
  const dateFormat = (date: Date) => formatDate(date, 'd MMMM HH:mm', { locale: tr });
  const count = (value: number) => value.toLocaleString('tr-TR');
  const recipients = { email: 2821, notification: 1180 };
  const at = new Date(2026, 10, 26, 14, 30);
  const confirmation = (fields: Partial<Parameters<typeof publicationConfirmation>[0]>) =>
    publicationConfirmation({ kind: 'publish', options: send, liveNews: false, date: null, recipients, format: dateFormat, count, ...fields });

  it('goes now within publishNowSeconds of now (or in the past), and later after that', () => {
    const limit = constants.issues.publishNowSeconds;
    expect(goesNow(now, now)).toBe(true);
    expect(goesNow(seconds(-600), now)).toBe(true);
    expect(goesNow(seconds(60), now)).toBe(true);
    expect(goesNow(seconds(limit), now)).toBe(true);
    expect(goesNow(seconds(limit + 1), now)).toBe(false);
    expect(goesNow(seconds(30 * 60), now)).toBe(false);
  });

  it('says on the button what each form does, now or later; the live-news newsletter only publishes', () => {
    const labels = (['publish', 'reschedule', 'email', 'notification'] as const).map((kind) => [
      publishAction(kind, true, false),
      publishAction(kind, false, false),
    ]);
    expect(labels).toEqual([
      ['PUBLISH NOW', 'SCHEDULE'],
      ['RESCHEDULE NOW', 'RESCHEDULE'],
      ['SEND AS E-MAIL', 'SCHEDULE E-MAIL'],
      ['SEND AS NOTIFICATION', 'SCHEDULE NOTIFICATION'],
    ]);
    for (const kind of ['publish', 'reschedule', 'email', 'notification'] as const) {
      expect(publishAction(kind, true, true)).toBe('PUBLISH');
      expect(publishAction(kind, false, true)).toBe('PUBLISH');
    }
  });

  it("gives a director's earliest time (the 30-minute lead) the SCHEDULE label", () => {
    const earliest = defaultPublishDate(now, leadMinutes(editor, send));
    expect(goesNow(earliest, now)).toBe(false);
    expect(publishAction('publish', goesNow(earliest, now), false)).toBe('SCHEDULE');
    // An admin's default time is a minute ahead: it goes now.
    const adminDefault = defaultPublishDate(now, leadMinutes(admin, send));
    expect(publishAction('publish', goesNow(adminDefault, now), false)).toBe('PUBLISH NOW');
  });

  it('says who a publication now goes to, with the counts written the Turkish way', () => {
    expect(confirmation({})).toEqual({
      title: 'Send to 2.821 e-mail and 1.180 app subscribers now?',
      text: 'It starts as soon as you confirm.',
      action: 'PUBLISH NOW',
    });
    expect(confirmation({ kind: 'email', options: { publishOnly: false, mediums: { email: true, notification: false } } })).toMatchObject({
      title: 'Send to 2.821 e-mail subscribers now?',
      action: 'SEND AS E-MAIL',
    });
    expect(confirmation({ kind: 'notification', options: { publishOnly: false, mediums: { email: false, notification: true } } })).toMatchObject({
      title: 'Send to 1.180 app subscribers now?',
      action: 'SEND AS NOTIFICATION',
    });
    expect(confirmation({ recipients: { email: 0, notification: 1 } }).title).toBe('Send to 0 e-mail and 1 app subscribers now?');
  });

  it('says when a scheduled publication goes, and to whom', () => {
    expect(confirmation({ date: at })).toEqual({
      title: 'Schedule for 26 Kasım 14:30?',
      text: 'Send to 2.821 e-mail and 1.180 app subscribers at 26 Kasım 14:30.',
      action: 'SCHEDULE',
    });
    expect(confirmation({ kind: 'email', date: at, options: { publishOnly: false, mediums: { email: true, notification: false } } })).toMatchObject({
      text: 'Send to 2.821 e-mail subscribers at 26 Kasım 14:30.',
      action: 'SCHEDULE E-MAIL',
    });
  });

  it('says that Publish Only sends nobody anything', () => {
    const only = { publishOnly: true, mediums: { email: false, notification: false } };
    expect(confirmation({ options: only })).toEqual({
      title: 'Publish on the web page only now?',
      text: 'It starts as soon as you confirm. Nobody is sent anything.',
      action: 'PUBLISH NOW',
    });
    expect(confirmation({ options: only, date: at }).text).toBe('Publish on the web page only at 26 Kasım 14:30. Nobody is sent anything.');
  });

  it('tells that a reschedule spares those who already received the issue', () => {
    expect(confirmation({ kind: 'reschedule' })).toEqual({
      title: 'Send to 2.821 e-mail and 1.180 app subscribers now?',
      text: 'It starts as soon as you confirm. Subscribers who already received it get nothing.',
      action: 'RESCHEDULE NOW',
    });
    expect(confirmation({ kind: 'reschedule', date: at })).toMatchObject({
      title: 'Schedule for 26 Kasım 14:30?',
      text: 'Send to 2.821 e-mail and 1.180 app subscribers at 26 Kasım 14:30. Subscribers who already received it get nothing.',
      action: 'RESCHEDULE',
    });
  });

  it('dates live news on its page and sends nothing', () => {
    expect(confirmation({ liveNews: true, date: at })).toEqual({
      title: 'Publish on the live page, dated 26 Kasım 14:30?',
      text: 'Live news goes on its web page only.',
      action: 'PUBLISH',
    });
  });

  it('confirms the cancel of a planned publication with its date, and of a running one with what stays unsent', () => {
    const planned = cancelConfirmation({ status: status('tested', 'scheduled'), plannedAt: at, pending: 0, format: dateFormat, count });
    expect(planned).toEqual({
      title: 'Cancel the publication?',
      text: 'The issue will not go out at 26 Kasım 14:30. You can publish or reschedule it again later.',
      action: 'CANCEL PUBLICATION',
    });
    expect(cancelConfirmation({ status: status('tested', 'queued'), plannedAt: null, pending: 0, format: dateFormat, count }).text).toBe(
      'The issue will not go out. You can publish or reschedule it again later.',
    );
    const running = cancelConfirmation({ status: status('tested', 'processing'), plannedAt: at, pending: 2500, format: dateFormat, count });
    expect(running).toEqual({
      title: 'Stop sending the issue?',
      text: '2.500 messages are not sent yet. Any the mail server is already taking still go; the rest stay unsent. What has been sent cannot be called back; a reschedule sends the rest later.',
      action: 'CANCEL PUBLICATION',
    });
    expect(cancelConfirmation({ status: status('tested', 'processing'), plannedAt: null, pending: 1, format: dateFormat, count }).text).toMatch(
      /^1 message is not sent yet\. If the mail server is already taking it, it still goes; otherwise it stays unsent\./,
    );
  });
});

describe('the timeline', () => {
  const format = (date: Date) => date.toISOString();
  const now = new Date('2026-11-23T10:00:00Z');
  const base = { mediums: { email: true, notification: false }, publishedAt: null, plannedAt: null, notifiedAt: null, emailedAt: null };

  it("says 'will be' for a planned date still ahead, and what the plan sends", () => {
    const lines = timelineOf(
      { ...base, status: status('tested', 'scheduled'), plannedAt: '2026-11-23T12:00:00.000Z', publishedAt: '2026-11-23T12:00:00.000Z' },
      now,
      format,
    );
    expect(lines).toEqual([
      'Issue is tested.',
      'Scheduled for 2026-11-23T12:00:00.000Z.',
      'Issue will be published at 2026-11-23T12:00:00.000Z.',
      'Issue will be sent as email at 2026-11-23T12:00:00.000Z.',
    ]);
  });

  it("says 'is' for what happened", () => {
    const at = '2026-11-22T08:00:00.000Z';
    const lines = timelineOf(
      { ...base, status: status('tested', 'published', 'emailed', 'notified'), publishedAt: at, emailedAt: at, notifiedAt: at },
      now,
      format,
    );
    expect(lines).toEqual(['Issue is tested.', `Issue is published at ${at}.`, `Issue is sent as notification at ${at}.`, `Issue is sent as email at ${at}.`]);
    expect(timelineOf({ ...base, status: status('tested', 'queued') }, now, format)).toEqual(['Issue is tested.', 'Issue is queued.']);
    expect(timelineOf({ ...base, status: status('tested', 'processing') }, now, format)).toContain('Issue is processing...');
  });

  it('never tells a send under way as sent: published at its start, sent only once every copy went', () => {
    const started = '2026-11-23T09:59:00.000Z';
    const sending = { ...base, mediums: { email: true, notification: true }, plannedAt: started };
    // Being sent: the web page is published, the e-mail and the notification are not sent yet.
    expect(timelineOf({ ...sending, status: status('tested', 'processing', 'published'), publishedAt: started }, now, format)).toEqual([
      'Issue is tested.',
      'Issue is processing...',
      `Issue is published at ${started}.`,
    ]);
    // Queued at its time, before the send starts: nothing is told done.
    expect(timelineOf({ ...sending, status: status('tested', 'queued') }, now, format)).toEqual(['Issue is tested.', 'Issue is queued.']);
    // Cancelled mid-way: what went is the web page; the e-mail was never all sent.
    expect(timelineOf({ ...sending, status: status('tested', 'published', 'cancelled'), publishedAt: started }, now, format)).toEqual([
      'Issue is tested.',
      `Issue is published at ${started}.`,
    ]);
  });
});

describe('signed links', () => {
  const signer = createLinkSigner(new TextEncoder().encode('a secret of the tests'));

  it('gives back the value of a link it signed and nothing for a forged or altered one', () => {
    const signed = signer.sign('subscriber-1');
    expect(signer.verify(signed)).toBe('subscriber-1');
    expect(signer.verify(signed.replace('subscriber-1', 'subscriber-2'))).toBeNull();
    expect(signer.verify('subscriber-1')).toBeNull();
    expect(signer.verify(`${signed}x`)).toBeNull();
    expect(createLinkSigner(new TextEncoder().encode('another secret')).verify(signed)).toBeNull();
  });
});

describe("the sender's reading of SMTP answers", () => {
  const recipient = { subscriber_id: 's1', email: 'a@example.com', name: '', attempts: 0 };

  it('tells accepted, temporary, permanent, unreachable and unknown fates apart', () => {
    expect(answerOf({ responseCode: 451, response: '451 4.7.1 Try again later' }).outcome).toBe('temporary');
    expect(answerOf({ responseCode: 454, response: '454 Throttling' }).outcome).toBe('temporary');
    // 421 closes the session: the server's state, whatever the message's stage (decision 0020).
    expect(answerOf({ responseCode: 421, response: '421 Service not available', command: 'CONN' }, false).outcome).toBe('unreachable');
    expect(answerOf({ responseCode: 550, response: '550 5.1.1 User unknown' }).outcome).toBe('permanent');
    expect(answerOf({ code: 'ECONNECTION', command: 'CONN', message: 'connect ECONNREFUSED' }, false).outcome).toBe('unreachable');
    expect(answerOf({ code: 'ESOCKET', message: 'socket hang up' }, true).outcome).toBe('doubt');
  });

  it('retries a temporary refusal later, up to the limit, and records the rest with the answer', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    const later = outcomeOf(recipient, { outcome: 'temporary', code: 451, text: '451 later' }, now);
    expect(later).toMatchObject({ state: 'pending', answer: '451 later' });
    expect(later.nextAt!.getTime()).toBeGreaterThan(now);
    expect(outcomeOf({ ...recipient, attempts: 10 }, { outcome: 'temporary', code: 451, text: '451 later' }, now).state).toBe('failed');
    expect(outcomeOf(recipient, { outcome: 'permanent', code: 550, text: '550 no' }, now)).toMatchObject({ state: 'failed', answer: '550 no' });
    expect(outcomeOf(recipient, { outcome: 'doubt', code: null, text: 'socket hang up' }, now).state).toBe('doubt');
    expect(isHardBounce({ outcome: 'permanent', code: 550, text: '550 5.1.1 User unknown' })).toBe(true);
    expect(isHardBounce({ outcome: 'permanent', code: 552, text: '552 5.2.2 Mailbox full' })).toBe(false);
  });

  it('slows down after a temporary refusal and recovers to the limit as messages are accepted', async () => {
    const gate = new RateGate(0);
    expect(gate.current).toBe(Infinity);
    gate.slowDown(400);
    expect(gate.current).toBe(200);
    for (let i = 0; i < 2000; i++) gate.recover();
    expect(gate.current).toBe(Infinity);
    const limited = new RateGate(100);
    const started = performance.now();
    for (let i = 0; i < 11; i++) await limited.take();
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });
});
