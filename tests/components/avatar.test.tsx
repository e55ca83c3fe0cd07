// @vitest-environment happy-dom
/**
 * Avatars show their own person's initials (issue 55, point 5: a new director read 'SK', another
 * person's). A person without a picture of their own, or with only the silhouette a profile starts
 * with, shows the initials of their own name; a picture of their own is shown as it is.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

type AvatarModule = typeof import('../../core/client/layout/Avatar');
let avatar: AvatarModule;

beforeAll(async () => {
  avatar = await import('../../core/client/layout/Avatar');
});
afterEach(cleanup);

describe('Avatar', () => {
  it("shows the person's own initials when there is no picture", () => {
    render(<avatar.Avatar text="Can Öztürk" secondaryText="DIRECTOR" size={40} />);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('CÖ');
    expect(screen.getByText('Can Öztürk')).toBeTruthy();
  });

  it('shows the initials in place of the silhouette a profile starts with, wherever it is served from', () => {
    for (const image of ['/demo/avatar-default.svg', '/avatar-default.svg', 'https://console.example/demo/avatar-default.svg']) {
      const { unmount } = render(<avatar.Avatar image={image} text="Can Öztürk" size={40} />);
      expect(screen.getByTestId('avatar-initials').textContent).toBe('CÖ');
      expect(document.querySelector('img')).toBeNull();
      unmount();
    }
  });

  it("shows a person's own picture, and no initials", () => {
    const { container } = render(<avatar.AvatarPicture image="/uploads/can.jpg" text="Can Öztürk" size={32} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/can.jpg');
    expect(screen.queryByTestId('avatar-initials')).toBeNull();
  });

  it('gives two people their own initials, with Turkish capitals', () => {
    render(
      <>
        <avatar.AvatarPicture text="Selin Kaya" size={32} />
        <avatar.AvatarPicture text="ışık irmak" size={32} />
      </>,
    );
    expect(screen.getAllByTestId('avatar-initials').map((coin) => coin.textContent)).toEqual(['SK', 'Iİ']);
  });

  it('tells a picture of the person from the placeholder silhouette', () => {
    expect(avatar.ownPicture('/demo/avatar-default.svg')).toBeUndefined();
    expect(avatar.ownPicture('')).toBeUndefined();
    expect(avatar.ownPicture(undefined)).toBeUndefined();
    expect(avatar.ownPicture('/demo/avatar-director.svg')).toBe('/demo/avatar-director.svg');
  });
});
