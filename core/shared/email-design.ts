/**
 * A newsletter's e-mail design (spec 002 section 3: E-mail design) before anyone set it, the fonts
 * it offers, and a stored design read over those defaults. The core's, since every e-mail to a
 * newsletter's readers is made in it (core/server/email/newsletter-email.ts): the issues, the
 * subscription's messages, the readers' sign-in link; the design plugin keeps each newsletter's.
 */
import type { EmailDesign } from '../../schemas/generated/entities/email-design';
import { readableShadeOf } from './color';

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

/** The link colours a newsletter's brand colour gives: what the defaults hold until a person picks them. */
const brandedKeys = ['linkColor', 'linkColorDark', 'footerLinkColor', 'footerLinkColorDark'] as const;
type BrandedKey = (typeof brandedKeys)[number];

/** The background each branded link colour is read on. */
const readOn: Record<BrandedKey, keyof EmailDesign> = {
  linkColor: 'cardBackgroundColor',
  linkColorDark: 'cardBackgroundColorDark',
  footerLinkColor: 'footerBackgroundColor',
  footerLinkColorDark: 'footerBackgroundColorDark',
};

/**
 * A stored design over the defaults: fields it lacks, or holds in a shape no longer valid, keep their
 * default. The links' default colours come from the newsletter's brand colour (issue 55, point 5),
 * each in the shade nearest to it that reads at WCAG AA on its own background (the cards, the dark
 * footer, and both in Dark), so that a reader sees the newsletter's colour in every link. A link
 * colour stored equal to the first defaults (blue, and the footer's yellow) was never a choice: the
 * design page saved every field before issue 55, so it follows the brand too.
 */
export function withDefaultDesign(stored: Partial<Record<keyof EmailDesign, unknown>> | null | undefined, brand?: string | null): EmailDesign {
  const design: EmailDesign = { ...defaultEmailDesign };
  const chosen = new Set<keyof EmailDesign>();
  for (const key of Object.keys(defaultEmailDesign) as (keyof EmailDesign)[]) {
    const value = stored?.[key];
    if (!fits(key, value)) continue;
    if ((brandedKeys as readonly string[]).includes(key) && String(value).toLowerCase() === defaultEmailDesign[key]) continue;
    (design as Record<keyof EmailDesign, unknown>)[key] = value;
    chosen.add(key);
  }
  if (brand && colourPattern.test(brand)) {
    for (const key of brandedKeys) if (!chosen.has(key)) design[key] = readableShadeOf(brand.toLowerCase(), design[readOn[key]] as string);
  }
  return design;
}

/**
 * What to store of a design: every field but the link colours that are the brand's defaults, so
 * that they follow the brand colour when it changes.
 */
export function designToStore(design: Partial<Record<keyof EmailDesign, unknown>>, brand?: string | null): Partial<EmailDesign> {
  const whole = withDefaultDesign(design, brand);
  const followed = withDefaultDesign({ ...whole, ...Object.fromEntries(brandedKeys.map((key) => [key, undefined])) }, brand);
  const kept: Partial<EmailDesign> = { ...whole };
  for (const key of brandedKeys) if (whole[key] === followed[key]) delete kept[key];
  return kept;
}
