/**
 * What the creation wizard adds to a new newsletter, contributed to the newsletters plugin's
 * `newsletterCreation` (GET/POST /newsletters/create, which that plugin serves with the record's
 * own fields): the wizard's rules with the messages the console shows (plugins/design/rules.ts),
 * its blank parts and what it offers (the interests, the default e-mail design and its fonts,
 * example channel templates), and, in the transaction that makes the newsletter, its settings
 * (interests, welcome e-mail), its e-mail and web design's row (the defaults) and its channel templates.
 */
import { invalid, invalidDetails } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { saveChannelTemplates } from '../../issues/server/public';
import { addNewsletterCreation } from '../../newsletters/server/public';
import { defaultEmailDesign, emailFonts } from '../../../core/shared/email-design';
import { interests, startNewsletterSettings } from '../../settings/server/public';
import { defaultTemplateTitle, descriptionProblems, exampleTemplates, identityProblems, welcomeProblems, type CheckedTemplate } from '../rules';
import { designDb, findEmailDesign, insertNewsletterDesign } from './store';
import { checkedTemplates } from './templates';

/** The wizard's parts of a blank newsletter. */
const blankParts = {
  interests: [] as string[],
  welcome: { subject: '', preview: '', intro: { html: '' } },
  channelTemplates: [{ title: defaultTemplateTitle, default: true, channels: [] as string[] }],
};

interface Checked {
  interests: string[];
  welcome: typeof blankParts.welcome;
  templates: CheckedTemplate[];
}

export function registerNewsletterCreation(api: PluginApi): void {
  addNewsletterCreation<Checked>(api, {
    blank: async () => ({
      body: blankParts,
      data: { interests: await interests(api.db), design: { email: defaultEmailDesign, fonts: emailFonts }, examples: exampleTemplates },
    }),
    async check(body) {
      const given = {
        description: body.description ?? '',
        interests: body.interests ?? blankParts.interests,
        welcome: body.welcome ?? blankParts.welcome,
      };
      const problems = [
        ...identityProblems(body),
        ...(body.description !== undefined || body.interests !== undefined ? descriptionProblems(given) : []),
        ...(body.welcome ? welcomeProblems(body.welcome) : []),
      ];
      if (problems.length > 0) throw invalidDetails(problems);
      const known = new Set((await interests(api.db)).map((interest) => interest._id));
      if (given.interests.some((id) => !known.has(id))) throw invalid('Choose interests from the list.', 'interests');
      return { interests: given.interests, welcome: given.welcome, templates: checkedTemplates(body.channelTemplates ?? blankParts.channelTemplates) };
    },
    async save(tx, newsletterId, checked) {
      await startNewsletterSettings(tx, newsletterId, { interests: checked.interests, welcome: checked.welcome });
      await insertNewsletterDesign(designDb(tx), newsletterId);
      await saveChannelTemplates(tx, newsletterId, checked.templates);
    },
    // The wizard's last step shows the e-mail design the newsletter starts with.
    created: async (newsletterId) => ({ design: { email: await findEmailDesign(designDb(api.db), newsletterId) } }),
  });
}
