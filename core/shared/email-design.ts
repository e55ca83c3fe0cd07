/**
 * A newsletter's e-mail design (spec 002 section 3: E-mail design) before anyone set it, the fonts
 * it offers, and a stored design read over those defaults. The core's, since every e-mail to a
 * newsletter's readers is made in it (core/server/email/newsletter-email.ts): the issues, the
 * subscription's messages, the readers' sign-in link; the design plugin keeps each newsletter's.
 */
import type { EmailDesign } from '../../schemas/generated/entities/email-design';

export type { EmailDesign };

/** A font the e-mail design offers: web-safe stacks, since most mail clients load no web font. */
export interface EmailFont {
  name: string;
  stack: string;
}

export const emailFonts: EmailFont[] = [
  { name: 'Arial', stack: 'Arial, Helvetica, sans-serif' },
  { name: 'Helvetica', stack: 'Helvetica, Arial, sans-serif' },
  { name: 'Verdana', stack: 'Verdana, Geneva, sans-serif' },
  { name: 'Trebuchet MS', stack: "'Trebuchet MS', 'Lucida Grande', Tahoma, sans-serif" },
  { name: 'Tahoma', stack: 'Tahoma, Verdana, Geneva, sans-serif' },
  { name: 'Georgia', stack: "Georgia, 'Times New Roman', Times, serif" },
  { name: 'Times New Roman', stack: "'Times New Roman', Times, Georgia, serif" },
  { name: 'Courier New', stack: "'Courier New', Courier, monospace" },
];

/**
 * The e-mail design until the design page changes it: white cards on a light grey page and a dark
 * footer, links blue with the console's yellow underline; dark mode mirrors it. Every text colour
 * reads at WCAG AA (4.5:1 or more) on its background, light and dark.
 */
export const defaultEmailDesign: EmailDesign = {
  banner: '',
  emailBackgroundColor: '#f3f4f6',
  emailBackgroundColorDark: '#111113',
  cardBackgroundColor: '#ffffff',
  cardBackgroundColorDark: '#1c1d21',
  cardTextColor: '#1f2937',
  cardTextColorDark: '#e5e7eb',
  borderColor: '#e5e7eb',
  borderColorDark: '#3f4148',
  fontFamily: emailFonts[0]!.stack,
  showReadingTime: true,
  showChannelNames: true,
  channelTitleCentered: false,
  borderWidth: 1,
  roundedBorders: true,
  linkColor: '#1d4ed8',
  linkColorDark: '#8ab4f8',
  linkStyling: 'underline',
  linkStylingColor: '#ffce14',
  linkStylingColorDark: '#ffce14',
  showReferralCampaign: false,
  footerBackgroundColor: '#111827',
  footerBackgroundColorDark: '#000000',
  footerTextColor: '#d1d5db',
  footerTextColorDark: '#c9ced6',
  footerLinkColor: '#ffce14',
  footerLinkColorDark: '#ffce14',
};

const colourPattern = /^#[0-9a-f]{6}$/i;

/** Whether `value` may stand for the default's field `key` (a stored design may be older than the schema). */
function fits<K extends keyof EmailDesign>(key: K, value: unknown): value is EmailDesign[K] {
  const fallback = defaultEmailDesign[key];
  if (key === 'borderWidth') return value === 1 || value === 2 || value === 3;
  if (key === 'linkStyling') return value === 'underline' || value === 'highlight';
  if (key.endsWith('Color') || key.endsWith('ColorDark')) return typeof value === 'string' && colourPattern.test(value);
  if (key === 'fontFamily') return typeof value === 'string' && value.trim() !== '';
  return typeof value === typeof fallback;
}

/** A stored design over the defaults: fields it lacks, or holds in a shape no longer valid, keep their default. */
export function withDefaultDesign(stored: Partial<Record<keyof EmailDesign, unknown>> | null | undefined): EmailDesign {
  const design: EmailDesign = { ...defaultEmailDesign };
  if (!stored) return design;
  for (const key of Object.keys(defaultEmailDesign) as (keyof EmailDesign)[]) {
    const value = stored[key];
    if (fits(key, value)) (design as Record<keyof EmailDesign, unknown>)[key] = value;
  }
  return design;
}
