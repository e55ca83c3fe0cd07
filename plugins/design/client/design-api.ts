/** The calls of the wizard and the design pages (spec 002 section 7, Newsletter wizard and design). */
import { call } from '../../../core/client/api';
import type { DesignEmailFont as EmailFont } from '../../../schemas/generated/api/design-email-font';
import type { DesignNewsletterCreated } from '../../../schemas/generated/api/design-newsletter-created';
import type { DesignWebForm } from '../../../schemas/generated/api/design-web-form';
import type { NewsletterCreateBody } from '../../../schemas/generated/api/newsletter-create';
import type { ChannelTemplate } from '../../../schemas/generated/entities/channel-template';
import type { EmailDesign } from '../../../schemas/generated/entities/email-design';
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { Newsletter } from '../../../schemas/generated/entities/newsletter';
import { newsletterEndpoints } from '../../newsletters/endpoints';
import type { NewsletterDraft, TemplateInput } from '../rules';
import { designEndpoints } from '../endpoints';

export type { EmailDesign, EmailFont };

/**
 * GET /newsletters/create: a blank newsletter and what the wizard offers (the generated DesignNewsletterForm, its body read as the
 * wizard's draft). The newsletters plugin serves it with what this plugin adds (server/creation.ts), which is there with the wizard.
 */
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

/**
 * GET /newsletters/update/{id}: the settings with the channel templates (the channels page sends them back with the body).
 * The generated Newsletter has them optional (a part the issues plugin keeps); with this page they are always there.
 */
export type NewsletterWithTemplates = Newsletter & { channelTemplates: ChannelTemplate[] } & Record<string, unknown>;

/** POST /newsletters/create's answer: the generated type has the e-mail design optional (this plugin adds it); with the wizard it is there. */
export type NewsletterCreated = DesignNewsletterCreated & { design: { email: EmailDesign } };

export const designApi = {
  blank: async (): Promise<NewsletterBlank> => (await call(newsletterEndpoints.blank)).data as NewsletterBlank,
  // The draft's lang is one the blank offered (data.langs), which the body's enum lists.
  create: async (draft: NewsletterDraft): Promise<NewsletterCreated> =>
    (await call(newsletterEndpoints.create, { body: { ...draft, lang: draft.lang as NewsletterCreateBody['lang'] } })).data as NewsletterCreated,
  publish: async (newsletterId: string) => (await call(newsletterEndpoints.publish, { params: { id: newsletterId } })).data,

  emailDesign: async (newsletterId: string) => (await call(designEndpoints.emailDesign, { params: { id: newsletterId } })).data,
  saveEmailDesign: async (newsletterId: string, design: EmailDesign) =>
    (await call(designEndpoints.saveEmailDesign, { params: { id: newsletterId }, body: design })).data,
  /** The e-mail as subscribers would get it in this design (the newsletter's latest issue, or a sample): HTML, light or dark whatever the console's setting. */
  preview: async (newsletterId: string, design: EmailDesign, dark: boolean) =>
    (await call(designEndpoints.preview, { params: { id: newsletterId }, query: { dark }, body: design })).data,

  webDesign: async (newsletterId: string) => (await call(designEndpoints.webDesign, { params: { id: newsletterId } })).data,
  saveWebDesign: async (newsletterId: string, design: DesignWebForm['body']) =>
    (await call(designEndpoints.saveWebDesign, { params: { id: newsletterId }, body: design })).data.body,

  newsletter: async (newsletterId: string): Promise<NewsletterWithTemplates> =>
    (await call(newsletterEndpoints.form, { params: { id: newsletterId } })).data.body as NewsletterWithTemplates,
  /**
   * Saves the templates through the spec's call, which takes them with the newsletter's settings:
   * the settings are read again just before, so a change someone saved meanwhile is sent back as it is now.
   */
  saveTemplates: async (newsletterId: string, channelTemplates: TemplateInput[]) => {
    const current = await designApi.newsletter(newsletterId);
    const saved = (await call(newsletterEndpoints.update, { params: { id: newsletterId }, body: { ...current, channelTemplates } })).data;
    return (saved as NewsletterWithTemplates).channelTemplates;
  },
};
