// @vitest-environment happy-dom
/**
 * The subscribers page (issue 29, decision 0034): a row whose address bounced or complained for
 * the publisher says so under the address (Bounced, Soft bounces: N, Bouncing: suppressed,
 * Complained) with the date, the last answer on hover; a clean row says nothing more; a check box
 * keeps only those addresses. Where subscriptions are sold (issue 33 point 4), each row's type says
 * FREE or PAID with the plan ('Payment failed' under a payment being retried) and a Type drop-down
 * keeps free or paid subscribers only; elsewhere there is no such drop-down.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '../../schemas/generated/entities/subscription';

const origin = 'http://localhost';
const row = (email: string, bounce?: Subscription['bounce']): Subscription => ({
  _id: email,
  type: 'FREE',
  name: 'Ayşe Yılmaz',
  city: 'İzmir',
  medium: 'email',
  createdAt: '2031-01-05T12:00:00.000Z',
  ...(bounce ? { bounce } : {}),
});
const paid = (email: string, plan: 'monthly' | 'yearly', paymentStatus: 'active' | 'past_due'): Subscription => ({
  ...row(email),
  type: 'PAID',
  plan,
  paymentStatus,
});
const rows: Subscription[] = [
  paid('aylik@example.com', 'monthly', 'active'),
  paid('yillik@example.com', 'yearly', 'active'),
  paid('gecikmis@example.com', 'monthly', 'past_due'),
  row('temiz@example.com'),
  row('yok@example.com', { kind: 'hard', softCount: 0, suppressed: true, answer: '550 5.1.1 User unknown', updatedAt: '2031-03-12T12:00:00.000Z' }),
  row('dolu@example.com', { kind: 'soft', softCount: 2, suppressed: false, answer: '452 4.2.2 Mailbox full', updatedAt: '2031-03-13T12:00:00.000Z' }),
  row('hep-dolu@example.com', { kind: 'soft', softCount: 3, suppressed: true, answer: '452 4.2.2 Mailbox full', updatedAt: '2031-03-14T12:00:00.000Z' }),
  row('sikayet@example.com', { kind: 'complaint', softCount: 0, suppressed: true, answer: 'Feedback report: abuse', updatedAt: '2031-03-15T12:00:00.000Z' }),
];
/** Whether the server says subscribers may be paid (the payments plugin is on). */
let mayPay = true;
let typesAsked = 0;
const asked: URLSearchParams[] = [];
const server = setupServer(
  http.get(`${origin}/api/newsletters/list/n1/subscriptions`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const type = query.get('type')?.toUpperCase();
    const only = rows.filter((item) => (query.get('bounced') !== 'true' || item.bounce) && (!type || item.type === type));
    return HttpResponse.json({ data: only, count: only.length });
  }),
  http.get(`${origin}/api/newsletters/list/n1/subscriptions/types`, () => {
    typesAsked += 1;
    return HttpResponse.json({ data: { paid: mayPay } });
  }),
);

let SubscribersPage: ComponentType;
let Router: typeof import('wouter').Router;
let Route: typeof import('wouter').Route;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  server.listen({ onUnhandledRequest: 'error' });
  ({ default: SubscribersPage } = await import('../../plugins/subscribers/client/SubscribersPage'));
  ({ Router, Route } = await import('wouter'));
});
afterEach(() => {
  cleanup();
  mayPay = true;
  typesAsked = 0;
  asked.length = 0;
});
afterAll(() => server.close());

function renderPage() {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/newsletters/show/n1/subscribers`);
  return render(
    <Router>
      <Route path="/newsletters/show/:newsletterId/subscribers">
        <SubscribersPage />
      </Route>
    </Router>,
  );
}

/** The row of the grid that shows this address. */
async function rowOf(email: string): Promise<HTMLElement> {
  const grid = await screen.findByRole('grid', { name: 'Subscribers' });
  const found = within(grid)
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(email));
  if (!found) throw new Error(`no row for ${email}`);
  return found;
}

describe('the subscribers page', () => {
  it('shows each address’s bounce or complaint with its date, the last answer on hover', async () => {
    renderPage();
    const expected = [
      ['yok@example.com', 'Bounced · 12 March', '550 5.1.1 User unknown', 'hard'],
      ['dolu@example.com', 'Soft bounces: 2 · 13 March', '452 4.2.2 Mailbox full', 'soft'],
      ['hep-dolu@example.com', 'Bouncing: suppressed · 14 March', '452 4.2.2 Mailbox full', 'soft'],
      ['sikayet@example.com', 'Complained · 15 March', 'Feedback report: abuse', 'complaint'],
    ] as const;
    for (const [email, text, answer, kind] of expected) {
      const state = within(await rowOf(email)).getByText(text);
      expect(state.getAttribute('title')).toBe(answer);
      expect(state.getAttribute('data-bounce')).toBe(kind);
    }
    // Suppressed addresses stand out; soft bounces still counting do not.
    expect(within(await rowOf('hep-dolu@example.com')).getByText(/^Bouncing/).className).toContain('subscriber-bounce--suppressed');
    expect(within(await rowOf('dolu@example.com')).getByText(/^Soft bounces/).className).not.toContain('subscriber-bounce--suppressed');
  });

  it('says nothing more of an address nothing came back from', async () => {
    renderPage();
    const clean = await rowOf('temiz@example.com');
    expect(clean.querySelector('[data-bounce]')).toBeNull();
    expect(clean.textContent).not.toMatch(/Bounc|Complained/);
  });

  it('keeps only the bounced and complained addresses when asked', async () => {
    renderPage();
    await rowOf('temiz@example.com');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bounced or complained only' }));
    await waitFor(() => expect(screen.getByText('4 subscribers')).toBeTruthy());
    const grid = screen.getByRole('grid', { name: 'Subscribers' });
    expect(within(grid).queryByText('temiz@example.com')).toBeNull();
    expect(within(grid).getAllByText(/^(Bounced|Soft bounces|Bouncing|Complained)/)).toHaveLength(4);
  });

  it('shows each subscriber’s type: FREE, or PAID with the plan, and a failed payment', async () => {
    renderPage();
    const typeOf = async (email: string) => within(await rowOf(email)).getAllByRole('gridcell')[0]!;
    expect((await typeOf('aylik@example.com')).textContent).toBe('PAID · MONTHLY');
    expect((await typeOf('yillik@example.com')).textContent).toBe('PAID · YEARLY');
    const failed = await typeOf('gecikmis@example.com');
    expect(failed.textContent).toMatch(/^PAID · MONTHLY/);
    expect(within(failed).getByText('Payment failed').className).toContain('subscriber-payment-failed');
    expect((await typeOf('temiz@example.com')).textContent).toBe('FREE');
    expect((await typeOf('aylik@example.com')).textContent).not.toContain('Payment failed');
  });

  it('keeps free or paid subscribers only with the Type drop-down', async () => {
    renderPage();
    await rowOf('temiz@example.com');
    const type = await screen.findByRole('combobox', { name: 'Type' });
    expect(type.textContent).toBe('Type: All');
    fireEvent.click(type);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['All', 'Free', 'Paid']);
    fireEvent.click(screen.getByRole('option', { name: 'Paid' }));
    await waitFor(() => expect(screen.getByText('3 subscribers')).toBeTruthy());
    expect(asked.at(-1)?.get('type')).toBe('paid');
    const grid = screen.getByRole('grid', { name: 'Subscribers' });
    expect(within(grid).queryByText('temiz@example.com')).toBeNull();
    expect(within(grid).getAllByText(/^PAID/)).toHaveLength(3);

    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Free' }));
    await waitFor(() => expect(screen.getByText('5 subscribers')).toBeTruthy());
    expect(asked.at(-1)?.get('type')).toBe('free');
    expect(within(screen.getByRole('grid', { name: 'Subscribers' })).queryByText(/^PAID/)).toBeNull();

    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(screen.getByText('8 subscribers')).toBeTruthy());
    expect(asked.at(-1)?.has('type')).toBe(false);
  });

  it('offers no Type drop-down where subscriptions are not sold', async () => {
    mayPay = false;
    renderPage();
    await rowOf('temiz@example.com');
    await waitFor(() => expect(typesAsked).toBe(1));
    // The answer handled (a drop-down would show at once).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('combobox', { name: 'Type' })).toBeNull();
    expect(asked.every((query) => !query.has('type'))).toBe(true);
  });
});
