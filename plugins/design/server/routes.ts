/**
 * The calls of the newsletter wizard and the design pages (spec 002 section 7): GET/POST
 * /newsletters/create, the e-mail design with its preview and the web design under
 * /newsletters/update/{id}/design/. The wizard's rules are enforced here with the messages the
 * console shows (plugins/design/rules.ts).
 */
import { callerPublisher } from '../../../core/server/auth/session';
import { inTransaction } from '../../../core/server/db/database';
import { invalid, invalidDetails } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { insertNewsletter, keyInUse } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { originalImageAddress } from '../../images/server/public';
import { designPreview, saveChannelTemplates } from '../../issues/server/public';
import {
  defaultEmailDesign,
  emailFonts,
  interests,
  newsletterEmailDesign,
  newsletterWebDesign,
  saveNewsletterEmailDesign,
  saveNewsletterWebDesign,
  startNewsletterSettings,
} from '../../settings/server/public';
import { defaultTemplateTitle, descriptionProblems, exampleTemplates, identityProblems, keyTaken, welcomeProblems } from '../rules';
import { checkedTemplates } from './templates';
import { designEndpoints } from '../endpoints';

const { design } = constants;

/** The newsletter a blank wizard starts from. */
const blankNewsletter = {
  title: '',
  subtitle: '',
  key: '',
  description: '',
  image: '',
  lang: design.langs[0]!,
  color: constants.layout.accent,
  textColor: '#201f1e',
  interests: [] as string[],
  welcome: { subject: '', preview: '', intro: { html: '' } },
  channelTemplates: [{ title: defaultTemplateTitle, default: true, channels: [] as string[] }],
};

export function registerDesignRoutes(api: PluginApi): void {
  const publicUrl = api.env.publicUrl;

  api.serve(designEndpoints.blank, {
    requires: 'newsletters.create',
    summary:
      "The wizard's start: data.body a blank newsletter, data.data what it offers (interests, langs with the default first, the default e-mail design and its fonts, example channel templates).",
    async handler() {
      return {
        data: {
          body: blankNewsletter,
          data: {
            interests: await interests(api.db),
            langs: design.langs,
            design: { email: defaultEmailDesign, fonts: emailFonts },
            examples: exampleTemplates,
          },
        },
      };
    },
  });

  api.serve(designEndpoints.create, {
    requires: 'newsletters.create',
    summary:
      "Creates an unpublished newsletter in the caller's publisher: the wizard's CREATE sends its identity, and whatever else is given (interests with the description, colours, welcome e-mail, channel templates) is checked by the wizard's rules, with their messages, and kept. Answers data {_id, design.email, image}.",
    async handler(request, _reply, session) {
      const body = request.body;
      const given = {
        description: body.description ?? blankNewsletter.description,
        interests: body.interests ?? blankNewsletter.interests,
        color: body.color ?? blankNewsletter.color,
        textColor: body.textColor ?? blankNewsletter.textColor,
        welcome: body.welcome ?? blankNewsletter.welcome,
      };
      const problems = [
        ...identityProblems(body),
        ...(body.description !== undefined || body.interests !== undefined ? descriptionProblems(given) : []),
        ...(body.welcome ? welcomeProblems(body.welcome) : []),
      ];
      if (problems.length > 0) throw invalidDetails(problems);
      const key = body.key.trim().toLowerCase();
      if (await keyInUse(api.db, 'newsletters', key)) throw invalid(keyTaken(key), 'key');
      const known = new Set((await interests(api.db)).map((interest) => interest._id));
      if (given.interests.some((id) => !known.has(id))) throw invalid('Choose interests from the list.', 'interests');
      const templates = checkedTemplates(body.channelTemplates ?? blankNewsletter.channelTemplates);

      const id = await inTransaction(api.db, async (tx) => {
        const newsletterId = await insertNewsletter(tx, {
          publisherId: callerPublisher(session),
          title: body.title.trim(),
          subtitle: body.subtitle.trim(),
          description: given.description.trim(),
          image: body.image.trim(),
          color: given.color.toLowerCase(),
          textColor: given.textColor.toLowerCase(),
          key,
          lang: body.lang ?? blankNewsletter.lang,
        });
        if (!newsletterId) throw invalid(keyTaken(key), 'key');
        await startNewsletterSettings(tx, newsletterId, { interests: given.interests, welcome: given.welcome });
        await saveChannelTemplates(tx, newsletterId, templates);
        return newsletterId;
      });
      return { data: { _id: id, design: { email: await newsletterEmailDesign(api.db, id) }, image: body.image.trim() }, msg: 'Newsletter created.' };
    },
  });

  api.serve(designEndpoints.emailDesign, {
    requires: 'newsletters.update',
    summary: "The newsletter's e-mail design (data.body) and the fonts it offers (data.data.fonts).",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      return { data: { body: await newsletterEmailDesign(api.db, request.params.id), data: { fonts: emailFonts } } };
    },
  });

  api.serve(designEndpoints.saveEmailDesign, {
    requires: 'newsletters.update',
    summary:
      "Saves the newsletter's whole e-mail design; every issue sent from now on uses it. A banner from the image library is kept as uploaded (not its WebP copy).",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      // Mail clients do not all show WebP (Outlook for Windows does not): the e-mail links the original.
      const banner = await originalImageAddress(api.db, api.storage, callerPublisher(session), request.body.banner);
      await saveNewsletterEmailDesign(api.db, request.params.id, { ...request.body, banner });
      return { data: await newsletterEmailDesign(api.db, request.params.id), msg: 'OK' };
    },
  });

  api.serve(designEndpoints.preview, {
    requires: 'newsletters.update',
    summary:
      "The e-mail in this design, not saved: the newsletter's latest issue with stories, or a sample. data is its HTML as sent (light or dark as the reader's setting says); ?dark=true applies the Dark colours whatever the setting, ?dark=false keeps them out.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      const html = await designPreview(api.db, request.params.id, request.body, {
        publicUrl,
        viewer: session.user,
        scheme: request.query.dark === undefined ? 'auto' : request.query.dark ? 'dark' : 'light',
      });
      return { data: html };
    },
  });

  api.serve(designEndpoints.webDesign, {
    requires: 'newsletters.update',
    summary:
      "The newsletter's web design: data.body.cover, its landing page's cover, and data.body.nameField and cityField, what the reader pages' subscribe form asks (hidden, optional, required).",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      return { data: { body: await newsletterWebDesign(api.db, request.params.id) } };
    },
  });

  api.serve(designEndpoints.saveWebDesign, {
    requires: 'newsletters.update',
    summary: "Saves the web design: the landing page's cover (empty: none) and, when given, the subscribe form's name and city fields.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      const { cover, nameField, cityField } = request.body;
      await saveNewsletterWebDesign(api.db, request.params.id, { cover: cover.trim(), nameField, cityField });
      return { data: { body: await newsletterWebDesign(api.db, request.params.id) }, msg: 'OK' };
    },
  });
}
