// @vitest-environment happy-dom
/**
 * The notifications bell reads the spec's notification record (spec 002 sections 2.13 and 3:
 * subject, preview, url, status.read, sender.profile.name): the unread count, the sender's
 * initials, subject and preview; a click marks the notification read and follows its url (an
 * https address in a new window, anything else in the console).
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../schemas/generated/entities/notification';

const origin = 'http://localhost';
const notifications: Notification[] = [
  {
    _id: 'n1',
    subject: 'Teknoloji Notları ekibine eklendiniz',
    preview: 'Selin Kaya sizi editör olarak ekledi.',
    url: '/newsletters/show/t1',
    status: { read: false },
    announcement: null,
    sender: { _id: 'u9', profile: { name: 'Deniz Aksoy' } },
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    updatedAt: new Date(Date.now() - 3_600_000).toISOString(),
  },
  {
    _id: 'n2',
    subject: 'Yazım kılavuzu güncellendi',
    preview: '',
    url: 'https://www.w3.org/guide',
    status: { read: true },
    announcement: null,
    sender: null,
    createdAt: new Date(Date.now() - 86_400_000).toISOString(),
    updatedAt: new Date(Date.now() - 60_000).toISOString(),
  },
];
const marked: string[] = [];
const server = setupServer(
  http.get(`${origin}/api/auth/notifications`, () => HttpResponse.json({ data: notifications, count: notifications.length, unread: 1 })),
  http.put(`${origin}/api/auth/notifications/:id`, ({ params }) => {
    marked.push(String(params.id));
    const notification = notifications.find((item) => item._id === params.id)!;
    return HttpResponse.json({ data: { ...notification, status: { read: true } } });
  }),
);

let NotificationsBell: typeof import('../../plugins/notifications/client/NotificationsBell').default;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  server.listen({ onUnhandledRequest: 'error' });
  ({ default: NotificationsBell } = await import('../../plugins/notifications/client/NotificationsBell'));
});
afterEach(() => {
  cleanup();
  marked.length = 0;
});
afterAll(() => server.close());

async function openBell() {
  render(<NotificationsBell />);
  expect(await screen.findByTestId('notifications-badge')).toHaveProperty('textContent', '1');
  fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
  // The panel's chunk loads on the first click: on a busy machine that takes longer than findBy's second.
  return screen.findByRole('dialog', { name: 'Notifications' }, { timeout: 10_000 });
}

describe('NotificationsBell', () => {
  it("shows each notification's sender initials, subject and preview, and marks the unread ones", async () => {
    const panel = await openBell();
    const [unread, read] = await within(panel).findAllByTestId('notification');
    expect(unread!.textContent).toContain('Teknoloji Notları ekibine eklendiniz');
    expect(unread!.textContent).toContain('Selin Kaya sizi editör olarak ekledi.');
    expect(within(unread!).getByText('DA')).toBeTruthy();
    expect(within(unread!).getByRole('button', { name: 'Mark as read' })).toBeTruthy();
    // The platform's own carry no sender.
    expect(read!.textContent).toContain('Yazım kılavuzu güncellendi');
    expect(within(read!).getByText('M')).toBeTruthy();
    expect(within(read!).queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });

  it('follows an in-app url in the console and marks it read', async () => {
    const panel = await openBell();
    fireEvent.click(within(panel).getByText('Teknoloji Notları ekibine eklendiniz'));
    await waitFor(() => expect(marked).toEqual(['n1']));
    expect(window.location.pathname).toBe('/newsletters/show/t1');
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
  });

  it('opens an https url in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const panel = await openBell();
    fireEvent.click(within(panel).getByText('Yazım kılavuzu güncellendi'));
    expect(open).toHaveBeenCalledWith('https://www.w3.org/guide', '_blank', 'noopener,noreferrer');
    // Already read: nothing to mark.
    expect(marked).toEqual([]);
    open.mockRestore();
  });
});
