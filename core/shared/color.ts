/** Colours shared by the console, the e-mails and the public pages. */

export const hexColorPattern = /^#[0-9a-fA-F]{6}$/;

/** Text on `background` ('#rrggbb'): near-black or white, whichever contrasts more (WCAG relative luminance). */
export function readableTextOn(background: string): '#ffffff' | '#111111' {
  if (!hexColorPattern.test(background)) return '#111111';
  const shade = luminance(background);
  // Against white (1.05) and against #111111 (about 0.0556): the larger ratio wins.
  return 1.05 / (shade + 0.05) >= (shade + 0.05) / 0.0556 ? '#ffffff' : '#111111';
}

/** WCAG relative luminance of '#rrggbb'. */
function luminance(color: string): number {
  const channel = (at: number) => {
    const value = parseInt(color.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(one: string, other: string): number {
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` mixed with `toward` ('#rrggbb') by `share` (0 to 1). */
function mix(color: string, toward: string, share: number): string {
  const part = (value: string, at: number) => parseInt(value.slice(at, at + 2), 16);
  const channel = (at: number) =>
    Math.round(part(color, at) + (part(toward, at) - part(color, at)) * share)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/**
 * The colour nearest to `color` that reads on `background` at `minimum` contrast (WCAG AA for
 * text, 4.5, by default): itself when it does, else lighter on a dark background and darker on a
 * light one, a step at a time. A brand colour keeps its hue on the cards and on a dark footer alike.
 */
export function readableShadeOf(color: string, background: string, minimum = 4.5): string {
  if (!hexColorPattern.test(color) || !hexColorPattern.test(background)) return color;
  const toward = luminance(background) < 0.18 ? '#ffffff' : '#000000';
  for (let share = 0; share <= 1; share += 0.05) {
    const shade = mix(color.toLowerCase(), toward, share);
    if (contrastRatio(shade, background) >= minimum) return shade;
  }
  return toward;
}
