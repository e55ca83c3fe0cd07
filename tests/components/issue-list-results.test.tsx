// @vitest-environment happy-dom
/**
 * The issue list's results columns (issue 30): each result a rate with its count beside it, '—'
 * for an issue with nothing delivered, and a click on a column's header asks the list call to sort
 * by that result.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from '../../core/client/format';
import type { Permission } from '../../core/shared/permissions';
import { issueResults, noCounts } from '../../plugins/issues/results';

const origin = 'http://localhost';
const flags = { draft: false, ready: false, accepted: false, tested: true, scheduled: false, queued: false, processing: false, published: true };
const issueOf = (id: string, subject: string, results: ReturnType<typeof issueResults>) => ({
  _id: id,
  newsletter: 'n1',
  key: `key-${id}`,
  subject,
  preview: '',
  slug: id,
  premium: false,
  image: '',
  recording: null,
  episode: null,
  intro: { _id: `intro-${id}`, html: '', text: '' },
  notification: { title: '', body: '' },
  channelsNew: [],
  status: { ...flags, notified: false, emailed: true, featured: false, sent: true, cancelled: false },
  mediums: { email: true, notification: false },
  owner: null,
  version: 1,
  publishedAt: '2026-11-20T08:00:00.000Z',
  plannedAt: null,
  notifiedAt: null,
  emailedAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-11-19T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  results,
});
const sent = issueOf(
  'i1',
  'Kuzeyde kış',
  issueResults({ ...noCounts, sent: 2645, bounced: 4, opens: 1175, machineOpens: 286, clickers: 165, unsubscribes: 12 }),
);
const bounced = issueOf('i2', 'Hepsi döndü', issueResults({ ...noCounts, sent: 3, bounced: 3 }));

const queries: URLSearchParams[] = [];
const server = setupServer(
  http.get(`${origin}/api/issues/list`, ({ request }) => {
    queries.push(new URL(request.url).searchParams);
    return HttpResponse.json({ data: [sent, bounced], count: 2 });
  }),
);

let IssuesPage: typeof import('../../plugins/issues/client/IssuesPage').default;
beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  server.listen({ onUnhandledRequest: 'error' });
  IssuesPage = (await import('../../plugins/issues/client/IssuesPage')).default;
  const stores = await import('../../core/client/stores');
  stores.store.set(stores.permissionsAtom, new Set<Permission>(['issues.list', 'issues.update']));
});
afterEach(() => {
  cleanup();
  queries.length = 0;
  localStorage.clear();
});
afterAll(() => server.close());

describe('issue list results', () => {
  it('shows each result as a rate with its count, sorts by it, and writes — with nothing delivered', async () => {
    const location = memoryLocation({ path: '/newsletters/show/n1/issues' });
    render(
      <Router hook={location.hook}>
        <Route path="/newsletters/show/:newsletterId/issues">
          <IssuesPage />
        </Route>
      </Router>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'List view' }));
    const row = (await screen.findByText('Kuzeyde kış')).closest('[role="row"]') as HTMLElement;
    expect(row.textContent).toContain(formatNumber(2645));
    expect(within(row).getByText(formatPercent(1175 / 2641))).toBeTruthy();
    expect(row.textContent).toContain(`(${formatNumber(1175)})`);
    expect(within(row).getByText(formatPercent(165 / 2641))).toBeTruthy();
    const empty = screen.getByText('Hepsi döndü').closest('[role="row"]') as HTMLElement;
    expect(within(empty).getAllByText('—').length).toBeGreaterThanOrEqual(3);
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);

    fireEvent.click(screen.getByText('Open rate'));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('openRate'));
  });
});
