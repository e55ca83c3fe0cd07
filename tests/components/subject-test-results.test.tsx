// @vitest-environment happy-dom
/**
 * A subject test as the console shows it (issue 58): on the publish page, the phase and when the
 * wait ends, and each subject line's copies, people's opens and clicks with their rates and the
 * machines' opens apart; a subject line goes to the rest by hand only once confirmed (PUT
 * /issues/subject-test/{id}); the test is asked again when the room says the issue moved on; once
 * decided, a sentence says why (people's opens or clicks with both rates and the confidence, too
 * close to call with the level asked, by hand), and a cancelled test says so; the issue list and
 * the dashboard's published issues show the subject that won, or that a test runs.
 */
import { setIconOptions } from '@fluentui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Socket } from 'socket.io-client';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from '../../core/client/format';
import { formatDateTime } from '../../core/client/format-dates';
import type { Permission } from '../../core/shared/permissions';
import { issueResults, noCounts } from '../../plugins/issues/results';
import { differenceConfidence } from '../../plugins/issues/subject-test';
import type { Issue } from '../../schemas/generated/entities/issue';
import { issueOf as issueFixture, noFlags } from './issue-fixture';
import type { SubjectTest } from '../../schemas/generated/entities/subject-test';

const origin = 'http://localhost';
type Status = Issue['status'];
const issueOf = (flags: Partial<Status>, fields: Partial<Issue> = {}): Issue =>
  issueFixture(flags, {
    channelsNew: [{ _id: 'stuff', title: 'Draft Stories', stories: [] }],
    publishedAt: '2026-06-15T07:00:00.000Z',
    createdAt: '2026-06-14T10:00:00.000Z',
    updatedAt: '2026-06-15T07:00:00.000Z',
    mediums: { email: true, notification: false },
    plannedAt: '2026-06-15T07:00:00.000Z',
    ...fields,
  });
const sending = issueOf({ tested: true, published: true, processing: true });

const variants = [
  { subject: 'Kuzeyde kış hazırlığı başladı', preview: 'Limanlar, yollar ve okullar' },
  { subject: 'Kış kapıda: liman, yol, okul', preview: 'Hazırlıkların ayrıntıları' },
];
// People open subject 2 more; machines open subject 1's copies more (they never count).
const figures = [
  { sent: 500, bounced: 10, opens: 98, machineOpens: 200, clickers: 12, machineClickers: 30 },
  { sent: 500, bounced: 8, opens: 148, machineOpens: 60, clickers: 15, machineClickers: 4 },
];
const results = figures.map((counts) => issueResults({ ...noCounts, ...counts }));
const decision = results.map(({ delivered, opens, clickers }) => ({ delivered, opens, clickers }));
const decideAt = '2026-06-15T11:00:00.000Z';
const waiting: SubjectTest = {
  phase: 'waiting',
  variants,
  share: 20,
  waitMinutes: 240,
  decideBy: 'opens',
  decideAt,
  winner: null,
  decidedBy: null,
  confidence: null,
  decidedAt: null,
  decision: null,
  results,
};
const opensConfidence = differenceConfidence({ part: 148, whole: 492 }, { part: 98, whole: 490 });
const decided = (fields: Partial<SubjectTest>): SubjectTest => ({ ...waiting, phase: 'decided', decidedAt: '2026-06-15T11:00:05.000Z', decision, ...fields });

let subjectTest: SubjectTest | null = waiting;
let pickAnswer: SubjectTest = decided({ winner: 1, decidedBy: 'hand' });
const calls: string[] = [];
const picks: unknown[] = [];
const counts = { total: 200, sent: 200, failed: 0, doubt: 0, pending: 0 };

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
        stats: { subscribers: 1200 },
        publisher: 'p1',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    }),
  ),
  http.get(`${origin}/api/issues/update/i1`, () => {
    calls.push('GET test');
    return HttpResponse.json({ data: { body: sending, subjectTest } });
  }),
  http.put(`${origin}/api/issues/subject-test/i1`, async ({ request }) => {
    picks.push(await request.json());
    return HttpResponse.json({ data: pickAnswer, msg: 'The winner goes to the rest of the audience.' });
  }),
  // Those with no copy yet: the rest, who get the winner.
  http.get(`${origin}/api/issues/preflight/i1`, () => HttpResponse.json({ data: { drafts: [], recipients: { email: 800, notification: 0 }, suppressed: 0 } })),
  http.get(`${origin}/api/issues/deliveries/i1`, () =>
    HttpResponse.json({ data: { email: counts, notification: { ...counts, total: 0, sent: 0 }, failures: [], mailServer: null } }),
  ),
  http.get(`${origin}/api/issues/bounces/i1`, () => HttpResponse.json({ data: { hard: 0, soft: 0, complaint: 0 } })),
  http.get(`${origin}/api/issues/list`, () =>
    HttpResponse.json({
      data: [
        issueOf(
          { tested: true, published: true, emailed: true, sent: true },
          {
            _id: 'i1',
            subject: 'Kuzeyde kış hazırlığı başladı',
            subjectTest: { phase: 'decided', subjects: 2, winner: 1, winningSubject: 'Kış kapıda: liman, yol, okul' },
          },
        ),
        issueOf(
          { tested: true, published: true, processing: true },
          {
            _id: 'i2',
            subject: 'Liman açıldı',
            subjectTest: { phase: 'waiting', subjects: 3, winner: null, winningSubject: null },
          },
        ),
        issueOf({ tested: true, published: true, emailed: true, sent: true }, { _id: 'i3', subject: 'Testsiz sayı' }),
      ],
      count: 3,
    }),
  ),
);

/** Enough of a socket for LiveIssue and the room's events: handlers by event name, and a way to fire one. */
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
let LiveIssue: typeof import('../../plugins/issues/client/editor/live-issue').LiveIssue;
let useLiveState: typeof import('../../plugins/issues/client/editor/use-live-issue').useLiveState;
let SubjectTestResults: typeof import('../../plugins/issues/client/SubjectTestResults').SubjectTestResults;
let IssuesPage: typeof import('../../plugins/issues/client/IssuesPage').default;
let PublishedIssuesPanel: typeof import('../../plugins/issues/client/IssuePanels').PublishedIssuesPanel;
let Toaster: typeof import('../../core/client/toasts').Toaster;
let stores: typeof import('../../core/client/stores');

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/issues/edit/i1/publish`);
  server.listen({ onUnhandledRequest: 'error' });
  ({ PublishPage } = await import('../../plugins/issues/client/publish/PublishPage'));
  ({ LiveIssue } = await import('../../plugins/issues/client/editor/live-issue'));
  ({ useLiveState } = await import('../../plugins/issues/client/editor/use-live-issue'));
  ({ SubjectTestResults } = await import('../../plugins/issues/client/SubjectTestResults'));
  IssuesPage = (await import('../../plugins/issues/client/IssuesPage')).default;
  ({ PublishedIssuesPanel } = await import('../../plugins/issues/client/IssuePanels'));
  ({ Toaster } = await import('../../core/client/toasts'));
  stores = await import('../../core/client/stores');
  stores.store.set(stores.userAtom, {
    _id: 'u1',
    email: 'editor@masthead.local',
    role: { key: 'editor' },
    publisher: 'p1',
    profile: { name: 'Emre Demir', biography: '', url: '', image: '' },
    status: { ready: true },
  });
  stores.store.set(stores.permissionsAtom, new Set<Permission>(['issues.list', 'issues.update', 'issues.publish']));
});
afterEach(() => {
  cleanup();
  subjectTest = waiting;
  pickAnswer = decided({ winner: 1, decidedBy: 'hand' });
  calls.length = 0;
  picks.length = 0;
  localStorage.clear();
});
afterAll(() => server.close());

function Page({ live, socket }: { live: InstanceType<typeof LiveIssue>; socket: FakeSocket }) {
  const state = useLiveState(live);
  return <PublishPage live={live} state={state} socket={socket as unknown as Socket} />;
}

/** The publish page of an issue being sent, once its subject test is shown. */
async function openPage(issue: Issue = sending) {
  const socket = new FakeSocket();
  const live = new LiveIssue(issue, [], socket as unknown as Socket);
  const location = memoryLocation({ path: '/issues/edit/i1/publish' });
  render(
    <Router hook={location.hook}>
      <Page live={live} socket={socket} />
      <Toaster />
    </Router>,
  );
  const panel = await screen.findByRole('region', { name: 'Subject test' });
  await within(panel).findByRole('row', { name: 'Subject 1' });
  return { socket, panel };
}

const row = (panel: HTMLElement, name: string) => within(panel).getByRole('row', { name });
const cell = (panel: HTMLElement, name: string, column: string) => row(panel, name).querySelector<HTMLElement>(`[data-label="${column}"]`)!.textContent;

describe('a subject test on the publish page', () => {
  it("shows the phase, when the wait ends, and each subject line's copies, people's opens and clicks with their rates, machines apart", async () => {
    const { panel } = await openPage();
    expect(within(panel).getByText(`Waiting for readers until ${formatDateTime(decideAt)}: then the winner goes to the rest of the audience.`)).toBeTruthy();
    expect(within(panel).getByRole('columnheader', { name: 'People’s opens' })).toBeTruthy();
    expect(row(panel, 'Subject 1').textContent).toContain('Kuzeyde kış hazırlığı başladı');
    expect(row(panel, 'Subject 2').textContent).toContain('Kış kapıda: liman, yol, okul');
    expect(row(panel, 'Subject 2').textContent).toContain('Hazırlıkların ayrıntıları');
    expect(cell(panel, 'Subject 1', 'Sent')).toBe(formatNumber(500));
    expect(cell(panel, 'Subject 1', 'People’s opens')).toBe(`${formatPercent(98 / 490)} (${formatNumber(98)})`);
    expect(cell(panel, 'Subject 2', 'People’s opens')).toBe(`${formatPercent(148 / 492)} (${formatNumber(148)})`);
    expect(cell(panel, 'Subject 2', 'People’s clicks')).toBe(`${formatPercent(15 / 492)} (${formatNumber(15)})`);
    // The machines' opens apart, as a share of all opens: never in a rate.
    expect(cell(panel, 'Subject 1', 'Machine opens')).toBe(`${formatPercent(200 / 298)} (${formatNumber(200)})`);
    expect(within(panel).queryByText('Winner')).toBeNull();
    expect(within(panel).getAllByRole('button', { name: 'Send this one to the rest' })).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('sends a subject line to the rest only once confirmed, saying how many get it, and shows the test as answered', async () => {
    const { panel } = await openPage();
    fireEvent.click(within(row(panel, 'Subject 2')).getByRole('button', { name: 'Send this one to the rest' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Send Subject 2 to the rest?')).toBeTruthy();
    expect(dialog.textContent).toContain(
      `The test ends now, before its wait: “Kış kapıda: liman, yol, okul” goes to the other ${formatNumber(800)} e-mail subscribers, whatever the figures say.`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'BACK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(picks).toEqual([]);

    fireEvent.click(within(row(panel, 'Subject 2')).getByRole('button', { name: 'Send this one to the rest' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'SEND TO THE REST' }));
    expect(await within(panel).findByText('Picked by hand: Subject 2 goes to the rest of the audience.')).toBeTruthy();
    expect(picks).toEqual([{ winner: 1 }]);
    expect(within(row(panel, 'Subject 2')).getByText('Winner')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Send this one to the rest' })).toBeNull();
    expect(within(panel).getByText('Decided: the winner goes to the rest of the audience.')).toBeTruthy();
    // From now on the winner's figures count the rest too: the sentence says so.
    expect(
      within(panel).getByText(
        'The figures of Subject 2 include the rest of the audience, who got it after the decision; the decision read the copies of the test alone.',
      ),
    ).toBeTruthy();
    expect((await screen.findByTestId('toast')).textContent).toContain('The winner goes to the rest of the audience.');
  });

  it('asks for the test again when the room says the issue moved on, and shows the winner the server chose', async () => {
    const { socket, panel } = await openPage();
    const asked = calls.length;
    subjectTest = decided({ winner: 1, decidedBy: 'opens', confidence: opensConfidence });
    act(() => socket.fire('issue-i1', { type: 'issue-status', issue: sending }));
    expect(
      await within(panel).findByText(
        `Subject 2 won on people’s opens: ${formatPercent(148 / 492)} opened it, against ${formatPercent(98 / 490)} for Subject 1, with ${formatPercent(Math.floor(opensConfidence * 1000) / 1000)} confidence.`,
      ),
    ).toBeTruthy();
    expect(calls.length).toBe(asked + 1);
    expect(within(row(panel, 'Subject 2')).getByText('Winner')).toBeTruthy();
  });
});

describe('why a subject test was decided', () => {
  const shown = (test: SubjectTest) => {
    render(<SubjectTestResults test={test} status={{ ...noFlags, published: true, emailed: true, sent: true }} />);
    return screen.getByTestId('subject-test');
  };

  it("says a win on people's clicks after opens were too close to call, with both rates and the confidence", () => {
    const panel = shown(decided({ decideBy: 'opensThenClicks', winner: 1, decidedBy: 'clicks', confidence: 0.971 }));
    expect(panel.textContent).toContain(
      `People’s opens were too close to call, so clicks decided. Subject 2 won on people’s clicks: ${formatPercent(15 / 492)} clicked, against ${formatPercent(12 / 490)} for Subject 1, with ${formatPercent(0.971)} confidence.`,
    );
  });

  it('says too close to call with the confidence reached and the level asked, and that the first subject goes', () => {
    const panel = shown(decided({ winner: 0, decidedBy: 'tooClose', confidence: 0.62 }));
    expect(panel.textContent).toContain(
      `Too close to call: the difference between the subject lines reached ${formatPercent(0.62)} confidence, short of the ${formatPercent(0.95)} asked, so Subject 1, the issue’s own, goes to the rest.`,
    );
    expect(within(row(panel, 'Subject 1')).getByText('Winner')).toBeTruthy();
  });

  it('says a cancelled test was cancelled, with no winner and no button', () => {
    const panel = shown({ ...waiting, phase: 'cancelled' });
    expect(panel.textContent).toContain('Cancelled with the issue before a winner was chosen: the rest of the audience gets nothing.');
    expect(within(panel).queryByText('Winner')).toBeNull();
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});

describe('the issue list', () => {
  it('shows the subject that won a decided test, and that a test runs', async () => {
    const location = memoryLocation({ path: '/newsletters/show/n1/issues' });
    render(
      <Router hook={location.hook}>
        <Route path="/newsletters/show/:newsletterId/issues">
          <IssuesPage />
        </Route>
      </Router>,
    );
    const lines = await screen.findAllByTestId('subject-test-line');
    expect(lines.map((line) => line.textContent)).toEqual(['Subject test won by “Kış kapıda: liman, yol, okul”', 'Subject test running']);
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    const decidedRow = (await screen.findByText('Kuzeyde kış hazırlığı başladı')).closest('[role="row"]') as HTMLElement;
    expect(decidedRow.textContent).toContain('Subject test won by “Kış kapıda: liman, yol, okul”');
    const untested = screen.getByText('Testsiz sayı').closest('[role="row"]') as HTMLElement;
    expect(within(untested).queryByTestId('subject-test-line')).toBeNull();
  });

  it("names the subject that won on the dashboard's published issues too", async () => {
    render(
      <Router hook={memoryLocation({ path: '/newsletters/show/n1' }).hook}>
        <PublishedIssuesPanel scope={{ _id: 'n1', type: 'newsletter', title: 'Kuzey Bülteni', image: '', lang: 'tr' }} />
      </Router>,
    );
    const decidedRow = (await screen.findByText('Kuzeyde kış hazırlığı başladı')).closest('a') as HTMLElement;
    expect(decidedRow.textContent).toContain('Subject test won by “Kış kapıda: liman, yol, okul”');
    expect((screen.getByText('Liman açıldı').closest('a') as HTMLElement).textContent).toContain('Subject test running');
    expect((screen.getByText('Testsiz sayı').closest('a') as HTMLElement).textContent).not.toContain('Subject test');
  });
});
