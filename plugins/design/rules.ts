/**
 * The rules of a new newsletter and of its channel templates (spec 002 sections 4 and 5), in one
 * place: the wizard and the channels page check them as the user works, and the server refuses
 * with the same messages. Pure: no server or browser imports.
 */
import { constants } from '../../core/shared/config';
import { htmlToText } from '../../core/shared/text';

const { design, limits } = constants;

export const agreementMessage = 'You should accept our Publisher Agreement & Publisher Policy before continuing';
export const coverMessage = 'Please upload the newsletter cover.';
export const titleMessage = `Newsletter title must be at least ${design.titleMin} characters.`;
export const slugMessage = `Newsletter slug must be at least ${design.slugMin} characters.`;
export const subtitleMessage = `Newsletter subtitle must be at least ${design.subtitleMin} characters.`;
export const noInterestMessage = 'Please pick an interest before proceeding.';
export const tooManyInterestsMessage = `You can pick up to ${limits.interestsMax} interest topics.`;
export const descriptionMessage = `Newsletter description must be at least ${design.descriptionMin} characters or more.`;
export const welcomeMessages = {
  subject: `Welcome title must be at least ${design.welcomeMin} characters or more.`,
  preview: `Welcome subtitle must be at least ${design.welcomeMin} characters or more.`,
  intro: `Welcome text must be at least ${design.welcomeMin} characters or more.`,
} as const;
export const keyAvailable = (key: string) => `${key} is available.`;
export const keyTaken = (key: string) => `The newsletter name ${key} already exists.`;
export const copiedMessage = 'Link is copied to clipboard!';

/** A problem with a field, as a 422 detail names it. */
export interface Problem {
  message: string;
  path: string;
}

const trimmedLength = (value: string | undefined) => (value ?? '').trim().length;

/** What the wizard has collected, as POST /newsletters/create takes it. */
export interface NewsletterDraft {
  image: string;
  title: string;
  subtitle: string;
  key: string;
  lang?: string;
  description: string;
  interests: string[];
  color: string;
  textColor: string;
  welcome: { subject: string; preview: string; intro: { html: string } };
  channelTemplates?: TemplateInput[];
}

/** Stage 0: the cover, title, slug and subtitle, in the order the form shows them. */
export function identityProblems(draft: Pick<NewsletterDraft, 'image' | 'title' | 'key' | 'subtitle'>): Problem[] {
  const problems: Problem[] = [];
  if (!draft.image.trim()) problems.push({ message: coverMessage, path: 'image' });
  if (trimmedLength(draft.title) < design.titleMin) problems.push({ message: titleMessage, path: 'title' });
  if (trimmedLength(draft.key) < design.slugMin) problems.push({ message: slugMessage, path: 'key' });
  if (trimmedLength(draft.subtitle) < design.subtitleMin) problems.push({ message: subtitleMessage, path: 'subtitle' });
  return problems;
}

/** Stage 1: one to four interests and a description of 24 characters or more. */
export function descriptionProblems(draft: Pick<NewsletterDraft, 'interests' | 'description'>): Problem[] {
  const problems: Problem[] = [];
  if (draft.interests.length < design.interestsMin) problems.push({ message: noInterestMessage, path: 'interests' });
  if (draft.interests.length > limits.interestsMax) problems.push({ message: tooManyInterestsMessage, path: 'interests' });
  if (trimmedLength(draft.description) < design.descriptionMin) problems.push({ message: descriptionMessage, path: 'description' });
  return problems;
}

/** Stage 3: the welcome e-mail's title, subtitle and text (its words, not its HTML), 12 characters or more each. */
export function welcomeProblems(welcome: NewsletterDraft['welcome']): Problem[] {
  const problems: Problem[] = [];
  if (trimmedLength(welcome.subject) < design.welcomeMin) problems.push({ message: welcomeMessages.subject, path: 'welcome.subject' });
  if (trimmedLength(welcome.preview) < design.welcomeMin) problems.push({ message: welcomeMessages.preview, path: 'welcome.preview' });
  if (htmlToText(welcome.intro.html).trim().length < design.welcomeMin) problems.push({ message: welcomeMessages.intro, path: 'welcome.intro.html' });
  return problems;
}

// Channel templates.

/** A template as the pages edit it and the calls take it; a new one has no _id yet. */
export interface TemplateInput {
  _id?: string;
  title: string;
  default?: boolean;
  channels: string[];
}

/** A template checked and ready to store: titles and names trimmed, empty names gone, exactly one default. */
export interface CheckedTemplate {
  _id?: string;
  title: string;
  default: boolean;
  channels: string[];
}

export const defaultTemplateTitle = 'Default Template';
export const onlyTemplateMessage = 'The only template cannot be deleted.';
export const templateTitleTaken = (title: string) => `A template named ${title} already exists.`;
export const channelNotUnique = (name: string) => `${name} is not unique.`;

/** Names compare without case and surrounding spaces (Turkish casing). */
const sameName = (name: string) => name.trim().toLocaleLowerCase('tr');

/** The channel names that appear more than once in a template, as written (the page shows them in red). */
export function duplicateChannels(channels: string[]): Set<string> {
  const seen = new Map<string, number>();
  for (const name of channels) if (name.trim()) seen.set(sameName(name), (seen.get(sameName(name)) ?? 0) + 1);
  return new Set(channels.filter((name) => (seen.get(sameName(name)) ?? 0) > 1));
}

/** Whether a title is free among the other templates (`exceptIndex`: the template being renamed). */
export function templateTitleFree(templates: TemplateInput[], title: string, exceptIndex = -1): boolean {
  return !templates.some((template, index) => index !== exceptIndex && sameName(template.title) === sameName(title));
}

/**
 * Checks a newsletter's templates as they are to be stored (spec 002 section 5): at least one,
 * titles unique, channel names unique within their template; empty names are dropped and the
 * first template becomes the default when none (or several) say so.
 */
export function checkTemplates(templates: TemplateInput[]): { templates: CheckedTemplate[]; problems: Problem[] } {
  const problems: Problem[] = [];
  if (templates.length === 0) problems.push({ message: onlyTemplateMessage, path: 'channelTemplates' });
  const checked = templates.map((template, index) => {
    const title = template.title.trim();
    // The second of two templates with one title is the one refused.
    if (templates.findIndex((other) => sameName(other.title) === sameName(title)) < index) {
      problems.push({ message: templateTitleTaken(title), path: `channelTemplates.${index}.title` });
    }
    const channels = template.channels.map((name) => name.trim()).filter(Boolean);
    const [duplicate] = duplicateChannels(channels);
    if (duplicate !== undefined) problems.push({ message: channelNotUnique(duplicate), path: `channelTemplates.${index}.channels` });
    return { ...(template._id ? { _id: template._id } : {}), title, default: template.default === true, channels };
  });
  const defaultIndex = Math.max(
    0,
    checked.findIndex((template) => template.default),
  );
  return { templates: checked.map((template, index) => ({ ...template, default: index === defaultIndex })), problems };
}

/** The templates without the one at `index`; the first remaining becomes the default when that one was. The only template stays. */
export function removeTemplate<T extends TemplateInput>(templates: T[], index: number): T[] {
  if (templates.length <= 1) return templates;
  const removed = templates[index];
  const rest = templates.filter((_, position) => position !== index);
  return removed?.default ? rest.map((template, position) => ({ ...template, default: position === 0 })) : rest;
}

/** The templates with the one at `index` as the default. */
export function makeDefault<T extends TemplateInput>(templates: T[], index: number): T[] {
  return templates.map((template, position) => ({ ...template, default: position === index }));
}

/** The first title like `base` that no template has: 'New Template', 'New Template 2', ... */
export function freeTemplateTitle(templates: TemplateInput[], base = 'New Template'): string {
  for (let n = 1; ; n++) {
    const title = n === 1 ? base : `${base} ${n}`;
    if (templateTitleFree(templates, title)) return title;
  }
}

/** The example templates the wizard shows beside the user's own (stage 4): a start to copy from. */
export const exampleTemplates: { title: string; channels: string[] }[] = [
  { title: 'Günlük Haber Bülteni', channels: ['Gündem', 'Ekonomi', 'Dünya', 'Spor', 'Kültür Sanat'] },
  { title: 'Haftalık Özet', channels: ['Haftanın Özeti', 'Öne Çıkanlar', 'Okuma Listesi', 'Öneriler'] },
  { title: 'Teknoloji', channels: ['Haberler', 'Yapay Zeka', 'Araçlar', 'Haftanın Bağlantıları'] },
  { title: 'Yerel Haber', channels: ['Şehirden', 'Etkinlikler', 'Ulaşım', 'Hava Durumu'] },
];

/**
 * The e-mail design's parts that wear the newsletter's brand (issue 31): the footer in its colour
 * and text colour, and the links' underline or highlight in its colour. The reading colours (text,
 * links, cards) stay as they are, since they must read on white and in dark mode.
 */
export function brandColours(newsletter: { color: string; textColor: string }) {
  const color = newsletter.color.toLowerCase();
  const textColor = newsletter.textColor.toLowerCase();
  return { footerBackgroundColor: color, footerTextColor: textColor, footerLinkColor: textColor, linkStylingColor: color, linkStylingColorDark: color };
}
