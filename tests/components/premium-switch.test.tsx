// @vitest-environment happy-dom
/**
 * The story settings' premium switch, which the premium plugin provides for the stories plugin:
 * it shows what the premium-story service says of the story, adds the story the first time it is
 * turned on, sets it while the service has a record and removes it to turn it off; a change that
 * fails or is not confirmed goes back with the spec's toast. Only premium.manage sees it.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions';
import type { StoryPremiumSwitchProps } from '../../plugins/stories/client/public';

const origin = 'http://localhost';
const story = {
  _id: 's1',
  slug: 'sehirde-yeni-metro-hatti-acildi',
  title: 'Şehirde Yeni Metro Hattı Açıldı',
  subtitle: 'Yolculuk süresi yarıya iniyor',
  image: '/uploads/images/metro.jpg',
  isPremium: false,
};
/** The record as a change sends it (PUT); adding (POST) names the story as storyId too. */
const record = { key: story.slug, title: story.title, subtitle: story.subtitle, image: story.image, id: story._id };
const added = { ...record, storyId: story._id, isPremium: true };

/** What the fake service holds: null for no record of the story. */
let stored: { isPremium: boolean } | null;
/** How the next change is answered: as the service would, with an error, or without success. */
let answer: 'ok' | 'error' | 'unconfirmed';
let listBody: Record<string, unknown>;
const calls: { method: string; path: string; body: unknown }[] = [];

function changed(isPremium: boolean, msg: string) {
  if (answer === 'error') return HttpResponse.json({ msg: 'Failed to update the story.' }, { status: 500 });
  if (answer === 'unconfirmed') return HttpResponse.json({ data: { ...added, isPremium } });
  stored = { isPremium };
  return HttpResponse.json({ success: true, data: { ...added, isPremium }, msg });
}

const server = setupServer(
  http.get(`${origin}/api/premium/story/list`, () => HttpResponse.json(listBody)),
  http.get(`${origin}/api/premium/story/:id`, ({ params }) => {
    calls.push({ method: 'GET', path: `/premium/story/${String(params.id)}`, body: null });
    return stored ? HttpResponse.json({ data: { id: params.id, isPremium: stored.isPremium } }) : HttpResponse.json({ msg: 'Not found.' }, { status: 404 });
  }),
  http.post(`${origin}/api/premium/story`, async ({ request }) => {
    const body = (await request.json()) as { isPremium: boolean };
    calls.push({ method: 'POST', path: '/premium/story', body });
    return changed(body.isPremium, 'The story is premium.');
  }),
  http.put(`${origin}/api/premium/story/:id`, async ({ request, params }) => {
    const body = (await request.json()) as { isPremium: boolean };
    calls.push({ method: 'PUT', path: `/premium/story/${String(params.id)}`, body });
    return changed(body.isPremium, body.isPremium ? 'The story is premium.' : 'The story is no longer premium.');
  }),
  http.delete(`${origin}/api/premium/story/:id`, ({ params }) => {
    calls.push({ method: 'DELETE', path: `/premium/story/${String(params.id)}`, body: null });
    const response = changed(false, 'The story is no longer premium.');
    if (answer === 'ok') stored = null;
    return response;
  }),
);

type Modules = {
  PremiumSwitch: typeof import('../../plugins/premium/client/PremiumSwitch').default;
  premiumApi: typeof import('../../plugins/premium/client/premium-api').premiumApi;
  Toaster: typeof import('../../core/client/toasts').Toaster;
  stores: typeof import('../../core/client/stores');
};
let modules: Modules;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  server.listen({ onUnhandledRequest: 'error' });
  modules = {
    PremiumSwitch: (await import('../../plugins/premium/client/PremiumSwitch')).default,
    premiumApi: (await import('../../plugins/premium/client/premium-api')).premiumApi,
    Toaster: (await import('../../core/client/toasts')).Toaster,
    stores: await import('../../core/client/stores'),
  };
});
beforeEach(() => {
  stored = { isPremium: false };
  answer = 'ok';
  const { store, tokenAtom, permissionsAtom } = modules.stores;
  store.set(tokenAtom, 'token');
  store.set(permissionsAtom, new Set<Permission>(['stories.update', 'premium.manage']));
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
afterAll(() => server.close());

function renderSwitch(props: Partial<StoryPremiumSwitchProps> = {}) {
  const view = (next: Partial<StoryPremiumSwitchProps>) => (
    <>
      <modules.PremiumSwitch story={story} disabled={false} {...next} />
      <modules.Toaster />
    </>
  );
  const { rerender } = render(view(props));
  return { rerender: (next: Partial<StoryPremiumSwitchProps>) => rerender(view(next)) };
}

const premiumSwitch = () => screen.getByRole('switch', { name: 'Premium' });
const isOn = () => premiumSwitch().getAttribute('aria-checked') === 'true';
const isEnabled = () => !premiumSwitch().hasAttribute('disabled');
const changes = () => calls.filter((call) => call.method !== 'GET');
async function toastWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.queryAllByTestId('toast').find((item) => item.textContent?.includes(text));
    if (!found) throw new Error(`no toast with '${text}'`);
    return found;
  });
}

describe('the premium switch', () => {
  it('shows what the service says, and can be used only once it has said it', async () => {
    stored = { isPremium: true };
    renderSwitch();
    // The story's own flag (false) until the service answers.
    expect(isOn()).toBe(false);
    expect(isEnabled()).toBe(false);
    await waitFor(() => expect(isOn()).toBe(true));
    expect(isEnabled()).toBe(true);
    expect(calls).toEqual([{ method: 'GET', path: '/premium/story/s1', body: null }]);
  });

  it('sets the flag of a story the service has a record of, removes it to turn it off, and adds it again', async () => {
    renderSwitch();
    await waitFor(() => expect(isEnabled()).toBe(true));
    expect(isOn()).toBe(false);

    fireEvent.click(premiumSwitch());
    await toastWith('The story is premium.');
    expect(isOn()).toBe(true);
    expect(changes()).toEqual([{ method: 'PUT', path: '/premium/story/s1', body: { ...record, isPremium: true } }]);

    // Usable again once the change is settled.
    await waitFor(() => expect(isEnabled()).toBe(true));
    fireEvent.click(premiumSwitch());
    await toastWith('The story is no longer premium.');
    expect(isOn()).toBe(false);
    expect(changes()[1]).toEqual({ method: 'DELETE', path: '/premium/story/s1', body: null });

    // Removed: the service has no record of it any more, so turning it on adds it.
    await waitFor(() => expect(isEnabled()).toBe(true));
    fireEvent.click(premiumSwitch());
    await waitFor(() => expect(changes()).toHaveLength(3));
    expect(changes()[2]).toEqual({ method: 'POST', path: '/premium/story', body: added });
    await waitFor(() => expect(isEnabled()).toBe(true));
    expect(isOn()).toBe(true);
    expect(stored).toEqual({ isPremium: true });
  });

  it('adds a story the service holds no record of, with its key, title, subtitle, image and ids', async () => {
    stored = null;
    renderSwitch();
    await waitFor(() => expect(isEnabled()).toBe(true));
    fireEvent.click(premiumSwitch());
    await toastWith('The story is premium.');
    expect(changes()).toEqual([{ method: 'POST', path: '/premium/story', body: added }]);
    expect(isOn()).toBe(true);
  });

  it('goes back when the change fails, and when the service does not confirm it', async () => {
    renderSwitch();
    await waitFor(() => expect(isEnabled()).toBe(true));

    answer = 'error';
    fireEvent.click(premiumSwitch());
    // The position asked for shows while the call is under way.
    expect(isOn()).toBe(true);
    expect(isEnabled()).toBe(false);
    const failed = await toastWith('Failed to update the story.');
    expect(failed.textContent).toContain('Error!');
    await waitFor(() => expect(isOn()).toBe(false));
    expect(isEnabled()).toBe(true);

    answer = 'unconfirmed';
    fireEvent.click(premiumSwitch());
    await toastWith('Failed to revalidate the story.');
    await waitFor(() => expect(isOn()).toBe(false));
    expect(changes().map((call) => call.method)).toEqual(['PUT', 'PUT']);
    expect(screen.queryAllByTestId('toast').some((item) => item.textContent?.includes('The story is premium.'))).toBe(false);
  });

  it("changes the service's record when clicked the moment the switch is enabled", async () => {
    renderSwitch();
    const toggle = premiumSwitch();
    // The click lands as soon as the enabled switch is drawn, before React's passive effects run
    // (a busy machine, or a quick hand).
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (toggle.hasAttribute('disabled')) return;
        observer.disconnect();
        fireEvent.click(toggle);
        resolve();
      });
      observer.observe(toggle, { attributes: true, attributeFilter: ['disabled'] });
    });
    await toastWith('The story is premium.');
    expect(changes()).toEqual([{ method: 'PUT', path: '/premium/story/s1', body: { ...record, isPremium: true } }]);
  });

  it('refuses a story without an id and asks the service nothing', async () => {
    const { _id: _unsaved, ...unsaved } = story;
    renderSwitch({ story: unsaved });
    expect(isEnabled()).toBe(true);
    fireEvent.click(premiumSwitch());
    await toastWith('Invalid story object: missing ID.');
    await waitFor(() => expect(isOn()).toBe(false));
    expect(calls).toEqual([]);
  });

  it('reads the service again when the story says its flag changed elsewhere', async () => {
    const { rerender } = renderSwitch();
    await waitFor(() => expect(isEnabled()).toBe(true));
    stored = { isPremium: true };
    rerender({ story: { ...story, isPremium: true } });
    await waitFor(() => expect(isOn()).toBe(true));
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('is not there for someone without premium.manage, and asks nothing', async () => {
    modules.stores.store.set(modules.stores.permissionsAtom, new Set<Permission>(['stories.update']));
    renderSwitch();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('switch', { name: 'Premium' })).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('the premium list', () => {
  it('answers the premium stories, and refuses an answer not shaped as records', async () => {
    listBody = { data: [added], count: 1 };
    expect(await modules.premiumApi.list()).toEqual([added]);
    for (const body of [{ data: { rows: [] } }, { data: [{ title: 'Kimliksiz' }] }, {}]) {
      listBody = body;
      await expect(modules.premiumApi.list()).rejects.toThrow('Invalid response data.');
    }
  });
});

describe('the premium plugin', () => {
  it('provides the story settings’ premium switch', async () => {
    const { componentOf } = await import('../../core/client/registry');
    const { storyPremiumSwitchRef } = await import('../../plugins/stories/client/public');
    expect(componentOf(storyPremiumSwitchRef)).toBeDefined();
  });
});
