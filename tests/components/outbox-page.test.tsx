// @vitest-environment happy-dom
/**
 * The outbox page (Masthead issue 14): the captured e-mail newest first with its recipient,
 * subject and date, the empty state, the note when mail goes over SMTP, and a message opened in
 * its panel: headers, the HTML in a frame that runs no script, and the text.
 */
import { setIconOptions } from '@fluentui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage, OutboxSummary } from '../../plugins/outbox/messages';

const origin = 'http://localhost';
const rows: OutboxSummary[] = [
  {
    _id: 'b1',
    from: 'Masthead <no-reply@masthead.local>',
    to: 'okur@example.com',
    subject: 'Kuzey Bülteni: 12 Mart',
    date: '2031-03-12T08:00:00.000Z',
    size: 20480,
  },
  {
    _id: 'a1',
    from: 'Masthead <no-reply@masthead.local>',
    to: 'editor@masthead.local',
    subject: 'Reset your Masthead password',
    date: '2031-03-11T08:00:00.000Z',
    size: 512,
  },
];
const message: OutboxMessage = {
  ...rows[0]!,
  text: 'Merhaba,\nbu hafta...',
  html: '<html><body><h1>Kuzey Bülteni</h1><script>parent.alert(1)</script></body></html>',
  headers: { 'List-Unsubscribe': '<http://console.test/u/abc>' },
};
let mode: 'smtp' | 'outbox' = 'outbox';
let stored = rows;
const server = setupServer(
  http.get(`${origin}/api/outbox/status`, () => HttpResponse.json({ data: { mode, count: stored.length } })),
  http.get(`${origin}/api/outbox/list`, () => HttpResponse.json({ data: stored, count: stored.length })),
  http.get(`${origin}/api/outbox/list/b1`, () => HttpResponse.json({ data: message })),
);

let OutboxPage: ComponentType;
let Router: typeof import('wouter').Router;
let Route: typeof import('wouter').Route;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  server.listen({ onUnhandledRequest: 'error' });
  ({ default: OutboxPage } = await import('../../plugins/outbox/client/OutboxPage'));
  ({ Router, Route } = await import('wouter'));
});
afterEach(() => {
  cleanup();
  mode = 'outbox';
  stored = rows;
});
afterAll(() => server.close());

function renderAt(path: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}${path}`);
  return render(
    <Router>
      <Route path="/outbox/:messageId?">
        <OutboxPage />
      </Route>
    </Router>,
  );
}

describe('the outbox page', () => {
  it('lists the captured e-mail newest first, with recipient, subject and date', async () => {
    renderAt('/outbox');
    const grid = await screen.findByRole('grid', { name: 'Captured e-mail' });
    const [, first, second] = within(grid).getAllByRole('row');
    expect(first.textContent).toContain('okur@example.com');
    expect(first.textContent).toContain('Kuzey Bülteni: 12 Mart');
    expect(first.textContent).toContain('12 Mart');
    expect(first.textContent).toContain('20 KB');
    expect(second.textContent).toContain('Reset your Masthead password');
    expect(screen.getByText(/No SMTP server is configured/)).toBeTruthy();
    expect(screen.getByText('2 e-mails')).toBeTruthy();
  });

  it('says when nothing was captured, and that mail goes to the SMTP server when there is one', async () => {
    mode = 'smtp';
    stored = [];
    renderAt('/outbox');
    expect(await screen.findByText('No e-mail has been captured yet.')).toBeTruthy();
    expect(await screen.findByText('E-mail goes to the configured SMTP server. The outbox holds only what was captured before it was set up.')).toBeTruthy();
  });

  it('opens a message: its headers, its HTML in a sandboxed frame, and its text', async () => {
    renderAt('/outbox');
    const grid = await screen.findByRole('grid', { name: 'Captured e-mail' });
    fireEvent.click(within(grid).getByRole('link', { name: 'Kuzey Bülteni: 12 Mart' }));
    await waitFor(() => expect(window.location.pathname).toBe('/outbox/b1'));
    const panel = await screen.findByRole('dialog', { name: 'Kuzey Bülteni: 12 Mart' });
    await waitFor(() => expect(within(panel).getByText('<http://console.test/u/abc>')).toBeTruthy());
    expect(within(panel).getByText('List-Unsubscribe')).toBeTruthy();
    expect(within(panel).getByText('Masthead <no-reply@masthead.local>')).toBeTruthy();
    const frame = panel.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(message.html);

    await act(async () => fireEvent.click(within(panel).getByRole('tab', { name: 'Text' })));
    expect(panel.querySelector('iframe')).toBeNull();
    expect(within(panel).getByText(/bu hafta/)).toBeTruthy();
  });
});
