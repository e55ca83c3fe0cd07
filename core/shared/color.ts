/** Colours shared by the console, the e-mails and the public pages. */

export const hexColorPattern = /^#[0-9a-fA-F]{6}$/;

/** Text on `background` ('#rrggbb'): near-black or white, whichever contrasts more (WCAG relative luminance). */
export function readableTextOn(background: string): '#ffffff' | '#111111' {
  if (!hexColorPattern.test(background)) return '#111111';
  const channel = (at: number) => {
    const value = parseInt(background.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Against white (1.05) and against #111111 (about 0.0556): the larger ratio wins.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0556 ? '#ffffff' : '#111111';
}
