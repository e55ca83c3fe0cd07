// @vitest-environment happy-dom
/**
 * The shared list (spec 000 section 2 'Lists', 4, 5, 9): search applies from 3 characters after a
 * 500 ms pause (clearing at once), pages of 10 with zero-based `page` and no size changer, the
 * card or list view remembered, one type and one status at a time with the spec's messages, the
 * row action menu, and status badges from config/badges.json.
 */
import { setIconOptions } from '@fluentui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListProps } from '../../core/client/list';
import { constants } from '../../core/shared/config';
import { endpoint, inline, list } from '../../core/shared/endpoints';

const origin = 'http://localhost';
interface Thing {
  _id: string;
  title: string;
  status: { published: boolean };
}
const things: Thing[] = Array.from({ length: 23 }, (_, index) => ({
  _id: `t${index + 1}`,
  title: index === 4 ? 'Teknoloji Notları' : `Bülten ${String(index + 1).padStart(2, '0')}`,
  status: { published: index % 2 === 0 },
}));
const queries: URLSearchParams[] = [];
const server = setupServer(
  http.get(`${origin}/api/things/list`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    const search = query.get('search')?.toLocaleLowerCase('tr');
    const matching = things.filter((thing) => !search || thing.title.toLocaleLowerCase('tr').includes(search));
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    return HttpResponse.json({ data: matching.slice(page * limit, (page + 1) * limit), count: matching.length });
  }),
);

let List: typeof import('../../core/client/list').List;
let Toaster: typeof import('../../core/client/toasts').Toaster;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  server.listen({ onUnhandledRequest: 'error' });
  ({ List } = await import('../../core/client/list'));
  ({ Toaster } = await import('../../core/client/toasts'));
});
// The search's pause runs on fake timers: a test moves time on instead of waiting for it.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  queries.length = 0;
  localStorage.clear();
});
afterAll(() => server.close());

/** Moves the clock on by `ms`, running the timers that fall due and what they start. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const last = () => queries.at(-1)!;

function renderList(props: Partial<ListProps<Thing>> = {}) {
  const onAction = vi.fn();
  const view = render(
    <>
      <Toaster />
      <List<Thing>
        endpoint={endpoint('GET', '/things/list', { answer: list(inline<Thing>({ type: 'object' })) })}
        params={{ publisher: 'p1' }}
        storageKey="things-view"
        searchPlaceholder="Search things"
        itemName={(thing) => thing.title}
        renderCard={(thing, parts) => (
          <article data-testid="card">
            <h3>{thing.title}</h3>
            {parts.badge}
            {parts.actions}
          </article>
        )}
        columns={[
          { key: 'title', name: 'Title', render: (thing) => thing.title, sort: 'title' },
          { key: 'status', name: 'Status', render: 'badge' },
        ]}
        rowActions={(thing) => [{ key: 'open', text: 'Open', onClick: () => onAction(thing) }]}
        badge={(thing) => ({ model: 'newsletter', status: { published: thing.status.published } })}
        filters={{
          type: {
            options: [
              { key: 'article', text: 'Article' },
              { key: 'bullet', text: 'Bullet' },
            ],
          },
          status: {
            options: [
              { key: 'draft', text: 'Draft' },
              { key: 'published', text: 'Published' },
            ],
          },
        }}
        onNew={() => onAction('new')}
        {...props}
      />
    </>,
  );
  return { ...view, onAction };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search things' });

describe('List', () => {
  it('asks for the first page of 10 with the fixed parameters and shows cards with badges', async () => {
    renderList();
    await screen.findByText('Bülten 01');
    expect(queries).toHaveLength(1);
    expect(Object.fromEntries(last())).toEqual({ publisher: 'p1', page: '0', limit: '10' });
    expect(screen.getAllByTestId('card')).toHaveLength(10);
    const badges = screen.getAllByTestId('status-badge').map((badge) => badge.textContent);
    expect(badges.slice(0, 2)).toEqual(['PUBLISHED', 'DRAFT']);
  });

  it('searches only from 3 characters, after a 500 ms pause, and clears at once', async () => {
    renderList();
    await screen.findByText('Bülten 01');
    fireEvent.change(searchBox(), { target: { value: 'te' } });
    await advance(800);
    expect(queries).toHaveLength(1);

    fireEvent.change(searchBox(), { target: { value: 'tek' } });
    await advance(300);
    expect(queries).toHaveLength(1);
    fireEvent.change(searchBox(), { target: { value: 'tekn' } });
    await advance(300);
    // Typing again starts the pause again.
    expect(queries).toHaveLength(1);
    await advance(200);
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(last().get('search')).toBe('tekn');
    expect(last().get('page')).toBe('0');
    await waitFor(() => expect(screen.getAllByTestId('card')).toHaveLength(1));
    expect(screen.getByText('Teknoloji Notları')).toBeTruthy();

    // Clearing applies at once, before the pause would be over.
    const clearedAt = Date.now();
    fireEvent.change(searchBox(), { target: { value: '' } });
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(Date.now() - clearedAt).toBeLessThan(constants.debounces.listSearchMs);
    expect(last().get('search')).toBeNull();
  });

  it('pages with zero-based page numbers and no page-size changer; a new search starts again at the first page', async () => {
    renderList();
    await screen.findByText('Bülten 01');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Previous page', 'Page 1', 'Page 2', 'Page 3', 'Next page']);
    expect(screen.queryByRole('combobox', { name: /per page|page size/i })).toBeNull();

    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Bülten 11');
    expect(last().get('page')).toBe('1');
    expect(last().get('limit')).toBe('10');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await screen.findByText('Bülten 21');
    expect(last().get('page')).toBe('2');
    expect(screen.getAllByTestId('card')).toHaveLength(3);
    expect(within(pages).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    fireEvent.change(searchBox(), { target: { value: 'bülten' } });
    await waitFor(() => expect(last().get('search')).toBe('bülten'));
    expect(last().get('page')).toBe('0');
  });

  it('remembers the list view', async () => {
    const first = renderList();
    await screen.findByText('Bülten 01');
    expect(screen.getByRole('button', { name: 'Card view' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    const grid = await screen.findByRole('grid');
    expect(within(grid).getByText('Bülten 01')).toBeTruthy();
    expect(within(grid).getAllByTestId('status-badge')[0]!.textContent).toBe('PUBLISHED');
    expect(screen.queryAllByTestId('card')).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem('things-view')!)).toBe('list');
    first.unmount();

    renderList();
    expect(await screen.findByRole('grid')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('allows one type and one status at a time, with the spec messages', async () => {
    renderList();
    await screen.findByText('Bülten 01');
    // A multi-select dropdown stays open after a pick (and hides the rest of the page from the accessibility tree).
    const combobox = (name: string) => screen.getByRole('combobox', { name, hidden: true });
    const choose = async (dropdown: string, option: string) => {
      if (!screen.queryByRole('listbox', { name: dropdown })) fireEvent.click(combobox(dropdown));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    const close = (dropdown: string) => {
      if (screen.queryByRole('listbox', { name: dropdown })) fireEvent.click(combobox(dropdown));
    };

    await choose('Type', 'Article');
    await waitFor(() => expect(last().get('type')).toBe('article'));
    await choose('Type', 'Bullet');
    expect(await screen.findByText('You can only select one type')).toBeTruthy();
    await advance(50);
    expect(last().get('type')).toBe('article');
    close('Type');

    await choose('Status', 'Draft');
    await waitFor(() => expect(last().get('status')).toBe('draft'));
    await choose('Status', 'Published');
    expect(await screen.findByText('You can only select one status')).toBeTruthy();
    await advance(50);
    expect(last().get('status')).toBe('draft');
    expect(last().get('type')).toBe('article');

    // Unticking the chosen one frees the filter.
    await choose('Status', 'Draft');
    await waitFor(() => expect(last().get('status')).toBeNull());
  });

  it('opens the row action menu in both views, and NEW', async () => {
    const { onAction } = renderList();
    await screen.findByText('Bülten 01');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Bülten 01' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Open' }));
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ _id: 't1' }));

    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Bülten 02' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Open' }));
    expect(onAction).toHaveBeenLastCalledWith(expect.objectContaining({ _id: 't2' }));

    fireEvent.click(screen.getByRole('button', { name: 'NEW' }));
    expect(onAction).toHaveBeenLastCalledWith('new');
  });

  it('shows the empty state when nothing matches', async () => {
    renderList();
    await screen.findByText('Bülten 01');
    fireEvent.change(searchBox(), { target: { value: 'xyzzy' } });
    expect(await screen.findByText('Nothing matches your search.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
