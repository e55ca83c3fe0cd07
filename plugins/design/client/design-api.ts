/** The calls of the wizard and the design pages (spec 002 section 7, Newsletter wizard and design). */
import { call, callPath } from '../../../core/client/api';
import type { ChannelTemplate } from '../../../schemas/generated/entities/channel-template';
import type { EmailDesign } from '../../../schemas/generated/entities/email-design';
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { Newsletter } from '../../../schemas/generated/entities/newsletter';
import { newsletterEndpoints } from '../../newsletters/endpoints';
import type { NewsletterDraft, TemplateInput } from '../rules';

export type { EmailDesign };

/** A font the e-mail design offers: a name and its web-safe CSS stack. */
export interface EmailFont {
  name: string;
  stack: string;
}

/** GET /newsletters/create: a blank newsletter and what the wizard offers. */
export interface NewsletterBlank {
  body: NewsletterDraft & { lang: string; channelTemplates: TemplateInput[] };
  data: {
    interests: Interest[];
    /** Language codes, the default first. */
    langs: string[];
    design: { email: EmailDesign; fonts: EmailFont[] };
    /** Example templates to start from (stage 4). */
    examples: { title: string; channels: string[] }[];
  };
}

/** GET /newsletters/update/{id}: the settings with the channel templates (the channels page sends them back with the body). */
export type NewsletterWithTemplates = Newsletter & { channelTemplates: ChannelTemplate[] } & Record<string, unknown>;

export const designApi = {
  blank: async () => (await callPath<NewsletterBlank>('get', 'newsletters/create')).data,
  create: async (draft: NewsletterDraft) =>
    (await callPath<{ _id: string; design: { email: EmailDesign }; image: string }>('post', 'newsletters/create', draft)).data,
  publish: async (newsletterId: string) => (await call(newsletterEndpoints.publish, { params: { id: newsletterId } })).data,

  emailDesign: async (newsletterId: string) =>
    (await callPath<{ body: EmailDesign; data: { fonts: EmailFont[] } }>('get', `newsletters/update/${newsletterId}/design/email/update`)).data,
  saveEmailDesign: async (newsletterId: string, design: EmailDesign) =>
    (await callPath<EmailDesign>('put', `newsletters/update/${newsletterId}/design/email/update`, design)).data,
  /** The e-mail as subscribers would get it in this design (the newsletter's latest issue, or a sample): HTML, light or dark whatever the console's setting. */
  preview: async (newsletterId: string, design: EmailDesign, dark: boolean) =>
    (await callPath<string>('put', `newsletters/update/${newsletterId}/design/email/preview`, design, { dark })).data,

  webDesign: async (newsletterId: string) => (await callPath<{ body: { cover: string } }>('get', `newsletters/update/${newsletterId}/design/web/update`)).data,
  saveWebDesign: async (newsletterId: string, cover: string) =>
    (await callPath<{ body: { cover: string } }>('put', `newsletters/update/${newsletterId}/design/web/update`, { cover })).data.body,

  newsletter: async (newsletterId: string) => (await callPath<{ body: NewsletterWithTemplates }>('get', `newsletters/update/${newsletterId}`)).data.body,
  /**
   * Saves the templates through the spec's call, which takes them with the newsletter's settings:
   * the settings are read again just before, so a change someone saved meanwhile is sent back as it is now.
   */
  saveTemplates: async (newsletterId: string, channelTemplates: TemplateInput[]) => {
    const current = await designApi.newsletter(newsletterId);
    return (await callPath<NewsletterWithTemplates>('put', `newsletters/update/${newsletterId}`, { ...current, channelTemplates })).data.channelTemplates;
  },
};
