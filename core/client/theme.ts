/**
 * The light theme with the yellow accent (the icon fonts are in icon-fonts.ts). Components take
 * their colours from it (theme.palette, theme.semanticColors), stylesheets from the same slots as
 * CSS variables (var(--neutralSecondary)).
 */
import { createTheme, Customizations, DefaultPalette, loadTheme } from '@fluentui/react';
import { constants } from '../shared/config';

declare module '@fluentui/theme' {
  /** The console's own slots, for colours Fluent has none of (or that our palette overrides). */
  interface ISemanticColors {
    /** Icons and long reading text, a step lighter than body text: Fluent's own neutralPrimary (ours is darker). */
    softText: string;
    /** Subtitles and summaries: between body text and bodySubtext. */
    strongSubtext: string;
    /** DRAFT on a white card: the accent darkened enough to read. */
    draftText: string;
    /** A checked accent control under the pointer. */
    accentHovered: string;
    /** A row or area the accent marks lightly: an unread notification, a drop zone with a file over it. */
    accentTint: string;
    /** The unread count on the bell. */
    countBackground: string;
    /** Fluent's blue tint and text, for the author badge. */
    blueTintBackground: string;
    blueTintText: string;
  }
}

const accent = constants.layout.accent;
const text = DefaultPalette.neutralDark;

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
    neutralPrimary: text,
    white: DefaultPalette.white,
  },
  semanticColors: {
    primaryButtonText: text,
    primaryButtonTextHovered: text,
    primaryButtonTextPressed: text,
    bodyBackground: DefaultPalette.neutralLighterAlt,
    // Yellow text on white is unreadable: links and selected items use a dark gold instead.
    link: '#7a5e00',
    linkHovered: text,
    softText: DefaultPalette.neutralPrimary,
    strongSubtext: '#484644',
    draftText: '#8a6d00',
    accentHovered: '#f2c200',
    accentTint: '#fffbea',
    countBackground: '#d13438',
    blueTintBackground: DefaultPalette.themeLighter,
    blueTintText: DefaultPalette.themeDarker,
  },
  defaultFontStyle: {
    fontFamily: "'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
});

/** Every palette and semantic colour as a CSS variable named after its slot, for the stylesheets. */
function setColorVariables(root: HTMLElement): void {
  for (const slots of [theme.palette, theme.semanticColors] as unknown as Record<string, string>[]) {
    for (const [name, value] of Object.entries(slots)) root.style.setProperty(`--${name}`, value);
  }
}

/** Installs the theme: Fluent's components and the stylesheets' variables. */
export function installTheme(): void {
  loadTheme(theme);
  // Fluent writes a spinner's label in the accent: yellow on white cannot be read (WCAG contrast 1.5:1).
  Customizations.applyScopedSettings('Spinner', { styles: { label: { color: theme.semanticColors.bodySubtext } } });
  setColorVariables(document.documentElement);
}
