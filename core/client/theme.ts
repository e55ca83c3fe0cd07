/** The light theme with the yellow accent, and the icon fonts from our own server. */
import { createTheme, loadTheme, registerIcons } from '@fluentui/react';
import { initializeIcons } from '@fluentui/font-icons-mdl2';
import { constants } from '../shared/config';

const accent = constants.layout.accent;

export const theme = createTheme({
  palette: {
    themePrimary: accent,
    themeLighterAlt: '#fffdf5',
    themeLighter: '#fff7d6',
    themeLight: '#fff0b3',
    themeTertiary: '#ffe16b',
    themeSecondary: '#ffd42e',
    themeDarkAlt: '#e6b912',
    themeDark: '#c29c0f',
    themeDarker: '#8f730b',
    neutralPrimary: '#201f1e',
    white: '#ffffff',
  },
  semanticColors: {
    primaryButtonText: '#201f1e',
    primaryButtonTextHovered: '#201f1e',
    primaryButtonTextPressed: '#201f1e',
    bodyBackground: '#faf9f8',
    // Yellow text on white is unreadable: links and selected items use a dark gold instead.
    link: '#7a5e00',
    linkHovered: '#201f1e',
  },
  defaultFontStyle: { fontFamily: "'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial, sans-serif" },
});

export function installTheme(): void {
  initializeIcons('/fonts/', { disableWarnings: true });
  // An icon Fluent's own components ask for that the MDL2 font set does not map.
  registerIcons({ icons: {} }, { disableWarnings: true });
  loadTheme(theme);
}
