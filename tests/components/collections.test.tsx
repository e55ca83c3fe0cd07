// @vitest-environment happy-dom
/**
 * The collections console (spec 001 sections 2, 4, 5 and 8): the wizard shows each stage's
 * message, keeps NEXT off for a taken key, offers the type only to admins, turns ADD into ADDED,
 * moves items, and creates the collection in the order arranged (published by those who may,
 * a draft for the rest) for the owner ?parent&model name; the dashboard's Add Story modal and
 * Move Up wait for UPDATE, and a refused UPDATE keeps the arrangement; 'Latest collections' leads
 * to the wizard when there are none.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../core/shared/permissions';

// The image picker is another plugin's dialog: here a button picks a fixed image.
vi.mock('../../core/client/ImageField', () => ({
  ImageField: ({ label, onChange, errorMessage }: { label: string; onChange(path: string): void; errorMessage?: string }) => (
    <div>
      <button type="button" onClick={() => onChange('/uploads/images/2026-11/kapak-medium.webp')}>{`Pick ${label}`}</button>
      {errorMessage ? <span role="alert">{errorMessage}</span> : null}
    </div>
  ),
}));

const origin = 'http://localhost';
const stories = [
  { _id: 's1', title: 'Modern Sanat Müzesinde Yeni Sergi', slug: 'modern-sanat', image: '', publishedAt: '2026-11-22T08:00:00.000Z' },
  { _id: 's2', title: 'Yapay Zekâ ile Kod Yazmak', slug: 'yapay-zeka', image: '', publishedAt: '2026-11-20T08:00:00.000Z' },
  { _id: 's3', title: 'Şehirde Yeni Metro Hattı Açıldı', slug: 'metro', image: '', publishedAt: '2026-11-19T08:00:00.000Z' },
];
const item = (story: (typeof stories)[number]) => ({
  _id: story._id,
  title: story.title,
  image: '',
  slug: story.slug,
  type: 'article',
  model: 'Story',
  url: `/s/${story.slug}`,
});
const collection = {
  _id: 'c1',
  title: 'Teknoloji Dosyası',
  description: 'Uzun okumalar.',
  image: '/demo/teknoloji.svg',
  slug: 'teknoloji-dosyasi',
  key: 'teknoloji-dosyasi',
  childrenRef: 'Story',
  children: [item(stories[0]!), item(stories[1]!)],
  status: { published: true, featured: false, indexed: false },
  owner: 'n1',
  ownerModel: 'Newsletter',
  publisher: 'p1',
  color: '',
  lang: 'tr',
  creator: null,
  publishedAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
};

/** What the fake server was sent, and what it answers. */
const sent: { method: string; path: string; body?: Record<string, unknown>; query?: Record<string, string> }[] = [];
let updateStatus = 200;
let latest: unknown[] = [];
const takenKeys = new Set(['haftanin-seckisi']);

const server = setupServer(
  http.get(`${origin}/api/collections/create`, () =>
    HttpResponse.json({
      data: { body: { title: '', childrenRef: 'Story', children: [], parent: 'p1', model: 'Publisher' }, data: { childrenRefs: ['Story', 'Issue'] } },
    }),
  ),
  http.post(`${origin}/api/collections/create`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ method: 'POST', path: '/collections/create', body });
    return HttpResponse.json({ data: { _id: 'new' }, msg: 'You created a new collection.' });
  }),
  http.get(`${origin}/api/keys/check`, ({ request }) => {
    const key = new URL(request.url).searchParams.get('key') ?? '';
    return HttpResponse.json({ msg: takenKeys.has(key) ? 'EXISTS' : 'AVAILABLE' });
  }),
  http.get(`${origin}/api/stories/list`, ({ request }) => {
    sent.push({ method: 'GET', path: '/stories/list', query: Object.fromEntries(new URL(request.url).searchParams) });
    return HttpResponse.json({ data: stories, count: stories.length });
  }),
  http.get(`${origin}/api/collections/list/c1`, () => HttpResponse.json({ data: collection })),
  http.put(`${origin}/api/collections/update/c1`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ method: 'PUT', path: '/collections/update/c1', body });
    if (updateStatus !== 200)
      return HttpResponse.json(
        { code: updateStatus, msg: 'Only published articles of your publisher can be added to a collection.' },
        { status: updateStatus },
      );
    return HttpResponse.json({ data: collection, msg: 'Collection saved.' });
  }),
  http.get(`${origin}/api/collections/list`, () => HttpResponse.json({ data: latest, count: latest.length })),
);

type Modules = {
  Wizard: typeof import('../../plugins/collections/client/CollectionWizardPage').default;
  Dashboard: typeof import('../../plugins/collections/client/CollectionDashboardPage').default;
  Panel: typeof import('../../plugins/collections/client/LatestCollectionsPanel').default;
  Toaster: typeof import('../../core/client/toasts').Toaster;
  stores: typeof import('../../core/client/stores');
};
let modules: Modules;

const newsletterScope = { _id: 'n1', type: 'newsletter' as const, title: 'Sabah Bülteni', image: '', lang: 'tr' };

function allow(...permissions: string[]) {
  modules.stores.store.set(modules.stores.permissionsAtom, new Set<Permission>(permissions as Permission[]));
}

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  // happy-dom has no IntersectionObserver; the item lists fetch their first page without it.
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    observe() {}
    disconnect() {}
  };
  server.listen({ onUnhandledRequest: 'error' });
  modules = {
    Wizard: (await import('../../plugins/collections/client/CollectionWizardPage')).default,
    Dashboard: (await import('../../plugins/collections/client/CollectionDashboardPage')).default,
    Panel: (await import('../../plugins/collections/client/LatestCollectionsPanel')).default,
    Toaster: (await import('../../core/client/toasts')).Toaster,
    stores: await import('../../core/client/stores'),
  };
});
beforeEach(() => {
  const { store, tokenAtom, currentScopeAtom } = modules.stores;
  store.set(tokenAtom, 'token');
  store.set(currentScopeAtom, newsletterScope);
  allow('collections.list', 'collections.create', 'collections.update', 'collections.delete', 'collections.publish');
  sent.length = 0;
  updateStatus = 200;
  latest = [];
});
afterEach(() => {
  for (const toast of screen.queryAllByTestId('toast')) {
    const bar = toast.closest<HTMLElement>('.ms-MessageBar');
    if (bar) fireEvent.click(within(bar).getByRole('button', { name: 'Close', hidden: true }));
  }
  cleanup();
});
afterAll(() => server.close());

function at(path: string, children: ReactNode) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
      <modules.Toaster />
    </Router>,
  );
  return location;
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name, exact: true } as never));
const type = (name: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const stageIs = (title: string) => screen.findByRole('heading', { level: 2, name: title });
const orderOf = (label: string) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('span span')?.textContent);

async function fillAbout(key = 'hafta-sonu') {
  await stageIs('About the collection');
  press('Pick Image');
  type('Title', 'Hafta Sonu');
  type('Description', 'Hafta sonu için uzun okumalar.');
  type('Key', key);
}

describe('the collection wizard', () => {
  it("shows each stage's messages, keeps NEXT off for a taken key, and creates the collection in the arranged order for ?parent&model", async () => {
    const location = at('/collections/create?parent=n1&model=Newsletter', <modules.Wizard />);
    await stageIs('About the collection');
    // The type is an admin's choice.
    expect(screen.queryByRole('radiogroup', { name: 'Collection type' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'NEXT' })).toBeTruthy());
    press('NEXT');
    for (const message of [
      'You need to select an image.',
      'Collection title must be three characters or more.',
      'Collection description must be three characters or more.',
    ])
      expect(await screen.findByText(message)).toBeTruthy();

    await fillAbout('haftanin-seckisi');
    expect(await screen.findByText('This collection name already exists.')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'NEXT' }).hasAttribute('disabled') ||
          screen.getByRole('button', { name: 'NEXT' }).getAttribute('aria-disabled') === 'true',
      ).toBe(true),
    );
    type('Key', 'hafta-sonu');
    expect(await screen.findByText('hafta-sonu is available.')).toBeTruthy();
    press('NEXT');

    await stageIs('Items');
    press('NEXT');
    expect(await screen.findByText('Collection must have at least one item.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: `Add ${stories[0]!.title}` }));
    fireEvent.click(screen.getByRole('button', { name: `Add ${stories[1]!.title}` }));
    expect(screen.getByRole('button', { name: `${stories[0]!.title}: added, take out` }).textContent).toContain('ADDED');
    expect(screen.queryByText('Collection must have at least one item.')).toBeNull();
    // The published articles, the latest first.
    expect(sent.find((call) => call.path === '/stories/list')?.query).toMatchObject({
      'status.published': 'true',
      type: 'article',
      sort: 'publishedAt',
      desc: 'true',
    });
    fireEvent.click(screen.getByRole('button', { name: `Move Down ${stories[0]!.title}` }));
    expect(orderOf('Items of the collection')).toEqual([stories[1]!.title, stories[0]!.title]);
    press('NEXT');

    await stageIs('Publish');
    press('PUBLISH');
    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    expect(sent.find((call) => call.method === 'POST')!.body).toMatchObject({
      title: 'Hafta Sonu',
      key: 'hafta-sonu',
      childrenRef: 'Story',
      children: ['s2', 's1'],
      parent: 'n1',
      model: 'Newsletter',
      status: { published: true },
    });
    expect(await screen.findByText('You created a new collection.')).toBeTruthy();
    // The wizard ends on the collection it made.
    await waitFor(() => expect(location.history?.at(-1)).toBe('/collections/show/new'));
  });

  it('saves a draft for those who may not publish, and offers admins the type', async () => {
    allow('collections.list', 'collections.create', 'collections.update');
    at('/collections/create', <modules.Wizard />);
    await fillAbout();
    expect(await screen.findByText('hafta-sonu is available.')).toBeTruthy();
    press('NEXT');
    fireEvent.click(await screen.findByRole('button', { name: `Add ${stories[2]!.title}` }));
    press('NEXT');
    expect(await screen.findByText(/saved as a draft/)).toBeTruthy();
    press('SAVE AS DRAFT');
    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    const body = sent.find((call) => call.method === 'POST')!.body!;
    expect(body.status).toBeUndefined();
    // Without ?parent, a newsletter scope's collection is the newsletter's.
    expect(body).toMatchObject({ parent: 'n1', model: 'Newsletter', children: ['s3'] });
    cleanup();

    allow('collections.list', 'collections.create', 'collections.update', 'collections.publish', 'collections.curate');
    at('/collections/create', <modules.Wizard />);
    await stageIs('About the collection');
    expect(await screen.findByRole('radiogroup', { name: 'Collection type' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Issues' })).toBeTruthy();
  });
});

describe('the collection dashboard', () => {
  it('adds with the Add Story modal and moves items, saved by UPDATE; a refused UPDATE keeps them', async () => {
    const location = at(
      '/collections/show/c1/add',
      <Route path="/collections/show/:collectionId/:page?">
        <modules.Dashboard />
      </Route>,
    );
    const modal = await screen.findByRole('dialog', { name: 'Add Story' });
    expect((await within(modal).findByRole('button', { name: `${stories[0]!.title}: added, take out` })).textContent).toContain('ADDED');
    fireEvent.click(within(modal).getByRole('button', { name: `Add ${stories[2]!.title}` }));
    fireEvent.click(within(modal).getByRole('button', { name: 'DONE' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/collections/show/c1'));

    expect(screen.getByText('You have changes: UPDATE saves them.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Move Up ${stories[2]!.title}` }));
    const order = [stories[0]!.title, stories[2]!.title, stories[1]!.title];
    expect(orderOf('Stories of the collection')).toEqual(order);

    updateStatus = 422;
    press('UPDATE');
    expect(await screen.findByText('Only published articles of your publisher can be added to a collection.')).toBeTruthy();
    expect(orderOf('Stories of the collection')).toEqual(order);

    updateStatus = 200;
    press('UPDATE');
    expect(await screen.findByText('Collection saved.')).toBeTruthy();
    expect(sent.filter((call) => call.method === 'PUT').at(-1)!.body).toMatchObject({ children: ['s1', 's3', 's2'], key: 'teknoloji-dosyasi' });
    await waitFor(() => expect(screen.queryByText('You have changes: UPDATE saves them.')).toBeNull());
  });
});

describe("'Latest collections'", () => {
  it('leads to the wizard for the newsletter when there are none, and lists them with their badges otherwise', async () => {
    at('/', <modules.Panel scope={newsletterScope} />);
    const create = await screen.findByRole('link', { name: 'Create a collection' });
    expect(create.getAttribute('href')).toBe('/collections/create?parent=n1&model=Newsletter');
    cleanup();

    latest = [{ ...collection, children: ['s1', 's2'] }];
    at('/', <modules.Panel scope={newsletterScope} />);
    const list = await screen.findByRole('list', { name: 'Latest collections' });
    expect(within(list).getByRole('link').getAttribute('href')).toBe('/collections/show/c1');
    expect(within(list).getByText('PUBLISHED')).toBeTruthy();
    expect(within(list).getByText(/2 stories/)).toBeTruthy();
  });
});
