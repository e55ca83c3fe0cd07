/**
 * The calls of the design pages (spec 002 section 7): the e-mail design with its preview and the
 * web design under /newsletters/update/{id}/design/. The wizard's GET/POST /newsletters/create are
 * the newsletters plugin's, to which creation.ts contributes what the wizard adds.
 */
import { callerPublisher } from '../../../core/server/auth/session';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { originalImageAddress } from '../../images/server/public';
import { designPreview } from '../../issues/server/public';
import { emailFonts } from '../../../core/shared/email-design';
import { designEndpoints } from '../endpoints';
import { designDb, findEmailDesign, findWebDesign, saveEmailDesign, saveWebDesign } from './store';

export function registerDesignRoutes(api: PluginApi): void {
  const publicUrl = api.env.publicUrl;
  const db = designDb(api.db);

  api.serve(designEndpoints.emailDesign, {
    requires: 'newsletters.update',
    summary: "The newsletter's e-mail design (data.body) and the fonts it offers (data.data.fonts).",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      return { data: { body: await findEmailDesign(db, request.params.id), data: { fonts: emailFonts } } };
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
      await saveEmailDesign(db, request.params.id, { ...request.body, banner });
      return { data: await findEmailDesign(db, request.params.id), msg: 'OK' };
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
      return { data: { body: await findWebDesign(db, request.params.id) } };
    },
  });

  api.serve(designEndpoints.saveWebDesign, {
    requires: 'newsletters.update',
    summary: "Saves the web design: the landing page's cover (empty: none) and, when given, the subscribe form's name and city fields.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      const { cover, nameField, cityField } = request.body;
      await saveWebDesign(db, request.params.id, { cover: cover.trim(), nameField, cityField });
      return { data: { body: await findWebDesign(db, request.params.id) }, msg: 'OK' };
    },
  });
}
