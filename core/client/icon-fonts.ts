/**
 * The icon fonts from our own server. Apart from the theme: the theme's colours are imported by
 * components (and their tests), this needs the build's virtual module of icon subsets.
 */
import { registerIcons } from '@fluentui/react';
import iconSubsets from 'virtual:masthead-icons';

/** What Fluent's initializeIcons gives every icon glyph. */
const iconStyle = { MozOsxFontSmoothing: 'grayscale', WebkitFontSmoothing: 'antialiased', fontStyle: 'normal', fontWeight: 'normal', speak: 'none' } as const;

export function installIcons(): void {
  // Only the icons the console names (scripts/build/icon-subset.ts), each subset's font from /fonts/.
  for (const { fontFamily, file, icons } of iconSubsets) {
    registerIcons(
      { style: iconStyle, fontFace: { fontFamily: `"${fontFamily}"`, src: `url('/fonts/${file}') format('woff')` }, icons },
      { disableWarnings: true },
    );
  }
  // An icon Fluent's own components ask for that the MDL2 font set does not map.
  registerIcons({ icons: {} }, { disableWarnings: true });
}
