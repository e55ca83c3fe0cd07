// @vitest-environment happy-dom
/**
 * My Profile's CHANGE PASSWORD: checked by the password-change schema before anything is sent,
 * the server's "wrong current password" shown under its field, and on success the console goes
 * on with the new token the server answers (the old one's session has ended).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const origin = 'http://localhost';
const sent: { body: unknown; authorization: string | null }[] = [];
const server = setupServer(
  http.put(`${origin}/api/auth/password/change`, async ({ request }) => {
    const body = (await request.json()) as { currentPassword: string };
    sent.push({ body, authorization: request.headers.get('authorization') });
    if (body.currentPassword !== 'Masthead-demo-1')
      return HttpResponse.json({ msg: 'Error!', details: [{ message: 'Your current password is wrong.', path: 'currentPassword' }] }, { status: 422 });
    return HttpResponse.json({ data: 'fresh-token', msg: 'Your password is changed.' });
  }),
);

type Modules = {
  PasswordChangeSection: typeof import('../../core/client/screens/PasswordChangeSection').PasswordChangeSection;
  stores: typeof import('../../core/client/stores');
};
let modules: Modules;

beforeAll(async () => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  localStorage.setItem('accessToken', 'old-token');
  server.listen({ onUnhandledRequest: 'error' });
  modules = {
    PasswordChangeSection: (await import('../../core/client/screens/PasswordChangeSection')).PasswordChangeSection,
    stores: await import('../../core/client/stores'),
  };
});
afterEach(() => {
  cleanup();
  sent.length = 0;
});
afterAll(() => {
  server.close();
  localStorage.clear();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));

describe('CHANGE PASSWORD', () => {
  it("asks for the current password and the spec's new password, twice, before sending anything", async () => {
    render(<modules.PasswordChangeSection />);
    submit();
    expect(await screen.findByText('Please type your password.')).toBeTruthy();
    type('CURRENT PASSWORD', 'Masthead-demo-1');
    type('NEW PASSWORD', 'password');
    type('CONFIRM NEW PASSWORD', 'password');
    submit();
    expect(
      await screen.findByText('Password must be minimum 8 characters and it should contain at least one uppercase, lowercase, number, and a symbol.'),
    ).toBeTruthy();
    type('NEW PASSWORD', 'Changed-secret-9');
    type('CONFIRM NEW PASSWORD', 'Changed-secret-8');
    submit();
    expect(await screen.findByText("Passwords don't match.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows a wrong current password under its field', async () => {
    render(<modules.PasswordChangeSection />);
    type('CURRENT PASSWORD', 'Wrong-pass-1');
    type('NEW PASSWORD', 'Changed-secret-9');
    type('CONFIRM NEW PASSWORD', 'Changed-secret-9');
    submit();
    expect(await screen.findByText('Your current password is wrong.')).toBeTruthy();
    expect(modules.stores.store.get(modules.stores.tokenAtom)).toBe('old-token');
  });

  it('changes the password and goes on with the fresh token', async () => {
    render(<modules.PasswordChangeSection />);
    type('CURRENT PASSWORD', 'Masthead-demo-1');
    type('NEW PASSWORD', 'Changed-secret-9');
    type('CONFIRM NEW PASSWORD', 'Changed-secret-9');
    submit();
    await waitFor(() => expect(modules.stores.store.get(modules.stores.tokenAtom)).toBe('fresh-token'));
    expect(sent).toEqual([
      { body: { currentPassword: 'Masthead-demo-1', password: 'Changed-secret-9', passwordConfirm: 'Changed-secret-9' }, authorization: 'Bearer old-token' },
    ]);
    // The form is emptied.
    expect((screen.getByLabelText('CURRENT PASSWORD') as HTMLInputElement).value).toBe('');
  });
});
