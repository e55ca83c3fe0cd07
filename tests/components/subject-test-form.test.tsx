// @vitest-environment happy-dom
/**
 * Setting up a subject test on the publish page (issue 58): offered only with an e-mail send of an
 * issue not yet e-mailed; the issue's own subject line is Subject 1, read-only, and up to three
 * more are written with their previews, added and removed; the share, the wait and what decides
 * go into the publish call's `subjectTest` as chosen; the confirmation says how many get each
 * subject line first (the preflight's e-mail audience times the share, split so that the sizes
 * differ by one at most) and how many get the winner after the wait; a subject line that fails
 * a check is not sent, and the form says which.
 */
import { setIconOptions } from '@fluentui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Socket } from 'socket.io-client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNumber } from '../../core/client/format';
import type { Permission } from '../../core/shared/permissions';
import { checkMessages } from '../../plugins/issues/publishing';
import { subjectTestTexts } from '../../plugins/issues/subject-test';
import type { Issue } from '../../schemas/generated/entities/issue';
import { issueOf as issueFixture } from './issue-fixture';
import type { SubjectTest } from '../../schemas/generated/entities/subject-test';

const origin = 'http://localhost';
type Status = Issue['status'];
const issueOf = (flags: Partial<Status>, fields: Partial<Issue> = {}): Issue =>
  issueFixture(flags, {
    channelsNew: [{ _id: 'stuff', title: 'Draft Stories', stories: [] }],
    createdAt: '2026-06-14T10:00:00.000Z',
    updatedAt: '2026-06-15T07:00:00.000Z',
    ...fields,
  });

/** What the publish call answers: the issue scheduled to go by e-mail, its test planned. */
const scheduled = issueOf({ tested: true, scheduled: true }, { plannedAt: '2026-06-15T08:01:00.000Z', mediums: { email: true, notification: true } });
let planned: SubjectTest | null = null;
const publishBodies: Record<string, unknown>[] = [];
const calls: string[] = [];

const server = setupServer(
  http.get(`${origin}/api/newsletters/list/n1`, () =>
    HttpResponse.json({
      data: {
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
        stats: { subscribers: 3000 },
        publisher: 'p1',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    }),
  ),
  http.post(`${origin}/api/issues/build/i1`, () =>
    HttpResponse.json({
      data: { html: '', darkHtml: '', text: '', bytes: 40_000, clipped: false, from: { name: 'Kuzey', address: 'b@kuzey.example' }, replyTo: null },
    }),
  ),
  http.delete(`${origin}/api/issues/build/i1`, () => HttpResponse.json({ data: true })),
  http.get(`${origin}/api/issues/preflight/i1`, () => {
    calls.push('GET preflight');
    return HttpResponse.json({ data: { drafts: [], recipients: { email: 2821, notification: 1180 }, suppressed: 0 } });
  }),
  http.post(`${origin}/api/issues/publish/i1`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    publishBodies.push(body);
    const test = body.subjectTest as { variants: SubjectTest['variants'] } & Omit<SubjectTest, 'variants'>;
    planned = test
      ? {
          ...test,
          phase: 'testing',
          variants: [{ subject: 'Kuzeyde kış hazırlığı başladı', preview: 'Limanlar, yollar ve okullar' }, ...test.variants],
          decideAt: null,
          winner: null,
          decidedBy: null,
          confidence: null,
          decidedAt: null,
          decision: null,
          results: [],
        }
      : null;
    return HttpResponse.json({ data: scheduled, msg: 'You can close this page and we will do the rest.' });
  }),
  http.get(`${origin}/api/issues/update/i1`, () => HttpResponse.json({ data: { body: scheduled, subjectTest: planned } })),
  // A published issue's deliveries (none: it went on its web page only).
  http.get(`${origin}/api/issues/deliveries/i1`, () => {
    const none = { total: 0, sent: 0, failed: 0, doubt: 0, pending: 0 };
    return HttpResponse.json({ data: { email: none, notification: none, failures: [], mailServer: null } });
  }),
);

/** Enough of a socket for LiveIssue: handlers by event name. */
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
}

let PublishPage: typeof import('../../plugins/issues/client/publish/PublishPage').PublishPage;
let LiveIssue: typeof import('../../plugins/issues/client/editor/live-issue').LiveIssue;
let useLiveState: typeof import('../../plugins/issues/client/editor/use-live-issue').useLiveState;
let Toaster: typeof import('../../core/client/toasts').Toaster;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/issues/edit/i1/publish`);
  server.listen({ onUnhandledRequest: 'error' });
  ({ PublishPage } = await import('../../plugins/issues/client/publish/PublishPage'));
  ({ LiveIssue } = await import('../../plugins/issues/client/editor/live-issue'));
  ({ useLiveState } = await import('../../plugins/issues/client/editor/use-live-issue'));
  ({ Toaster } = await import('../../core/client/toasts'));
  const stores = await import('../../core/client/stores');
  // An admin: the time starts a minute ahead, and the button publishes now.
  stores.store.set(stores.userAtom, {
    _id: 'u1',
    email: 'admin@masthead.local',
    role: { key: 'admin' },
    publisher: 'p1',
    profile: { name: 'Emre Demir', biography: '', url: '', image: '' },
    status: { ready: true },
  });
  stores.store.set(stores.permissionsAtom, new Set<Permission>(['issues.list', 'issues.update', 'issues.publish', 'issues.cancel']));
});
// The date picker's rules depend on the clock: Date is faked from mid-morning on, with the real clock.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 5, 15, 10, 0, 12));
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  planned = null;
  publishBodies.length = 0;
  calls.length = 0;
});
afterAll(() => server.close());

function Page({ live, socket }: { live: InstanceType<typeof LiveIssue>; socket: FakeSocket }) {
  const state = useLiveState(live);
  return <PublishPage live={live} state={state} socket={socket as unknown as Socket} />;
}

async function openPage(issue: Issue) {
  const socket = new FakeSocket();
  const live = new LiveIssue(issue, [], socket as unknown as Socket);
  render(
    <Router hook={memoryLocation({ path: '/issues/edit/i1/publish' }).hook}>
      <Page live={live} socket={socket} />
      <Toaster />
    </Router>,
  );
  await screen.findByRole('region', { name: 'Summary' });
  await waitFor(() => expect(calls).toContain('GET preflight'));
  calls.length = 0;
}

const section = (name: string) => screen.getByRole('region', { name });
const field = (name: string) => within(section('Publish')).getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, text: string) => fireEvent.change(field(name), { target: { value: text } });
/** Moves a slider to the least value, then `steps` steps up, as the keyboard does. */
function slide(name: string, steps: number) {
  const slider = within(section('Publish')).getByRole('slider', { name });
  fireEvent.keyDown(slider, { key: 'Home', keyCode: 36 });
  for (let step = 0; step < steps; step += 1) fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39 });
  return slider;
}
const toggle = () => fireEvent.click(within(section('Publish')).getByRole('switch', { name: 'Test subject lines' }));

describe('a subject test in the publish form', () => {
  it('is offered only with an e-mail send of an issue not yet e-mailed', async () => {
    await openPage(issueOf({ tested: true }));
    expect(within(section('Publish')).getByRole('switch', { name: 'Test subject lines' })).toBeTruthy();
    fireEvent.click(within(section('Publish')).getByRole('radio', { name: 'Publish Only' }));
    expect(within(section('Publish')).queryByRole('switch', { name: 'Test subject lines' })).toBeNull();
    fireEvent.click(within(section('Publish')).getByRole('radio', { name: 'Send to subscribers' }));
    fireEvent.click(within(section('Publish')).getByRole('checkbox', { name: 'E-mail' }));
    expect(within(section('Publish')).queryByRole('switch', { name: 'Test subject lines' })).toBeNull();
    cleanup();

    // A published issue: its e-mail may test, its notification not.
    await openPage(issueOf({ tested: true, published: true }, { publishedAt: '2026-06-15T06:00:00.000Z' }));
    expect(within(section('Publish as E-mail')).getByRole('switch', { name: 'Test subject lines' })).toBeTruthy();
    expect(within(section('Publish as Notification')).queryByRole('switch', { name: 'Test subject lines' })).toBeNull();
  });

  it('sends the subject lines, the share, the wait and what decides, and the confirmation says how many get each', async () => {
    await openPage(issueOf({ tested: true }));
    toggle();
    // The issue's own subject line is the first, and is changed on the issue, not here.
    expect(field('Subject 1').value).toBe('Kuzeyde kış hazırlığı başladı');
    expect(field('Subject 1').readOnly).toBe(true);
    // A new subject line starts from the issue's preview.
    expect(field('Preview of Subject 2').value).toBe('Limanlar, yollar ve okullar');
    type('Subject 2', 'Kış kapıda: liman, yol, okul');
    type('Preview of Subject 2', 'Hazırlıkların ayrıntıları');
    fireEvent.click(within(section('Publish')).getByRole('button', { name: 'Add a subject line' }));
    type('Subject 3', 'Soğuk geliyor');
    fireEvent.click(within(section('Publish')).getByRole('button', { name: 'Add a subject line' }));
    // Three more at most.
    expect(within(section('Publish')).queryByRole('button', { name: 'Add a subject line' })).toBeNull();
    fireEvent.click(within(section('Publish')).getByRole('button', { name: 'Remove Subject 3' }));
    expect(field('Subject 3').value).toBe('');
    fireEvent.click(within(section('Publish')).getByRole('button', { name: 'Remove Subject 3' }));
    expect(within(section('Publish')).queryByRole('textbox', { name: 'Subject 3' })).toBeNull();
    expect(slide('Share of the e-mail audience that tests them', 15).getAttribute('aria-valuenow')).toBe('25');
    expect(slide('Wait after their copies went out', 2).getAttribute('aria-valuetext')).toBe('1 hour 30 minutes');
    fireEvent.click(within(section('Publish')).getByRole('radio', { name: 'Clicks if opens are too close to call' }));

    fireEvent.click(within(section('Publish')).getByRole('button', { name: 'PUBLISH NOW' }));
    const dialog = await screen.findByRole('dialog');
    // 25 % of 2,821 is 705 copies: 353 and 352; the other 2,116 get the winner.
    expect(dialog.querySelector('.ms-Dialog-subText')?.textContent).toBe(
      `It starts as soon as you confirm. The subject test goes to ${formatNumber(705)} e-mail subscribers first: ${formatNumber(353)} get Subject 1 and ${formatNumber(352)} get Subject 2. After 1 hour 30 minutes, the winner goes to the other ${formatNumber(2116)}.`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'PUBLISH NOW' }));
    await waitFor(() => expect(publishBodies).toHaveLength(1));
    expect(publishBodies[0]!.subjectTest).toEqual({
      variants: [{ subject: 'Kış kapıda: liman, yol, okul', preview: 'Hazırlıkların ayrıntıları' }],
      share: 25,
      waitMinutes: 90,
      decideBy: 'opensThenClicks',
    });
    // The planned test shows at once, as the server keeps it.
    const panel = await screen.findByRole('region', { name: 'Subject test' });
    expect(within(panel).getByText('Planned: the copies of the test go out first, when the issue is sent.')).toBeTruthy();
    expect(within(panel).getByRole('row', { name: 'Subject 2' }).textContent).toContain('Kış kapıda: liman, yol, okul');
  });

  it('sends no subject test when the toggle is off', async () => {
    await openPage(issueOf({ tested: true }));
    toggle();
    type('Subject 2', 'Kış kapıda: liman, yol, okul');
    toggle();
    fireEvent.click(within(section('Publish')).getByRole('button', { name: 'PUBLISH NOW' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).not.toContain('subject test');
    fireEvent.click(within(dialog).getByRole('button', { name: 'PUBLISH NOW' }));
    await waitFor(() => expect(publishBodies).toHaveLength(1));
    expect(publishBodies[0]).not.toHaveProperty('subjectTest');
  });

  it('sends nothing while a subject line fails a check, and says which under it', async () => {
    await openPage(issueOf({ tested: true }));
    toggle();
    fireEvent.click(within(section('Publish')).getByRole('button', { name: 'PUBLISH NOW' }));
    expect(await within(section('Publish')).findByText(checkMessages.subject)).toBeTruthy();
    // The same subject line and preview as the issue's own tests nothing.
    type('Subject 2', 'Kuzeyde kış hazırlığı başladı');
    expect(within(section('Publish')).getByText(subjectTestTexts.same)).toBeTruthy();
    type('Preview of Subject 2', 'Ok');
    // A new error shows a moment after (Fluent's DelayedRender).
    expect(await within(section('Publish')).findByText(checkMessages.preview)).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(publishBodies).toEqual([]);
  });
});
