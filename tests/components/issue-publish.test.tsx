// @vitest-environment happy-dom
/**
 * The console side of publishing an issue (spec 001 sections 2, 4, 5 and 8): the publish page
 * shows exactly the sections its status and the viewer's role allow; Publish Only and Send to
 * subscribers follow the mediums; the checks before a test or a publication are toasts 'Error!'
 * and nothing is asked of the server; draft stories open the draft-story modal instead of a
 * publication, and ACCEPT ALL accepts what it can; after a publication the issue is shown as the
 * call answers it, at once and without asking for it again, unless the room told a later move
 * meanwhile; the status and the deliveries follow the room's events; the preview builds the
 * e-mail, toggles light and dark and lets the server forget the build when it closes.
 * Issue 29: the checklist 'Before you publish' says what is missing and links to it; the button
 * says what it does (PUBLISH NOW, SCHEDULE, ...); nothing goes out before a confirmation that says
 * to whom (the counts of GET /issues/preflight/{id}) and when; a cancel is confirmed too; after a
 * send SEE RESULTS comes first and the reschedule form opens on demand; no '0 of 0' while sending.
 */
import { setIconOptions } from '@fluentui/react';
import { format } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Socket } from 'socket.io-client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../../core/shared/config';
import type { Permission } from '../../core/shared/permissions';
import type { Issue } from '../../schemas/generated/entities/issue';
import { issueOf } from './issue-fixture';
import type { NewsletterSummary } from '../../schemas/generated/entities/newsletter-summary';
import type { Story } from '../../schemas/generated/entities/story';

const origin = 'http://localhost';

const storyOf = (id: string, fields: Partial<Story> & { flags?: Partial<Story['status']> }): Story => ({
  _id: id,
  type: 'article',
  title: `Haber ${id}`,
  subtitle: 'Alt başlık',
  slug: `haber-${id}`,
  subject: `Haber ${id}`,
  image: '/uploads/images/2026-11/cover-medium.webp',
  body: { html: '<p>Metin</p>', text: 'Metin', summary: '' },
  tags: [],
  interest: null,
  keywords: [],
  writer: { _id: 'w1', name: 'Emre Demir', user: 'u1' },
  newsletter: 'n1',
  issue: 'i1',
  episode: null,
  isPremium: false,
  notify: false,
  meta: { readingTime: 60_000 },
  status: {
    draft: false,
    ready: true,
    accepted: true,
    scheduled: false,
    queued: false,
    processing: false,
    notified: false,
    published: false,
    featured: false,
    tested: false,
    rejected: false,
    cancelled: false,
    ...fields.flags,
  },
  owner: { _id: 'u1', name: 'Emre Demir', image: '' },
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  publishedAt: null,
  notifiedAt: null,
  ...fields,
});

const acceptedStories = [storyOf('s1', {}), storyOf('s2', {}), storyOf('s3', {}), storyOf('parked', { flags: { draft: true, ready: false, accepted: false } })];
const newsletterOf = (fields: Partial<NewsletterSummary> = {}): NewsletterSummary => ({
  _id: 'n1',
  title: 'Kuzey Bülteni',
  subtitle: '',
  description: '',
  image: '',
  color: '#ffce14',
  textColor: '#000000',
  key: 'kuzey-bulteni',
  lang: 'tr',
  status: { published: true, featured: false, archived: false },
  testers: ['u1'],
  stats: { subscribers: 12840 },
  publisher: 'p1',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const counts = (fields: Partial<Record<'total' | 'sent' | 'failed' | 'doubt' | 'pending', number>> = {}) => ({
  total: 0,
  sent: 0,
  failed: 0,
  doubt: 0,
  pending: 0,
  ...fields,
});

/** What the fake server answers and what it was asked. */
let newsletter = newsletterOf();
/** The issue as the publish and cancel calls answer it (and GET /issues/list/i1, which the page should not ask). */
let answeredIssue: Issue = issueOf({ tested: true, scheduled: true });
/** Runs as the publish call is answered, before the answer leaves: what the room says meanwhile. */
let beforeAnswer: (() => void) | null = null;
let publishAnswer: { status: number; body: unknown } = { status: 200, body: null };
let deliveries = { email: counts(), notification: counts(), failures: [] as { email: string; answer: string; at: string }[], mailServer: null as unknown };
/** GET /issues/preflight/i1: the draft stories the server finds, the subscribers the issue would go to now, and the suppressed addresses left out. */
const preflightOf = (drafts: { _id: string; name: string }[] = []) => ({ drafts, recipients: { email: 2821, notification: 1180 }, suppressed: 3 });
let preflight = preflightOf();
const sender = { from: { name: 'Kuzey Bülteni', address: 'bulten@kuzey.example' }, replyTo: 'okur@kuzey.example' };
let built = { html: '<p>Açık</p>', darkHtml: '<p>Koyu</p>', text: 'Açık', bytes: 48_200, clipped: false, ...sender };
const calls: string[] = [];
const publishBodies: { publishedAt?: string; publishOptions: Record<string, unknown> }[] = [];
const retries: unknown[] = [];
const previewCalls: string[] = [];

const server = setupServer(
  http.get(`${origin}/api/newsletters/list/n1`, () => HttpResponse.json({ data: newsletter })),
  // The preview's own issue: the page tests' late cleanups (i1) do not mix in.
  http.post(`${origin}/api/issues/build/i2`, () => {
    previewCalls.push('POST build');
    return HttpResponse.json({ data: built });
  }),
  http.delete(`${origin}/api/issues/build/i2`, () => {
    previewCalls.push('DELETE build');
    return HttpResponse.json({ data: true });
  }),
  http.post(`${origin}/api/issues/build/i1`, () => {
    calls.push('POST build');
    return HttpResponse.json({ data: built });
  }),
  http.delete(`${origin}/api/issues/build/i1`, () => {
    calls.push('DELETE build');
    return HttpResponse.json({ data: true });
  }),
  http.post(`${origin}/api/issues/publish/i1`, async ({ request }) => {
    calls.push('POST publish');
    const body = (await request.json()) as (typeof publishBodies)[number];
    publishBodies.push(body);
    if (publishAnswer.status !== 200) return HttpResponse.json(publishAnswer.body as Record<string, unknown>, { status: publishAnswer.status });
    const msg = body.publishOptions.test ? 'A test email has been sent.' : 'You can close this page and we will do the rest.';
    beforeAnswer?.();
    return HttpResponse.json({ data: answeredIssue, msg });
  }),
  http.delete(`${origin}/api/issues/publish/i1`, () => {
    calls.push('DELETE publish');
    return HttpResponse.json({ data: answeredIssue, msg: 'The issue is successfully cancelled.' });
  }),
  http.get(`${origin}/api/issues/list/i1`, () => {
    calls.push('GET issue');
    return HttpResponse.json({ data: answeredIssue });
  }),
  // The issue's subject test (issue 58): none here (tests/components/subject-test.test.tsx shows one).
  http.get(`${origin}/api/issues/update/i1`, () => HttpResponse.json({ data: { body: answeredIssue, subjectTest: null } })),
  http.get(`${origin}/api/issues/update/i1/content`, () => {
    calls.push('GET content');
    return HttpResponse.json({ data: {}, stories: acceptedStories });
  }),
  http.get(`${origin}/api/issues/preflight/i1`, () => {
    calls.push('GET preflight');
    return HttpResponse.json({ data: preflight });
  }),
  // The counts of what came back (BounceCounts), once messages went.
  http.get(`${origin}/api/issues/bounces/i1`, () => HttpResponse.json({ data: { hard: 0, soft: 0, complaint: 0 } })),
  http.get(`${origin}/api/issues/deliveries/i1`, () => {
    calls.push('GET deliveries');
    return HttpResponse.json({ data: deliveries });
  }),
  http.post(`${origin}/api/issues/deliveries/i1/retry`, async ({ request }) => {
    retries.push(await request.json());
    deliveries = { ...deliveries, email: { ...deliveries.email, failed: 0, pending: deliveries.email.pending + deliveries.email.failed } };
    return HttpResponse.json({ data: deliveries, msg: 'The failed messages are sent again.' });
  }),
  http.put(`${origin}/api/stories/accept/:id`, ({ params }) => {
    calls.push(`accept ${String(params.id)}`);
    if (params.id === 's2') return HttpResponse.json({ msg: 'Error!', details: [{ message: 'Article image is required', path: 'image' }] }, { status: 422 });
    return HttpResponse.json({ data: storyOf(String(params.id), {}), msg: 'The story is accepted.' });
  }),
);

/** Enough of a socket for LiveIssue and the deliveries: handlers by event name, and a way to fire one. */
class FakeSocket {
  connected = false;
  id = 'socket-1';
  private handlers = new Map<string, Set<(payload: unknown) => void>>();
  on(event: string, handler: (payload: unknown) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: (payload: unknown) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit() {
    return this;
  }
  fire(event: string, payload: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

let PublishPage: typeof import('../../plugins/issues/client/publish/PublishPage').PublishPage;
let PreviewDialog: typeof import('../../plugins/issues/client/publish/PreviewDialog').PreviewDialog;
let LiveIssue: typeof import('../../plugins/issues/client/editor/live-issue').LiveIssue;
let useLiveState: typeof import('../../plugins/issues/client/editor/use-live-issue').useLiveState;
let Toaster: typeof import('../../core/client/toasts').Toaster;
let stores: typeof import('../../core/client/stores');
let checkMessages: typeof import('../../plugins/issues/publishing').checkMessages;
let publishPausedText: string;
let draftStoriesBlock: string;
let notTestedText: string;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/issues/edit/i1/publish`);
  server.listen({ onUnhandledRequest: 'error' });
  ({ PublishPage } = await import('../../plugins/issues/client/publish/PublishPage'));
  ({ PreviewDialog } = await import('../../plugins/issues/client/publish/PreviewDialog'));
  ({ LiveIssue } = await import('../../plugins/issues/client/editor/live-issue'));
  ({ useLiveState } = await import('../../plugins/issues/client/editor/use-live-issue'));
  ({ Toaster } = await import('../../core/client/toasts'));
  ({ checkMessages, publishPausedText, draftStoriesBlock, notTestedText } = await import('../../plugins/issues/publishing'));
  stores = await import('../../core/client/stores');
});
afterEach(() => {
  // Toasts live in a shared atom: close them so the next test starts with none.
  for (const item of screen.queryAllByTestId('toast'))
    fireEvent.click(within(item.closest<HTMLElement>('.ms-MessageBar')!).getByRole('button', { name: 'Close' }));
  cleanup();
  newsletter = newsletterOf();
  answeredIssue = issueOf({ tested: true, scheduled: true });
  beforeAnswer = null;
  publishAnswer = { status: 200, body: null };
  deliveries = { email: counts(), notification: counts(), failures: [], mailServer: null };
  preflight = preflightOf();
  built = { html: '<p>Açık</p>', darkHtml: '<p>Koyu</p>', text: 'Açık', bytes: 48_200, clipped: false, ...sender };
  calls.length = 0;
  publishBodies.length = 0;
  retries.length = 0;
  previewCalls.length = 0;
  stores.store.set(stores.editorVersionAtom, null);
});
afterAll(() => server.close());

const publisherPermissions: Permission[] = ['issues.list', 'issues.update', 'issues.publish', 'stories.accept'];

/** A director and an editor publish alike (half an hour ahead); an admin also cancels and reschedules. */
type Role = 'admin' | 'director' | 'editor';

function signIn(role: Role, more: Permission[] = []) {
  stores.store.set(stores.userAtom, {
    _id: 'u1',
    email: `${role}@masthead.local`,
    role: { key: role },
    publisher: 'p1',
    profile: { name: 'Emre Demir', biography: '', url: '', image: '' },
    status: { ready: true },
  });
  stores.store.set(stores.permissionsAtom, new Set<Permission>([...publisherPermissions, ...(role === 'admin' ? (['issues.cancel'] as const) : []), ...more]));
}

function Page({ live, socket }: { live: InstanceType<typeof LiveIssue>; socket: FakeSocket }) {
  const state = useLiveState(live);
  return <PublishPage live={live} state={state} socket={socket as unknown as Socket} />;
}

/**
 * The publish page of `issue` for a signed-in `role` (with `more` permissions), after the newsletter
 * has arrived and the page has asked for the preflight it opens with; what it asked so far is
 * forgotten, so that `calls` holds what the test itself makes happen.
 */
async function openPage(issue: Issue, role: Role = 'editor', more: Permission[] = []) {
  signIn(role, more);
  const socket = new FakeSocket();
  const live = new LiveIssue(issue, acceptedStories, socket as unknown as Socket);
  const location = memoryLocation({ path: '/issues/edit/i1/publish', record: true });
  render(
    <Router hook={location.hook}>
      <Page live={live} socket={socket} />
      <Toaster />
    </Router>,
  );
  await screen.findByRole('region', { name: 'Summary' });
  await waitFor(() => expect(calls).toContain('GET preflight'));
  calls.length = 0;
  return { live, socket, location };
}

/** The page's sections in order (toasts are regions too). */
/** The summary and the sections of spec 001 section 4 (the Status card with the timeline is read by its own tests). */
const sectionNames = () =>
  screen
    .queryAllByRole('region')
    .filter((region) => region.tagName === 'SECTION' && region.getAttribute('aria-label') !== 'Status')
    .map((region) => region.getAttribute('aria-label'));
/** Moves the clock on by `ms` (the publish page's tests run on fake timers), running the timers that fall due and what they start. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const toastTexts = () => screen.queryAllByTestId('toast').map((item) => item.textContent);
/** The publish call is answered and its answer shown: waited for, so it does not reach the next test; the issue is not asked for again. */
const answered = async () => {
  await waitFor(() => expect(toastTexts().some((text) => text?.startsWith('Success!'))).toBe(true));
  expect(calls).not.toContain('GET issue');
};
/** What the page asked of the server, the e-mail builds aside. */
const requests = () => calls.filter((call) => !call.endsWith(' build'));
/** The same without the preflight, which the page also asks whenever the issue's status moves on. */
const asked = () => requests().filter((call) => call !== 'GET preflight');
/** The checklist's section (its heading says 'Before you publish'). */
const checklistName = 'Pre-flight checklist';
/** A date as the confirmations write it in the English console (the test browser's language): '26 November 14:30'. */
const confirmDate = (date: Date) => format(date, 'd MMMM HH:mm', { locale: enUS });
/** Presses the button `name` of the section `section`. */
const press = (section: string, name: string) => fireEvent.click(within(screen.getByRole('region', { name: section })).getByRole('button', { name }));
/** The confirmation that opens; `title` and `text` are what it says. */
async function confirmation() {
  const dialog = await screen.findByRole('dialog');
  const title = dialog.querySelector('.ms-Dialog-title')?.textContent ?? '';
  const text = dialog.querySelector('.ms-Dialog-subText')?.textContent ?? '';
  return { dialog, title, text, press: (name: string) => fireEvent.click(within(dialog).getByRole('button', { name })) };
}
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

describe('the publish page', () => {
  // The date picker's rules depend on the clock: a run near midnight would type a time for the
  // next day into today's date. Date is faked, from mid-morning on with the real clock, and so are
  // timeouts, which pass when a test moves time on.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 5, 15, 10, 0, 12));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows From (the newsletter's sender) and Reply-To, To, Subject Line, Preview Text and the e-mail size", async () => {
    await openPage(issueOf({}));
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect((await within(summary).findByTestId('email-size')).textContent).toBe('E-mail size: 48 KB');
    expect(within(summary).getByText('Kuzey Bülteni <bulten@kuzey.example>')).toBeTruthy();
    expect(within(summary).getByText('okur@kuzey.example')).toBeTruthy();
    // To: the audience of the send, as the confirmation and the progress count it (issue 55), not the newsletter's subscribers.
    expect(await within(summary).findByText('2,821 e-mail and 1,180 app subscribers')).toBeTruthy();
    expect(
      within(summary).getByText('3 suppressed e-mail addresses are left out: the newsletter counts them among its e-mail subscribers, the send does not.'),
    ).toBeTruthy();
    expect(within(summary).queryByText('12,840 subscribers')).toBeNull();
    expect(within(summary).getByText('Kuzeyde kış hazırlığı başladı')).toBeTruthy();
    expect(within(summary).getByText('Limanlar, yollar ve okullar')).toBeTruthy();
    expect(within(summary).queryByText(/Gmail clips/)).toBeNull();
  });

  it('warns when the e-mail is over the size Gmail clips at', async () => {
    built = { ...built, bytes: 131_000, clipped: true };
    await openPage(issueOf({}));
    expect(await screen.findByText(/^Gmail clips e-mails over 102 KB/)).toBeTruthy();
  });

  it('shows each section exactly when the status and the role allow it', async () => {
    // A draft: the checklist and a test.
    await openPage(issueOf({ draft: true }));
    expect(sectionNames()).toEqual(['Summary', checklistName, 'Testing']);
    cleanup();

    // Tested, never sent: one send form, Publish, for an editor and an admin alike.
    await openPage(issueOf({ tested: true }));
    expect(sectionNames()).toEqual(['Summary', checklistName, 'Testing', 'Publish']);
    cleanup();
    await openPage(issueOf({ tested: true }), 'admin');
    expect(sectionNames()).toEqual(['Summary', checklistName, 'Testing', 'Publish']);
    expect(screen.getAllByRole('button', { name: /^(PUBLISH|SCHEDULE|RESCHEDULE)/ })).toHaveLength(1);
    cleanup();

    // Scheduled: nothing for an editor, Cancel for an admin; the checklist is done with.
    const scheduled = issueOf({ tested: true, scheduled: true }, { plannedAt: '2099-01-05T09:30:00.000Z', mediums: { email: true, notification: true } });
    await openPage(scheduled);
    expect(sectionNames()).toEqual(['Summary']);
    cleanup();
    await openPage(scheduled, 'admin');
    expect(sectionNames()).toEqual(['Summary', 'Cancel']);
    cleanup();

    // Published only on its page: e-mail and notification can follow; the page links to the issue.
    await openPage(issueOf({ tested: true, published: true }, { publishedAt: '2026-11-20T09:00:00.000Z' }));
    expect(sectionNames()).toEqual(['Summary', 'Testing', 'Publish as Notification', 'Publish as E-mail']);
    expect(screen.getByRole('link', { name: 'Go To Issue' }).getAttribute('href')).toBe('/i/kuzeyde-kis-hazirligi');
    cleanup();

    // Emailed and notified: no test, nothing more to send; an admin may reschedule.
    await openPage(issueOf({ tested: true, published: true, emailed: true, notified: true }), 'admin');
    expect(sectionNames()).toEqual(['Summary', 'Reschedule']);
  });
  it("writes the timeline with the spec's lines, 'will be' for what is ahead", async () => {
    await openPage(
      issueOf(
        { tested: true, scheduled: true },
        { plannedAt: '2099-01-05T09:30:00.000Z', publishedAt: '2099-01-05T09:30:00.000Z', mediums: { email: true, notification: false } },
      ),
    );
    const lines = within(screen.getByRole('list', { name: 'Timeline' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // The cards' 'DD MMMM YYYY' and the time, in the English console: '05 January 2099 09:30'.
    const at = format(new Date('2099-01-05T09:30:00.000Z'), 'dd MMMM yyyy HH:mm', { locale: enUS });
    expect(lines).toEqual(['Issue is tested.', `Scheduled for ${at}.`, `Issue will be published at ${at}.`, `Issue will be sent as email at ${at}.`]);
  });

  it("lists what publishing needs before the first publication: the spec's message and a link for each condition that fails", async () => {
    newsletter = newsletterOf({ testers: [] });
    preflight = preflightOf([{ _id: 's2', name: 'Resimsiz haber' }]);
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    await openPage(issueOf({ draft: true }, { subject: 'Ab', preview: '', notification: { title: 'Kış geliyor', body: '' } }), 'editor', [
      'newsletters.update',
    ]);
    const checklist = screen.getByRole('region', { name: checklistName });
    expect(within(checklist).getByRole('heading', { name: 'Before you publish' })).toBeTruthy();
    const list = within(checklist).getByRole('list', { name: 'Checklist' });
    // The draft stories come from the server: looked for, then named.
    await waitFor(() => expect(within(list).getByRole('listitem', { name: 'Stories accepted: to do' }).textContent).toContain('Resimsiz haber'));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Subject line: to do',
      'Preview text: to do',
      'Notification title: done',
      'Notification subtitle: to do',
      'Testers: to do',
      'Stories accepted: to do',
      'Tested: to do',
    ]);
    expect(within(checklist).getByRole('status').textContent).toBe('6 things are left to do.');

    const item = (name: string) => within(list).getByRole('listitem', { name });
    const fixedAt = (name: string, message: string, link: string) => {
      expect(within(item(name)).getByText(message)).toBeTruthy();
      return within(item(name)).getByRole('link', { name: link }).getAttribute('href');
    };
    expect(fixedAt('Subject line: to do', checkMessages.subject, 'Open the issue settings')).toBe('/issues/edit/i1/credentials');
    expect(fixedAt('Preview text: to do', checkMessages.preview, 'Open the issue settings')).toBe('/issues/edit/i1/credentials');
    expect(fixedAt('Notification subtitle: to do', checkMessages.notificationBody, 'Open the issue settings')).toBe('/issues/edit/i1/credentials');
    expect(fixedAt('Testers: to do', checkMessages.testers, 'Open the newsletter settings')).toBe('/newsletters/show/n1/settings');
    expect(fixedAt('Stories accepted: to do', `${draftStoriesBlock} Resimsiz haber`, 'Open the issue')).toBe('/issues/edit/i1#story-s2');
    // What holds says nothing more.
    expect(within(item('Notification title: done')).queryByRole('link')).toBeNull();
    expect(within(item('Notification title: done')).queryByText(checkMessages.notificationTitle)).toBeNull();
    // Not tested: the link takes the reader to the Testing section.
    expect(within(item('Tested: to do')).getByText(notTestedText)).toBeTruthy();
    fireEvent.click(within(item('Tested: to do')).getByRole('button', { name: 'Go to Testing' }));
    expect(scrolled).toEqual([screen.getByRole('region', { name: 'Testing' })]);
    scrollIntoView.mockRestore();
    cleanup();

    // Without the right to change the newsletter's settings, the testers' message stands without a link.
    await openPage(issueOf({ tested: true }));
    const testers = within(screen.getByRole('list', { name: 'Checklist' })).getByRole('listitem', { name: 'Testers: to do' });
    expect(within(testers).getByText(checkMessages.testers)).toBeTruthy();
    expect(within(testers).queryByRole('link')).toBeNull();
  });

  it("says 'Everything is ready.' when every condition holds", async () => {
    await openPage(issueOf({ tested: true }), 'editor', ['newsletters.update']);
    const checklist = screen.getByRole('region', { name: checklistName });
    expect(await within(checklist).findByText('Everything is ready.')).toBeTruthy();
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Subject line: done',
      'Preview text: done',
      'Notification title: done',
      'Notification subtitle: done',
      'Testers: done',
      'Stories accepted: done',
      'Tested: done',
    ]);
    expect(within(checklist).queryByRole('link')).toBeNull();
  });

  it('turns Publish Only and the mediums into each other, and publishes with what is chosen', async () => {
    await openPage(issueOf({ tested: true }));
    const publish = screen.getByRole('region', { name: 'Publish' });
    const email = within(publish).getByRole('checkbox', { name: 'E-mail' }) as HTMLInputElement;
    const notification = within(publish).getByRole('checkbox', { name: 'Notification' }) as HTMLInputElement;
    const only = within(publish).getByRole('radio', { name: 'Publish Only' }) as HTMLInputElement;
    const send = within(publish).getByRole('radio', { name: 'Send to subscribers' }) as HTMLInputElement;
    expect([email.checked, notification.checked, send.checked]).toEqual([true, true, true]);

    fireEvent.click(email);
    expect([email.checked, notification.checked, send.checked]).toEqual([false, true, true]);
    // Unchecking the last medium is Publish Only.
    fireEvent.click(notification);
    expect([email.checked, notification.checked, only.checked]).toEqual([false, false, true]);
    // Send to subscribers turns both on again.
    fireEvent.click(send);
    expect([email.checked, notification.checked, send.checked]).toEqual([true, true, true]);
    fireEvent.click(only);
    expect([email.checked, notification.checked, only.checked]).toEqual([false, false, true]);

    // An editor plans half an hour ahead: the button schedules, and the confirmation says nobody is sent anything.
    fireEvent.click(within(publish).getByRole('button', { name: 'SCHEDULE' }));
    const asking = await confirmation();
    expect(asking.text).toMatch(/^Publish on the web page only at .+\. Nobody is sent anything\.$/);
    asking.press('SCHEDULE');
    await waitFor(() => expect(publishBodies).toHaveLength(1));
    await answered();
    const body = publishBodies[0]!;
    expect(body.publishOptions).toEqual({ test: false, publishOnly: true, overridePublishedAt: false, mediums: { email: false, notification: false } });
    // The default date: a minute or more ahead, seconds zeroed; the one the confirmation named.
    const date = new Date(body.publishedAt!);
    expect(date.getSeconds()).toBe(0);
    expect(date.getTime()).toBeGreaterThan(Date.now());
    expect(asking.title).toBe(`Schedule for ${confirmDate(date)}?`);
  });

  it('keeps SCHEDULE disabled for a time inside the half hour, with the reason', async () => {
    await openPage(issueOf({ tested: true }));
    const publish = screen.getByRole('region', { name: 'Publish' });
    const button = within(publish).getByRole('button', { name: 'SCHEDULE' }) as HTMLButtonElement;
    // A notification alone may go at once: five minutes ahead is fine.
    fireEvent.click(within(publish).getByRole('checkbox', { name: 'E-mail' }));
    const soon = new Date(Date.now() + 5 * 60_000);
    const time = within(publish).getByLabelText('Publish time');
    fireEvent.input(time, { target: { value: format(soon, 'HH:mm') } });
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('SCHEDULE');
    expect(within(publish).queryByText('Pick a time at least half an hour from now.')).toBeNull();
    // With the e-mail it needs half an hour.
    fireEvent.click(within(publish).getByRole('checkbox', { name: 'E-mail' }));
    expect(await within(publish).findByText('Pick a time at least half an hour from now.')).toBeTruthy();
    expect(button.disabled).toBe(true);
  });

  it("labels a director's button SCHEDULE, and confirms with the date and the counts before anything goes", async () => {
    await openPage(issueOf({ tested: true }), 'director');
    const publish = screen.getByRole('region', { name: 'Publish' });
    expect(within(publish).getByRole('combobox', { name: 'Date' })).toBeTruthy();
    // Even at the earliest time the half hour allows, it schedules: the button never says PUBLISH.
    const earliest = new Date(Date.now() + (constants.issues.scheduleLeadMinutes + 1) * 60_000);
    fireEvent.input(within(publish).getByLabelText('Publish time'), { target: { value: format(earliest, 'HH:mm') } });
    expect(within(publish).getByRole('button', { name: 'SCHEDULE' })).toBeTruthy();
    expect(within(publish).queryByRole('button', { name: /PUBLISH/ })).toBeNull();

    fireEvent.input(within(publish).getByLabelText('Publish time'), { target: { value: '14:30' } });
    fireEvent.click(within(publish).getByRole('button', { name: 'SCHEDULE' }));
    const asking = await confirmation();
    expect(asking.title).toBe('Schedule for 15 June 14:30?');
    expect(asking.text).toBe('Send to 2,821 e-mail and 1,180 app subscribers at 15 June 14:30.');
    expect(within(asking.dialog).getByRole('button', { name: 'BACK' })).toBeTruthy();
    // The recipients were asked for; nothing is published before the confirmation.
    expect(requests()).toEqual(['GET preflight']);
    asking.press('SCHEDULE');
    await waitFor(() => expect(publishBodies).toHaveLength(1));
    await answered();
    expect(publishBodies[0]!.publishedAt).toBe(new Date(2026, 5, 15, 14, 30).toISOString());
  });

  it('sends nothing when the confirmation is left with BACK', async () => {
    await openPage(issueOf({ tested: true }), 'admin');
    press('Publish', 'PUBLISH NOW');
    const asking = await confirmation();
    asking.press('BACK');
    await dialogClosed();
    await advance(1_000);
    expect(requests()).toEqual(['GET preflight']);
    expect(publishBodies).toEqual([]);
    const button = within(screen.getByRole('region', { name: 'Publish' })).getByRole('button', { name: 'PUBLISH NOW' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('shows each failed check as a toast and asks nothing of the server', async () => {
    newsletter = newsletterOf({ testers: [] });
    await openPage(issueOf({ tested: true }, { subject: 'Ab', notification: { title: 'Kış geliyor', body: '' } }));
    fireEvent.click(screen.getByRole('button', { name: 'SEND TEST' }));
    // A toast's text comes a render after its frame: wait for the words, not only the count.
    await waitFor(() =>
      expect(toastTexts()).toEqual([`Error!${checkMessages.subject}`, `Error!${checkMessages.notificationBody}`, `Error!${checkMessages.testers}`]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'SCHEDULE' }));
    await advance(50);
    expect(requests()).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a test, says so and shows the issue as the call answers it', async () => {
    answeredIssue = issueOf({ tested: true, ready: true });
    // Draft stories do not stop a test: it is sent without asking for them.
    preflight = preflightOf([{ _id: 's2', name: 'Resimsiz haber' }]);
    await openPage(issueOf({ draft: true }));
    fireEvent.click(screen.getByRole('button', { name: 'SEND TEST' }));
    expect(await screen.findByText('A test email has been sent.')).toBeTruthy();
    expect(publishBodies[0]).toEqual({
      publishOptions: { test: true, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } },
    });
    // Now tested, as the answer says: the Publish section appears, and the issue is not asked for again.
    await waitFor(() => expect(sectionNames()).toEqual(['Summary', checklistName, 'Testing', 'Publish']));
    expect(asked()).toEqual(['POST publish']);
    // Its status moved on: the checklist's preflight is asked for again.
    await waitFor(() => expect(requests()).toEqual(['POST publish', 'GET preflight']));
    expect(screen.getByRole('listitem', { name: 'Tested: done' })).toBeTruthy();
  });

  it('confirms a publication now with the counts, publishes at the time of the confirmation, and shows the issue as answered at once', async () => {
    answeredIssue = issueOf({ tested: true, scheduled: true }, { plannedAt: '2099-01-05T09:30:00.000Z', mediums: { email: true, notification: true } });
    await openPage(issueOf({ tested: true }), 'admin');
    // An admin's time starts a minute ahead: it goes now, and says so.
    press('Publish', 'PUBLISH NOW');
    const asking = await confirmation();
    expect(asking.title).toBe('Send to 2,821 e-mail and 1,180 app subscribers now?');
    expect(asking.text).toBe('It starts as soon as you confirm.');
    expect(requests()).toEqual(['GET preflight']);
    // The confirming button repeats the form's.
    asking.press('PUBLISH NOW');
    const confirmedAt = Date.now();
    expect(await screen.findByText('You can close this page and we will do the rest.')).toBeTruthy();
    expect(requests().slice(0, 2)).toEqual(['GET preflight', 'POST publish']);
    const body = publishBodies[0]!;
    expect(body.publishOptions).toEqual({
      test: false,
      publishOnly: false,
      overridePublishedAt: false,
      mediums: { email: true, notification: true },
    });
    // 'Now' is when it was confirmed, not the minute ahead the picker offered.
    expect(Math.abs(Date.parse(body.publishedAt!) - confirmedAt)).toBeLessThan(5_000);
    // Scheduled now, as answered: an admin sees Cancel and the timeline says when, no time passing first.
    await waitFor(() => expect(sectionNames()).toEqual(['Summary', 'Cancel']));
    expect(screen.getByText(/^Scheduled for /)).toBeTruthy();
    expect(calls).not.toContain('GET issue');
  });

  it('keeps what the room said while the call was answered: the answer does not take the issue back', async () => {
    const mediums = { email: true, notification: true };
    answeredIssue = issueOf({ tested: true, queued: true }, { mediums });
    const { socket } = await openPage(issueOf({ tested: true }), 'admin');
    // The server tells the room before it answers, and the job may start meanwhile.
    beforeAnswer = () =>
      act(() =>
        socket.fire('issue-i1', {
          type: 'issue-status',
          issue: issueOf({ tested: true, published: true, processing: true }, { mediums, publishedAt: '2026-06-15T07:00:12.000Z' }),
        }),
      );
    press('Publish', 'PUBLISH NOW');
    (await confirmation()).press('PUBLISH NOW');
    await answered();
    expect(screen.getByText('Issue is processing...')).toBeTruthy();
    expect(screen.queryByText('Issue is queued.')).toBeNull();
    cleanup();

    // Without a word from the room, the answer is what is shown.
    beforeAnswer = null;
    await openPage(issueOf({ tested: true }), 'admin');
    press('Publish', 'PUBLISH NOW');
    (await confirmation()).press('PUBLISH NOW');
    expect(await screen.findByText('Issue is queued.')).toBeTruthy();
    expect(publishBodies).toHaveLength(2);
    expect(calls).not.toContain('GET issue');
  });

  it('sends a published issue as a notification now and schedules its e-mail, each button saying which', async () => {
    await openPage(issueOf({ tested: true, published: true }, { publishedAt: '2026-06-15T06:00:00.000Z' }));
    const notification = screen.getByRole('region', { name: 'Publish as Notification' });
    const email = screen.getByRole('region', { name: 'Publish as E-mail' });
    expect(within(notification).getByLabelText('Notification time')).toBeTruthy();
    expect(within(email).getByLabelText('E-mail time')).toBeTruthy();
    // A notification needs no lead; an e-mail goes half an hour ahead at the earliest.
    expect(within(email).getByRole('button', { name: 'SCHEDULE E-MAIL' })).toBeTruthy();
    fireEvent.click(within(notification).getByRole('button', { name: 'SEND AS NOTIFICATION' }));
    const asking = await confirmation();
    expect(asking.title).toBe('Send to 1,180 app subscribers now?');
    asking.press('SEND AS NOTIFICATION');
    await waitFor(() => expect(publishBodies).toHaveLength(1));
    await answered();
    expect(publishBodies[0]!.publishOptions).toMatchObject({ publishOnly: false, mediums: { email: false, notification: true } });
  });

  it('shows a refusal through the shared handler and lets the user try again', async () => {
    publishAnswer = { status: 409, body: { msg: 'The issue cannot be published in its current state.' } };
    await openPage(issueOf({ tested: true }));
    const button = within(screen.getByRole('region', { name: 'Publish' })).getByRole('button', { name: 'SCHEDULE' }) as HTMLButtonElement;
    fireEvent.click(button);
    (await confirmation()).press('SCHEDULE');
    expect(await screen.findByText('The issue cannot be published in its current state.')).toBeTruthy();
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(calls).not.toContain('GET issue');
  });

  it('opens the draft-story modal instead of publishing; ACCEPT ALL accepts what it can', async () => {
    // The draft stories the server finds (the parked 'Draft Stories' channel aside).
    preflight = preflightOf([
      { _id: 's2', name: 'Resimsiz haber' },
      { _id: 's3', name: 'Liman yarın açılıyor' },
    ]);
    await openPage(issueOf({ tested: true }));
    press('Publish', 'SCHEDULE');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This issue has draft stories')).toBeTruthy();
    const listed = () =>
      within(within(dialog).getByRole('list', { name: 'Draft stories' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(listed()).toEqual(['Resimsiz haber', 'Liman yarın açılıyor']);
    expect(requests()).toEqual(['GET preflight']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'ACCEPT ALL' }));
    expect(await screen.findByText('Article image is required')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('accept s3'));
    expect(calls.filter((call) => call.startsWith('accept'))).toEqual(['accept s2', 'accept s3']);
    // The refused article stays listed; the bullet was accepted.
    await waitFor(() => expect(listed()).toEqual(['Resimsiz haber']));

    fireEvent.click(within(dialog).getByRole('button', { name: 'BACK TO ISSUE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Closed: the checklist asks again what is left.
    await waitFor(() => expect(requests().filter((call) => call === 'GET preflight')).toHaveLength(2));
    expect(calls).not.toContain('POST publish');
  });

  it("opens the modal from the server's refusal too", async () => {
    publishAnswer = {
      status: 422,
      body: { msg: 'Draft stories block publishing; they must be accepted or removed.', details: [{ message: 'Geç gelen haber', path: ['stories', 's9'] }] },
    };
    await openPage(issueOf({ tested: true }));
    press('Publish', 'SCHEDULE');
    (await confirmation()).press('SCHEDULE');
    const dialog = await screen.findByRole('dialog', { name: 'This issue has draft stories' });
    expect(within(dialog).getByText('Geç gelen haber')).toBeTruthy();
  });

  it('cancels a scheduled issue (admins) once confirmed, and shows it as the call answers', async () => {
    answeredIssue = issueOf({ tested: true, cancelled: true });
    await openPage(issueOf({ tested: true, scheduled: true }, { plannedAt: '2099-01-05T09:30:00.000Z' }), 'admin');
    fireEvent.click(screen.getByRole('button', { name: 'CANCEL' }));
    const asking = await confirmation();
    expect(asking.title).toBe('Cancel the publication?');
    expect(asking.text).toBe(
      `The issue will not go out at ${confirmDate(new Date('2099-01-05T09:30:00.000Z'))}. You can publish or reschedule it again later.`,
    );
    expect(calls).not.toContain('DELETE publish');
    asking.press('CANCEL PUBLICATION');
    expect(await screen.findByText('The issue is successfully cancelled.')).toBeTruthy();
    // Cancelled: sending it again is a reschedule, the one send form.
    await waitFor(() => expect(sectionNames()).toEqual(['Summary', checklistName, 'Testing', 'Reschedule']));
    expect(calls).not.toContain('GET issue');
  });

  it('says what stays unsent before stopping an issue being sent, and stops nothing on BACK', async () => {
    answeredIssue = issueOf({ tested: true, cancelled: true, published: true, emailed: true });
    deliveries = {
      email: counts({ total: 100, sent: 40, failed: 2, pending: 58 }),
      notification: counts({ total: 20, sent: 10, pending: 10 }),
      failures: [],
      mailServer: null,
    };
    await openPage(issueOf({ tested: true, processing: true }, { mediums: { email: true, notification: true } }), 'admin');
    fireEvent.click(screen.getByRole('button', { name: 'CANCEL' }));
    let asking = await confirmation();
    expect(asking.title).toBe('Stop sending the issue?');
    expect(asking.text).toBe(
      '68 messages are not sent yet. Any the mail server is already taking still go; the rest stay unsent. What has been sent cannot be called back; a reschedule sends the rest later.',
    );
    asking.press('BACK');
    await dialogClosed();
    expect(calls).not.toContain('DELETE publish');

    fireEvent.click(screen.getByRole('button', { name: 'CANCEL' }));
    asking = await confirmation();
    asking.press('CANCEL PUBLICATION');
    expect(await screen.findByText('The issue is successfully cancelled.')).toBeTruthy();
    expect(calls.filter((call) => call === 'DELETE publish')).toHaveLength(1);
    await answered();
  });

  it("reschedules on the issue's own date while it is still ahead, without sending one", async () => {
    await openPage(issueOf({ tested: true, cancelled: true }, { plannedAt: '2099-01-05T09:30:00.000Z' }), 'admin');
    const reschedule = screen.getByRole('region', { name: 'Reschedule' });
    expect(within(reschedule).getByRole('combobox', { name: 'Date' })).toBeTruthy();
    fireEvent.click(within(reschedule).getByRole('button', { name: 'RESCHEDULE' }));
    const asking = await confirmation();
    const planned = confirmDate(new Date('2099-01-05T09:30:00.000Z'));
    expect(asking.title).toBe(`Schedule for ${planned}?`);
    expect(asking.text).toBe(`Send to 2,821 e-mail and 1,180 app subscribers at ${planned}. Subscribers who already received it get nothing.`);
    asking.press('RESCHEDULE');
    await waitFor(() => expect(publishBodies).toHaveLength(1));
    await answered();
    expect(publishBodies[0]).not.toHaveProperty('publishedAt');
  });

  it('counts the copies a cancelled send left unsent among those a reschedule now reaches', async () => {
    // Cancelled mid-way: 13 copies pending; everyone has a copy's row, so the preflight counts nobody new but one reader.
    preflight = { ...preflightOf(), recipients: { email: 1, notification: 0 } };
    deliveries = { email: counts({ total: 62, sent: 49, pending: 13 }), notification: counts(), failures: [], mailServer: null };
    await openPage(issueOf({ tested: true, published: true, cancelled: true }, { publishedAt: '2026-06-14T06:00:00.000Z' }), 'admin');
    fireEvent.click(within(screen.getByRole('region', { name: 'Reschedule' })).getByRole('button', { name: 'RESCHEDULE...' }));
    fireEvent.click(await within(screen.getByRole('region', { name: 'Reschedule' })).findByRole('button', { name: 'RESCHEDULE NOW' }));
    const asking = await confirmation();
    expect(asking.title).toBe('Send to 14 e-mail and 0 app subscribers now?');
    expect(asking.text).toBe('It starts as soon as you confirm. Subscribers who already received it get nothing.');
  });

  it('puts SEE RESULTS first after a send and keeps the reschedule form closed until asked for', async () => {
    const sent = issueOf(
      { tested: true, published: true, emailed: true, notified: true },
      { publishedAt: '2026-06-14T06:00:00.000Z', emailedAt: '2026-06-14T06:00:00.000Z', notifiedAt: '2026-06-14T06:00:00.000Z' },
    );
    await openPage(sent, 'admin', ['statistics.generate']);
    const status = screen.getByRole('region', { name: 'Status' });
    const links = within(status).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['SEE RESULTS', 'Go To Issue']);
    expect(links[0]!.getAttribute('href')).toBe('/issues/show/i1/analytics');

    const reschedule = screen.getByRole('region', { name: 'Reschedule' });
    expect(within(reschedule).getByText('A reschedule sends the issue only to the subscribers who did not receive it.')).toBeTruthy();
    expect(within(reschedule).queryByRole('combobox', { name: 'Date' })).toBeNull();
    expect(within(reschedule).queryByRole('button', { name: /^RESCHEDULE( NOW)?$/ })).toBeNull();
    fireEvent.click(within(reschedule).getByRole('button', { name: 'RESCHEDULE...' }));
    expect(await within(reschedule).findByRole('combobox', { name: 'Date' })).toBeTruthy();
    expect(within(reschedule).getByRole('button', { name: 'RESCHEDULE NOW' })).toBeTruthy();
    cleanup();

    // Without the right to read the statistics, and while it is still being sent, no SEE RESULTS.
    await openPage(sent, 'admin');
    expect(within(screen.getByRole('region', { name: 'Status' })).queryByRole('link', { name: 'SEE RESULTS' })).toBeNull();
    cleanup();
    await openPage(issueOf({ tested: true, published: true, processing: true }, { publishedAt: '2026-06-14T06:00:00.000Z' }), 'admin', ['statistics.generate']);
    expect(within(screen.getByRole('region', { name: 'Status' })).queryByRole('link', { name: 'SEE RESULTS' })).toBeNull();
  });

  it('gives the live-news newsletter a date and PUBLISH only, published as dated', async () => {
    newsletter = newsletterOf({ key: 'ege-gundem' });
    await openPage(issueOf({ tested: true }));
    const publish = screen.getByRole('region', { name: 'Publish' });
    expect(within(publish).queryByRole('checkbox')).toBeNull();
    expect(within(publish).queryByRole('radio')).toBeNull();
    fireEvent.click(within(publish).getByRole('button', { name: 'PUBLISH' }));
    const asking = await confirmation();
    expect(asking.title).toMatch(/^Publish on the live page, dated .+\?$/);
    expect(asking.text).toBe('Live news goes on its web page only.');
    asking.press('PUBLISH');
    await waitFor(() => expect(publishBodies).toHaveLength(1));
    await answered();
    expect(publishBodies[0]!.publishOptions).toEqual({
      test: false,
      publishOnly: true,
      overridePublishedAt: true,
      mediums: { email: false, notification: false },
    });
    expect(asking.title).toBe(`Publish on the live page, dated ${confirmDate(new Date(publishBodies[0]!.publishedAt!))}?`);
    cleanup();

    // Published: no e-mail or notification sections.
    await openPage(issueOf({ tested: true, published: true }));
    expect(sectionNames()).toEqual(['Summary', 'Testing']);
  });
  it('follows the deliveries live while sending, and retries the failed ones', async () => {
    deliveries = { email: counts({ total: 100, sent: 40, failed: 2, pending: 58 }), notification: counts(), failures: [], mailServer: null };
    const { socket } = await openPage(issueOf({ tested: true, processing: true }, { mediums: { email: true, notification: false } }));
    const email = await screen.findByTestId('e-mail-deliveries');
    expect(within(email).getByText('40 sent')).toBeTruthy();
    expect(within(email).getByText('2 failed')).toBeTruthy();
    expect(within(email).getByText('58 pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'RESEND IN DOUBT' })).toBeNull();

    act(() =>
      socket.fire('issue-i1', {
        type: 'delivery-progress',
        delivery: { email: counts({ total: 100, sent: 90, failed: 2, doubt: 3, pending: 5 }), notification: counts(), failures: [], mailServer: null },
      }),
    );
    expect(within(email).getByText('90 sent')).toBeTruthy();
    expect(within(email).getByText('3 in doubt')).toBeTruthy();
    expect(await screen.findByText(/^In doubt: handed to the mail server/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'RESEND IN DOUBT' })).toBeTruthy();

    // Each asks first, with the count; BACK sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'RESEND IN DOUBT' }));
    expect(await screen.findByText('Resend the 3 messages in doubt?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'BACK' }));
    await waitFor(() => expect(screen.queryByText('Resend the 3 messages in doubt?')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'RETRY FAILED' }));
    expect(await screen.findByText('Send the 2 failed messages again?')).toBeTruthy();
    expect(retries).toEqual([]);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'RETRY FAILED' }));
    await waitFor(() => expect(retries).toEqual([{ state: 'failed' }]));
    expect(await screen.findByText('The failed messages are sent again.')).toBeTruthy();

    // The mail server goes away: the page says sending waits for it, and stops saying so when it is back.
    const waiting = 'Waiting for the mail server: it cannot be reached. Sending goes on by itself once it answers; nothing is lost.';
    const progressWith = (mailServer: unknown) => ({
      type: 'delivery-progress',
      delivery: { email: counts({ total: 100, sent: 90, failed: 0, doubt: 3, pending: 7 }), notification: counts(), failures: [], mailServer },
    });
    const since = '2026-11-26T10:00:00.000Z';
    act(() =>
      socket.fire(
        'issue-i1',
        progressWith({ state: 'waiting', message: waiting, since, retryAt: '2026-11-26T10:00:04.000Z', answer: 'connect ECONNREFUSED 127.0.0.1:25' }),
      ),
    );
    expect(await screen.findByText(waiting)).toBeTruthy();
    expect(screen.getByText(/Last answer: connect ECONNREFUSED 127\.0\.0\.1:25$/)).toBeTruthy();
    act(() => socket.fire('issue-i1', progressWith(null)));
    await waitFor(() => expect(screen.queryByText(waiting)).toBeNull());

    // The status moves on in the room: the page follows it.
    act(() => socket.fire('issue-i1', { type: 'issue-status', issue: issueOf({ tested: true, published: true, emailed: true }) }));
    await waitFor(() => expect(screen.queryByText('Issue is processing...')).toBeNull());
  });

  it("never shows '0 of 0' while the recipients are prepared, and counts them once they are queued", async () => {
    const { socket } = await openPage(issueOf({ tested: true, processing: true }, { mediums: { email: true, notification: false } }));
    const email = await screen.findByTestId('e-mail-deliveries');
    expect(within(email).getByText('E-mail: preparing the recipients...')).toBeTruthy();
    expect(screen.queryByText(/\b0 of 0\b/)).toBeNull();

    act(() =>
      socket.fire('issue-i1', {
        type: 'delivery-progress',
        delivery: { email: counts({ total: 2821, sent: 1000, pending: 1821 }), notification: counts(), failures: [], mailServer: null },
      }),
    );
    expect(await within(screen.getByTestId('e-mail-deliveries')).findByText('E-mail: 1,000 of 2,821')).toBeTruthy();
    expect(screen.queryByText(/preparing the recipients/)).toBeNull();
    cleanup();

    // A notification alone: its recipients are prepared, and no e-mail is said to be.
    await openPage(issueOf({ tested: true, processing: true }, { mediums: { email: false, notification: true } }));
    expect(await screen.findByText('Notification: preparing the recipients...')).toBeTruthy();
    expect(screen.queryByTestId('e-mail-deliveries')).toBeNull();
    expect(screen.queryByText(/\b0 of 0\b/)).toBeNull();
  });

  it('says a medium with no recipients has nobody to send to once the other has its recipients, not that it prepares them', async () => {
    const { socket } = await openPage(issueOf({ tested: true, processing: true, published: true }, { mediums: { email: true, notification: true } }));
    expect(await screen.findByText('Notification: preparing the recipients...')).toBeTruthy();
    expect(screen.getByText('E-mail: preparing the recipients...')).toBeTruthy();
    // The recipients are in: 62 e-mail subscribers, nobody on the app.
    act(() =>
      socket.fire('issue-i1', {
        type: 'delivery-progress',
        delivery: { email: counts({ total: 62, pending: 62 }), notification: counts(), failures: [], mailServer: null },
      }),
    );
    expect(await screen.findByText('Notification: nobody to send to.')).toBeTruthy();
    expect(screen.getByText('E-mail: 0 of 62')).toBeTruthy();
    expect(screen.queryByText(/preparing the recipients/)).toBeNull();
  });

  it('shows non-admins why publishing is paused while the editor version says publish', async () => {
    stores.store.set(stores.editorVersionAtom, 'publish');
    signIn('editor');
    const socket = new FakeSocket();
    const live = new LiveIssue(issueOf({ tested: true }), [], socket as unknown as Socket);
    const location = memoryLocation({ path: '/issues/edit/i1/publish', record: true });
    render(
      <Router hook={location.hook}>
        <Page live={live} socket={socket} />
      </Router>,
    );
    expect(await screen.findByText(publishPausedText)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to issue' }).getAttribute('href')).toBe('/issues/edit/i1');
    expect(screen.queryByRole('button', { name: /^(PUBLISH|SCHEDULE)/ })).toBeNull();
    cleanup();

    await openPage(issueOf({ tested: true }), 'admin');
    expect(screen.getByRole('button', { name: 'PUBLISH NOW' })).toBeTruthy();
  });
});

describe('the preview', () => {
  it('builds the e-mail, shows it at desktop and phone widths, light and dark, and lets the server forget an unpublished build when closed', async () => {
    let open = true;
    const view = render(
      <>
        <PreviewDialog issue={issueOf({ tested: true }, { _id: 'i2' })} onDismiss={() => (open = false)} />
        <Toaster />
      </>,
    );
    const frame = (await screen.findByTitle('Issue preview')) as HTMLIFrameElement;
    expect(frame.getAttribute('srcdoc')).toBe('<p>Açık</p>');
    expect(frame.style.width).toBe('660px');
    expect(screen.getByTestId('email-size').textContent).toBe('E-mail size: 48 KB');
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect((screen.getByTitle('Issue preview (dark)') as HTMLIFrameElement).getAttribute('srcdoc')).toBe('<p>Koyu</p>');
    // At a phone's width, where most readers open it, light and dark.
    expect((screen.getByRole('radio', { name: 'Desktop' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    const phone = screen.getByTitle('Issue preview (phone, dark)') as HTMLIFrameElement;
    expect(phone.style.width).toBe('375px');
    expect(phone.getAttribute('srcdoc')).toBe('<p>Koyu</p>');
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect((screen.getByTitle('Issue preview (phone)') as HTMLIFrameElement).getAttribute('srcdoc')).toBe('<p>Açık</p>');
    fireEvent.click(screen.getByRole('radio', { name: 'Desktop' }));
    expect((screen.getByTitle('Issue preview') as HTMLIFrameElement).style.width).toBe('660px');

    fireEvent.click(screen.getByRole('button', { name: 'Close the preview' }));
    expect(open).toBe(false);
    await waitFor(() => expect(previewCalls).toEqual(['POST build', 'DELETE build']));
    view.unmount();
  });

  it('keeps the build of a published issue', async () => {
    render(<PreviewDialog issue={issueOf({ tested: true, published: true }, { _id: 'i2' })} onDismiss={() => undefined} />);
    await screen.findByTitle('Issue preview');
    fireEvent.click(screen.getByRole('button', { name: 'Close the preview' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(previewCalls).toEqual(['POST build']);
  });
});
