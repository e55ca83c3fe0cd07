// @vitest-environment happy-dom
/**
 * The story list's pieces (spec 001 sections 2 and 4): a story card opens its editor, taking a
 * story that is not a draft back to draft on the way (a published one asks first), but a
 * scheduled card 'is disabled on hover with a not-allowed cursor' and goes nowhere; the list's
 * menu offers the status moves, Preview only for published stories and Delete only as rules.ts
 * allows; and the newsletter dashboard's 'Draft stories' shows the two latest drafts, 'See all'
 * and its empty state.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions';
import type { Scope } from '../../schemas/generated/entities/scope';
import type { Story } from '../../schemas/generated/entities/story';

const origin = 'http://localhost';
const noFlags: Story['status'] = {
  draft: false,
  ready: false,
  accepted: false,
  scheduled: false,
  queued: false,
  processing: false,
  notified: false,
  published: false,
  featured: false,
  tested: false,
  rejected: false,
  cancelled: false,
};
const storyOf = (id: string, fields: Partial<Story> & { flags?: Partial<Story['status']> }): Story => ({
  _id: id,
  type: 'article',
  title: `Haber ${id}`,
  subtitle: 'Alt başlık',
  slug: `haber-${id}`,
  subject: `Haber ${id}`,
  image: '/uploads/images/2026-11/0b7c3a52-2f2c-4e5b-9d2e-3f1d2c4b5a69-medium.webp',
  body: { html: '<p>Metin</p>', text: 'Metin', summary: 'Kısa özet' },
  tags: [],
  interest: null,
  keywords: [],
  writer: { _id: 'w1', name: 'Emre Demir', user: 'u1' },
  newsletter: 'n1',
  issue: null,
  episode: null,
  isPremium: false,
  notify: false,
  meta: { readingTime: 60_000 },
  status: { ...noFlags, ...fields.flags },
  owner: { _id: 'u2', name: 'Selin Kaya', image: '' },
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  publishedAt: null,
  notifiedAt: null,
  ...fields,
});

const drafts = [
  storyOf('s1', { title: 'Kuzeyde kış hazırlığı', flags: { draft: true } }),
  storyOf('s2', {
    type: 'bullet',
    title: '',
    slug: null,
    image: '',
    body: { html: '<p>• Liman yarın açılıyor</p>', text: '• Liman yarın açılıyor', summary: '' },
    flags: { draft: true },
  }),
];
const listed = [
  storyOf('p1', { title: 'Yayındaki haber', flags: { published: true, ready: true, accepted: true } }),
  storyOf('c1', { title: 'Planlanan haber', flags: { scheduled: true, ready: true, accepted: true }, publishedAt: '2026-11-25T09:00:00.000Z' }),
  drafts[0]!,
];

let draftAnswer: Story[] = drafts;
const queries: URLSearchParams[] = [];
/** The status moves asked of the server, as 'draft s1'. */
const moves: string[] = [];
const server = setupServer(
  http.get(`${origin}/api/stories/list`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    const data = query.get('status') === 'draft' ? draftAnswer : listed;
    return HttpResponse.json({ data, count: data.length });
  }),
  http.put(`${origin}/api/stories/:move/:id`, ({ params }) => {
    moves.push(`${String(params.move)} ${String(params.id)}`);
    return HttpResponse.json({ data: storyOf(String(params.id), { flags: { draft: params.move === 'draft', ready: params.move !== 'draft' } }) });
  }),
);

let StoryCard: typeof import('../../plugins/stories/client/public').StoryCard;
let DraftStoriesPanel: typeof import('../../plugins/stories/client/DraftStoriesPanel').default;
let StoriesPage: typeof import('../../plugins/stories/client/StoriesPage').default;
let stores: typeof import('../../core/client/stores');

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  server.listen({ onUnhandledRequest: 'error' });
  ({ StoryCard } = await import('../../plugins/stories/client/public'));
  ({ default: DraftStoriesPanel } = await import('../../plugins/stories/client/DraftStoriesPanel'));
  ({ default: StoriesPage } = await import('../../plugins/stories/client/StoriesPage'));
  stores = await import('../../core/client/stores');
  stores.store.set(stores.userAtom, {
    _id: 'u1',
    email: 'editor@masthead.local',
    role: { key: 'editor' },
    publisher: 'p1',
    profile: { name: 'Emre Demir', biography: '', url: '', image: '' },
    status: { ready: true },
  });
});
afterEach(() => {
  cleanup();
  queries.length = 0;
  moves.length = 0;
  draftAnswer = drafts;
  localStorage.clear();
});
afterAll(() => server.close());

/** Renders inside a router on `path` whose history the test reads. */
function routed(ui: React.ReactNode, path = '/stories') {
  const location = memoryLocation({ path, record: true });
  render(<Router hook={location.hook}>{ui}</Router>);
  return location;
}

/** The declarations of the injected style rules for one of the element's classes with a selector suffix (e.g. ':hover'). */
function ruleOf(element: Element, suffix: string): string {
  const selectors = new Set([...element.classList].map((name) => `.${name}${suffix}`));
  const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]) as CSSStyleRule[];
  return rules
    .filter((rule) => selectors.has(rule.selectorText))
    .map((rule) => rule.style.cssText)
    .join(' ');
}

describe('StoryCard', () => {
  const permissions = (granted: Permission[]) => stores.store.set(stores.permissionsAtom, new Set(granted));
  const accepted = storyOf('a1', { title: 'Kabul edilen haber', flags: { ready: true, accepted: true } });

  it('opens the editor of a draft', () => {
    const location = routed(<StoryCard story={drafts[0]!} />);
    const card = screen.getByTestId('story-card');
    expect(within(card).getByRole('heading', { name: 'Kuzeyde kış hazırlığı' })).toBeTruthy();
    expect(card.querySelector('[aria-disabled="true"]')).toBeNull();
    expect(getComputedStyle(card).cursor).toBe('pointer');
    // Anywhere on the card, not only its title.
    fireEvent.click(card.querySelector('img')!);
    expect(location.history.at(-1)).toBe('/stories/edit/s1');
    expect(moves).toEqual([]);
  });

  it('takes a story that is not a draft back to draft on the way to its editor', async () => {
    permissions(['stories.list', 'stories.update', 'stories.draft', 'stories.accept']);
    const location = routed(<StoryCard story={accepted} />);
    fireEvent.click(screen.getByRole('heading', { name: 'Kabul edilen haber' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/stories/edit/a1'));
    expect(moves).toEqual(['draft a1']);
  });

  it("asks 'Are you sure you want to edit?' before taking a published story back to draft", async () => {
    permissions(['stories.list', 'stories.update', 'stories.draft', 'stories.accept']);
    const location = routed(<StoryCard story={listed[0]!} />);
    fireEvent.click(screen.getByRole('heading', { name: 'Yayındaki haber' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to edit?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history).toEqual(['/stories']);
    expect(moves).toEqual([]);

    fireEvent.click(screen.getByRole('heading', { name: 'Yayındaki haber' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'EDIT' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/stories/edit/p1'));
    expect(moves).toEqual(['draft p1']);
  });

  it('opens a story the user may not take back to draft as it is', () => {
    permissions(['stories.list', 'stories.create']);
    const location = routed(<StoryCard story={accepted} />);
    fireEvent.click(screen.getByRole('heading', { name: 'Kabul edilen haber' }));
    expect(location.history.at(-1)).toBe('/stories/edit/a1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(moves).toEqual([]);
  });

  it('shows a scheduled card disabled: not-allowed cursor, dimmed on hover, and a click goes nowhere', () => {
    const location = routed(<StoryCard story={listed[1]!} parts={{ actions: <button type="button">Actions</button> }} />);
    const card = screen.getByTestId('story-card');
    expect(getComputedStyle(card).cursor).toBe('not-allowed');
    expect(ruleOf(card, ':hover')).toMatch(/opacity:\s*0?\.6/);
    const heading = within(card).getByRole('heading', { name: 'Planlanan haber' });
    expect(heading.closest('[aria-disabled="true"]')).not.toBeNull();
    // No link to the editor inside it either.
    expect(within(card).queryByRole('link')).toBeNull();
    fireEvent.click(card);
    fireEvent.click(heading);
    fireEvent.click(card.querySelector('img')!);
    expect(location.history).toEqual(['/stories']);
    // Its menu is not part of what is disabled: Edit is how a schedule gets cancelled.
    expect(screen.getByRole('button', { name: 'Actions' }).closest('[aria-disabled="true"]')).toBeNull();
  });

  it('shows the status badge, writer, type and the small cover of an article', () => {
    routed(<StoryCard story={listed[1]!} />);
    const card = screen.getByTestId('story-card');
    expect(within(card).getByTestId('status-badge').textContent).toBe('SCHEDULED');
    expect(within(card).getByText('Emre Demir')).toBeTruthy();
    expect(within(card).getByText('Article')).toBeTruthy();
    expect(within(card).getByText('Alt başlık')).toBeTruthy();
    expect(within(card).getByText('25 November 2026')).toBeTruthy();
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/uploads/images/2026-11/0b7c3a52-2f2c-4e5b-9d2e-3f1d2c4b5a69-small.webp');
  });
});

describe('StoriesPage', () => {
  const permissions = (granted: Permission[]) => stores.store.set(stores.permissionsAtom, new Set(granted));
  const page = () =>
    routed(
      <Route path="/newsletters/show/:newsletterId/stories">
        <StoriesPage />
      </Route>,
      '/newsletters/show/n1/stories',
    );
  const menuOf = async (name: string) => {
    fireEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
    const menu = await screen.findByRole('menu');
    return within(menu)
      .getAllByRole('menuitem')
      .map((item) => `${item.textContent}${item.getAttribute('aria-disabled') === 'true' ? ' (disabled)' : ''}`);
  };

  it("asks for the newsletter's stories, latest first, 10 a page, and offers Preview and Delete as the rules allow", async () => {
    permissions(['stories.list', 'stories.create', 'stories.delete']);
    page();
    await screen.findByRole('heading', { name: 'Yayındaki haber' });
    expect(Object.fromEntries(queries[0]!)).toEqual({ newsletter: 'n1', sort: 'updatedAt', desc: 'true', page: '0', limit: '10' });
    expect(screen.getByRole('button', { name: 'NEW' })).toBeTruthy();
    expect(await menuOf('Yayındaki haber')).toEqual(['Open', 'Preview', 'Delete']);
    // The button closes its menu again.
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Yayındaki haber' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Delete is disabled while scheduled.
    expect(await menuOf('Planlanan haber')).toEqual(['Open', 'Delete (disabled)']);
  });

  it('offers the status moves the rules allow, and moves a story without opening it', async () => {
    permissions(['stories.list', 'stories.create', 'stories.update', 'stories.draft', 'stories.accept', 'stories.delete']);
    const location = page();
    await screen.findByRole('heading', { name: 'Yayındaki haber' });
    expect(await menuOf('Yayındaki haber')).toEqual(['Open', 'Draft', 'Preview', 'Delete']);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Yayındaki haber' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // A scheduled story waits for its release: no move from here.
    expect(await menuOf('Planlanan haber')).toEqual(['Open', 'Delete (disabled)']);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Planlanan haber' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(await menuOf('Kuzeyde kış hazırlığı')).toEqual(['Open', 'Convert to Ready', 'Delete']);
    const asked = queries.length;
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Convert to Ready' }));
    await waitFor(() => expect(moves).toEqual(['ready s1']));
    // The list asks again, and the page stays.
    await waitFor(() => expect(queries.length).toBeGreaterThan(asked));
    expect(location.history).toEqual(['/newsletters/show/n1/stories']);
  });

  it("hides Delete of someone else's story and NEW from those who may not", async () => {
    permissions(['stories.list']);
    page();
    await screen.findByRole('heading', { name: 'Kuzeyde kış hazırlığı' });
    expect(screen.queryByRole('button', { name: 'NEW' })).toBeNull();
    expect(await menuOf('Kuzeyde kış hazırlığı')).toEqual(['Open']);
  });
});

describe('DraftStoriesPanel', () => {
  const scope: Scope = { _id: 'n1', type: 'newsletter', title: 'Kuzey Bülteni', image: '', lang: 'tr', publisher: 'p1' };

  it("lists the newsletter's two latest drafts, each opening its editor, and 'See all'", async () => {
    routed(<DraftStoriesPanel scope={scope} />, '/newsletters/show/n1');
    const list = await screen.findByRole('list', { name: 'Draft stories' });
    expect(Object.fromEntries(queries[0]!)).toEqual({ newsletter: 'n1', status: 'draft', limit: '2', sort: 'updatedAt', desc: 'true' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/stories/edit/s1', '/stories/edit/s2']);
    expect(links[0]!.textContent).toContain('Kuzeyde kış hazırlığı');
    // A bullet is named by its first words.
    expect(links[1]!.textContent).toContain('Liman yarın açılıyor');
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/newsletters/show/n1/stories');
    expect(screen.queryByText('There are no draft stories.')).toBeNull();
  });

  it('says so when the newsletter has no drafts', async () => {
    draftAnswer = [];
    routed(<DraftStoriesPanel scope={scope} />, '/newsletters/show/n1');
    expect(await screen.findByText('There are no draft stories.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Draft stories' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See all' })).toBeTruthy();
  });
});
