// @vitest-environment happy-dom
/**
 * The payments plugin's cards on the Credentials pages. PAYMENTS (Publisher Credentials) sends the
 * one key typed, then says which account it opens and in which mode by the key's hint only, shows
 * a key Stripe refused under its field (never 'connected'), the last problem and the imported
 * members Stripe does not know, and asks before removing the keys. PAID PLANS (Newsletter Credentials) sends prices typed in major units
 * ('49,90' or '49.90') in the minor unit (4990) and an empty one as null, says when the publisher's
 * keys are missing, and is read-only, without SAVE PRICES, for an editor (no publishers.update).
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions';
import type { NewsletterPlans } from '../../schemas/generated/api/newsletter-plans';
import type { PaymentAccount } from '../../schemas/generated/api/payment-account';

const origin = 'http://localhost';
const webhookUrl = 'https://masthead.example/api/payments/webhook/p1';
const secretKey = 'sk_test_51AbCdEfGhIjKlMn4242';
const refusedText = 'Stripe refused this key: Invalid API Key provided: sk_test_****************4242';
const noCounts = { matched: 0, notFound: 0, pending: 0 };

/** What the fake server holds. */
let account: PaymentAccount;
let plans: NewsletterPlans;
const calls: { method: string; path: string; body: unknown }[] = [];

const server = setupServer(
  http.get(`${origin}/api/payments/account`, () => HttpResponse.json({ data: account })),
  http.put(`${origin}/api/payments/account`, async ({ request }) => {
    const body = (await request.json()) as { secretKey?: string };
    calls.push({ method: 'PUT', path: '/payments/account', body });
    // As plugins/payments/server/connect.ts: Stripe refuses a key it does not know, with its reason.
    if (body.secretKey !== secretKey) return HttpResponse.json({ msg: 'Error!', details: [{ message: refusedText, path: 'secretKey' }] }, { status: 422 });
    account = {
      ...account,
      configured: true,
      secretKeyHint: 'sk_test_…4242',
      account: { id: 'acct_1Sabah', name: 'Sabah Yayınları', mode: 'test' },
      webhookEndpoint: 'created',
    };
    return HttpResponse.json({ data: account, msg: 'Stripe is connected.' });
  }),
  http.delete(`${origin}/api/payments/account`, () => {
    calls.push({ method: 'DELETE', path: '/payments/account', body: null });
    account = { ...account, configured: false, secretKeyHint: null, account: null, webhookEndpoint: null };
    return HttpResponse.json({ data: account, msg: 'The Stripe keys are removed.' });
  }),
  http.get(`${origin}/api/payments/plans/:newsletterId`, () => HttpResponse.json({ data: plans })),
  http.put(`${origin}/api/payments/plans/:newsletterId`, async ({ request, params }) => {
    const body = (await request.json()) as Pick<NewsletterPlans, 'currency' | 'monthly' | 'yearly'>;
    calls.push({ method: 'PUT', path: `/payments/plans/${String(params.newsletterId)}`, body });
    plans = { ...plans, ...body };
    return HttpResponse.json({ data: plans, msg: 'The prices are saved.' });
  }),
);

type Modules = {
  StripeKeysCard: typeof import('../../plugins/payments/client/StripeKeysCard').default;
  PlansCard: typeof import('../../plugins/payments/client/PlansCard').default;
  Toaster: typeof import('../../core/client/toasts').Toaster;
  stores: typeof import('../../core/client/stores');
  format: typeof import('../../core/client/format');
};
let modules: Modules;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  server.listen({ onUnhandledRequest: 'error' });
  modules = {
    StripeKeysCard: (await import('../../plugins/payments/client/StripeKeysCard')).default,
    PlansCard: (await import('../../plugins/payments/client/PlansCard')).default,
    Toaster: (await import('../../core/client/toasts')).Toaster,
    stores: await import('../../core/client/stores'),
    format: await import('../../core/client/format'),
  };
});
beforeEach(() => {
  account = { configured: false, secretKeyHint: null, webhookUrl, account: null, webhookEndpoint: null, lastProblem: null, importedMembers: noCounts };
  plans = { available: true, currency: 'try', monthly: null, yearly: 49900 };
  const { store, tokenAtom, permissionsAtom } = modules.stores;
  store.set(tokenAtom, 'token');
  // A director: may set the keys and the prices.
  store.set(permissionsAtom, new Set<Permission>(['newsletters.update', 'publishers.update']));
  store.set(modules.format.langSettingAtom, 'tr');
});
afterEach(() => {
  // Toasts live in a global store: close them, so the next test sees only its own.
  for (const item of screen.queryAllByTestId('toast')) {
    const bar = item.closest<HTMLElement>('.ms-MessageBar');
    if (bar) fireEvent.click(within(bar).getByRole('button', { name: 'Close', hidden: true }));
  }
  cleanup();
  calls.length = 0;
});
afterAll(() => {
  server.close();
  localStorage.clear();
});

async function toastWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.queryAllByTestId('toast').find((item) => item.textContent?.includes(text));
    if (!found) throw new Error(`no toast with '${text}'`);
    return found;
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The text of a field with what is written under it (its description, its error). */
const fieldBlock = (label: string) => field(label).closest<HTMLElement>('.ms-TextField')!.textContent ?? '';
const button = (name: string) => screen.queryByRole('button', { name });

describe('PAYMENTS, the Stripe keys', () => {
  const renderCard = () =>
    render(
      <>
        <modules.StripeKeysCard publisherId="p1" />
        <modules.Toaster />
      </>,
    );

  it('sends the one key, then says which account it opens and in which mode, and never the key', async () => {
    renderCard();
    await screen.findByText(/Stripe is not connected/);
    expect(field('STRIPE SECRET KEY').type).toBe('password');
    expect(screen.queryByLabelText('WEBHOOK SIGNING SECRET')).toBeNull();
    expect(screen.queryByLabelText('WEBHOOK ADDRESS')).toBeNull();
    expect(button('REMOVE KEYS')).toBeNull();

    type('STRIPE SECRET KEY', secretKey);
    fireEvent.click(button('CONNECT STRIPE')!);

    await toastWith('Stripe is connected.');
    expect(calls).toEqual([{ method: 'PUT', path: '/payments/account', body: { secretKey } }]);
    await screen.findByText(
      'Stripe is connected in test mode: the account Sabah Yayınları (acct_1Sabah), with the key sk_test_…4242. Payments are pretend, no card is charged.',
    );
    expect(field('WEBHOOK ADDRESS').value).toBe(webhookUrl);
    expect(field('WEBHOOK ADDRESS').readOnly).toBe(true);
    expect(document.body.textContent).toContain('Masthead created this webhook endpoint in your Stripe account');
    // The field empty again, and the key nowhere on the page.
    expect(field('STRIPE SECRET KEY').value).toBe('');
    expect(document.body.innerHTML).not.toContain(secretKey);
    expect(button('REMOVE KEYS')).not.toBeNull();
  });

  it("shows a key Stripe refused under its field, with Stripe's reason, and a key that is not one before asking", async () => {
    renderCard();
    await screen.findByText(/Stripe is not connected/);

    type('STRIPE SECRET KEY', 'sk_test_51MadeUpKeyMadeUp4242');
    fireEvent.click(button('CONNECT STRIPE')!);
    await toastWith(refusedText);
    await waitFor(() => expect(fieldBlock('STRIPE SECRET KEY')).toContain(refusedText));
    // Still not connected: what was typed stays, to be corrected; typing takes the error away.
    expect(screen.getByText(/Stripe is not connected/)).toBeTruthy();
    expect(field('STRIPE SECRET KEY').value).toBe('sk_test_51MadeUpKeyMadeUp4242');
    type('STRIPE SECRET KEY', 's');
    expect(fieldBlock('STRIPE SECRET KEY')).not.toContain(refusedText);

    // A publishable key is not a secret key: the schema's text, and nothing sent.
    type('STRIPE SECRET KEY', 'pk_test_51AbCdEfGhIjKlMn4242');
    fireEvent.click(button('CONNECT STRIPE')!);
    await waitFor(() =>
      expect(fieldBlock('STRIPE SECRET KEY')).toContain('Enter a Stripe secret key: it starts with sk_test_, sk_live_, rk_test_ or rk_live_.'),
    );
    expect(calls).toHaveLength(1);
  });

  it('shows the last problem with its time, the imported members Stripe does not know, and a key from before as never checked', async () => {
    account = {
      ...account,
      configured: true,
      secretKeyHint: 'sk_live_…9876',
      webhookEndpoint: 'manual',
      lastProblem: { kind: 'checkout', reason: 'Sabah Bülteni: Stripe says: Invalid API Key provided.', at: '2026-12-05T09:30:00.000Z' },
      importedMembers: { matched: 40, notFound: 3, pending: 0 },
    };
    renderCard();
    await screen.findByText(/was never checked with Stripe/);
    expect(document.body.textContent).not.toMatch(/Stripe is connected/);
    expect(document.body.textContent).toContain('A reader could not open the Stripe payment page. Sabah Bülteni: Stripe says: Invalid API Key provided.');
    expect(document.body.textContent).toMatch(/Last problem, .+ at \d\d:\d\d:/);
    expect(document.body.textContent).toContain('3 imported members not found in Stripe');
    expect(document.body.textContent).toContain('through an endpoint made by hand');
  });

  it('asks before removing the keys, and removes them only when told to', async () => {
    account = { ...account, configured: true, secretKeyHint: 'sk_live_…9876', account: { id: null, name: null, mode: 'live' }, webhookEndpoint: 'created' };
    renderCard();
    await screen.findByText('Stripe is connected in live mode with the key sk_live_…9876: readers pay for real.');

    fireEvent.click(button('REMOVE KEYS')!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Readers can no longer subscribe');
    fireEvent.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    fireEvent.click(button('REMOVE KEYS')!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'REMOVE' }));
    await toastWith('The Stripe keys are removed.');
    expect(calls).toEqual([{ method: 'DELETE', path: '/payments/account', body: null }]);
    await screen.findByText(/Stripe is not connected/);
    expect(button('REMOVE KEYS')).toBeNull();
  });
});

describe('PAID PLANS, the prices', () => {
  const renderCard = () =>
    render(
      <>
        <modules.PlansCard newsletterId="n1" />
        <modules.Toaster />
      </>,
    );
  const sent = () => calls.map((call) => call.body);

  it('sends prices typed in major units in the minor unit, and an empty one as null', async () => {
    renderCard();
    // 49900 kuruş in Turkish: '499,00'; no monthly plan: empty.
    await waitFor(() => expect(field('YEARLY PRICE').value).toBe('499,00'));
    expect(field('MONTHLY PRICE').value).toBe('');
    expect(screen.queryByText(/Stripe keys must be set/)).toBeNull();

    type('MONTHLY PRICE', '49,90');
    type('YEARLY PRICE', '');
    fireEvent.click(button('SAVE PRICES')!);
    await toastWith('The prices are saved.');
    expect(sent()).toEqual([{ currency: 'try', monthly: 4990, yearly: null }]);
    // What the server answered, in the console's language.
    await waitFor(() => expect(field('MONTHLY PRICE').value).toBe('49,90'));
    expect(field('YEARLY PRICE').value).toBe('');

    // A point is a decimal point too; a separator before three digits groups them; a whole number is whole.
    type('MONTHLY PRICE', '49.90');
    type('YEARLY PRICE', '1.000');
    fireEvent.click(button('SAVE PRICES')!);
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual({ currency: 'try', monthly: 4990, yearly: 100000 });
    // The server's answer is written into the fields: type the next price once it has been.
    await waitFor(() => expect(field('YEARLY PRICE').value).toBe('1.000,00'));
    type('MONTHLY PRICE', '49');
    fireEvent.click(button('SAVE PRICES')!);
    await waitFor(() => expect(sent()).toHaveLength(3));
    expect(sent()[2]).toEqual({ currency: 'try', monthly: 4900, yearly: 100000 });
  });

  it('refuses what is no price, or under 1, under its field and sends nothing', async () => {
    renderCard();
    await waitFor(() => expect(field('YEARLY PRICE').value).toBe('499,00'));
    type('MONTHLY PRICE', 'kırk dokuz');
    type('YEARLY PRICE', '0,50');
    fireEvent.click(button('SAVE PRICES')!);
    await waitFor(() => expect(fieldBlock('MONTHLY PRICE')).toContain('Enter a price.'));
    expect(fieldBlock('YEARLY PRICE')).toContain('A price is at least 1.');
    expect(calls).toEqual([]);
  });

  it('says the publisher’s Stripe keys come first, and still saves the prices', async () => {
    plans = { available: false, currency: 'eur', monthly: 500, yearly: null };
    renderCard();
    await screen.findByText(/the publisher's Stripe keys must be set in Publisher Credentials first/);
    expect(field('MONTHLY PRICE').value).toBe('5,00');
    type('YEARLY PRICE', '50');
    fireEvent.click(button('SAVE PRICES')!);
    await toastWith('The prices are saved.');
    expect(sent()).toEqual([{ currency: 'eur', monthly: 500, yearly: 5000 }]);
  });

  it('writes the prices in the console’s language', async () => {
    modules.stores.store.set(modules.format.langSettingAtom, 'en');
    plans = { ...plans, yearly: 123450 };
    renderCard();
    await waitFor(() => expect(field('YEARLY PRICE').value).toBe('1,234.50'));
    fireEvent.click(button('SAVE PRICES')!);
    await waitFor(() => expect(sent()).toEqual([{ currency: 'try', monthly: null, yearly: 123450 }]));
  });

  it('shows an editor (no publishers.update) the prices read-only, without SAVE PRICES', async () => {
    modules.stores.store.set(modules.stores.permissionsAtom, new Set<Permission>(['newsletters.update']));
    renderCard();
    await waitFor(() => expect(field('YEARLY PRICE').value).toBe('499,00'));
    expect(field('MONTHLY PRICE').readOnly).toBe(true);
    expect(field('YEARLY PRICE').readOnly).toBe(true);
    expect(screen.getByRole('combobox', { name: /CURRENCY/ }).getAttribute('aria-disabled')).toBe('true');
    expect(button('SAVE PRICES')).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('the payments plugin', () => {
  it('provides the cards of the Publisher and Newsletter Credentials pages', async () => {
    const { componentOf } = await import('../../core/client/registry');
    const { newsletterSettingsCardRef, publisherSettingsCardRef } = await import('../../plugins/settings/client/public');
    expect(componentOf(publisherSettingsCardRef)).toBeDefined();
    expect(componentOf(newsletterSettingsCardRef)).toBeDefined();
  });
});
