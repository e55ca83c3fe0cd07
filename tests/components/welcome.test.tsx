// @vitest-environment happy-dom
/**
 * The author onboarding screen 'Welcome': validated by the profile schema before saving, and
 * CONTINUE TO DASHBOARD saves the profile with status.ready, which takes the author to the console.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const origin = 'http://localhost';
const saved: unknown[] = [];
const server = setupServer(
  http.put(`${origin}/api/auth/profile/update`, async ({ request }) => {
    const body = (await request.json()) as { profile: Record<string, string>; status: { ready: boolean } };
    saved.push(body);
    return HttpResponse.json({
      data: { _id: 'u1', email: 'new@masthead.local', role: { key: 'author' }, profile: body.profile, status: body.status, publisher: 'p1' },
    });
  }),
);

type Modules = {
  WelcomePage: typeof import('../../core/client/screens/WelcomePage').default;
  stores: typeof import('../../core/client/stores');
};
let modules: Modules;

beforeAll(async () => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  server.listen({ onUnhandledRequest: 'error' });
  modules = {
    WelcomePage: (await import('../../core/client/screens/WelcomePage')).default,
    stores: await import('../../core/client/stores'),
  };
  modules.stores.store.set(modules.stores.userAtom, {
    _id: 'u1',
    email: 'new@masthead.local',
    role: { key: 'author' },
    publisher: 'p1',
    profile: { name: '', biography: '', url: '', image: '' },
    status: { ready: false },
  });
});
afterEach(cleanup);
afterAll(() => server.close());

describe('Welcome (author onboarding)', () => {
  it('asks for the fields the spec requires before saving anything', async () => {
    render(<modules.WelcomePage />);
    expect(screen.getByText('Welcome')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'CONTINUE TO DASHBOARD' }));
    expect((await screen.findAllByText('Name cannot be empty.')).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByPlaceholderText('Type your name...'), { target: { value: 'Yeni Yazar' } });
    fireEvent.change(screen.getByPlaceholderText('Type your social url...'), { target: { value: 'instagram.com/yeni' } });
    fireEvent.click(screen.getByRole('button', { name: 'CONTINUE TO DASHBOARD' }));
    expect((await screen.findAllByText('Your social URL must start with either "https://" or "http://"')).length).toBeGreaterThan(0);
    expect(saved).toEqual([]);
  });

  it('saves the profile with status.ready and marks the user ready', async () => {
    render(<modules.WelcomePage />);
    fireEvent.change(screen.getByPlaceholderText('Type your name...'), { target: { value: 'Yeni Yazar' } });
    fireEvent.change(screen.getByPlaceholderText('Type your biography...'), { target: { value: 'Kısa bir biyografi.' } });
    fireEvent.change(screen.getByPlaceholderText('Type your social url...'), { target: { value: 'https://social.example/yeni' } });
    fireEvent.click(screen.getByRole('button', { name: 'CONTINUE TO DASHBOARD' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      profile: { name: 'Yeni Yazar', biography: 'Kısa bir biyografi.', url: 'https://social.example/yeni', image: '/avatar-default.svg' },
      status: { ready: true },
    });
    await waitFor(() => expect(modules.stores.store.get(modules.stores.userAtom)?.status.ready).toBe(true));
  });
});
