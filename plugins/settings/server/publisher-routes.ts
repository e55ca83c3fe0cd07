/** GET/PUT /publishers/update/{id} (spec section 7): the publisher's credentials. */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { invalid, notFound } from '../../../core/server/errors';
import { presentPublisher } from '../../../core/server/present';
import { findPublisher, keyInUse, updatePublisher } from '../../../core/server/store';
import type { SettingsPublisherForm } from '../../../schemas/generated/api/settings-publisher-form';
import { settingEndpoints } from '../endpoints';

export const publisherKeyExists = (key: string) => `The publisher name ${key} already exists.`;

export function registerPublisherSettingsRoutes(api: PluginApi): void {
  const db = api.db;

  const publisherOf = async (id: string) => {
    const publisher = await findPublisher(db, id);
    if (!publisher) throw notFound('Publisher not found.');
    return publisher;
  };

  api.serve(settingEndpoints.publisher, {
    requires: 'publishers.update',
    summary: "The publisher's credentials (data.body).",
    async handler(request, _reply, session) {
      session.assertPublisher(request.params.id);
      const data: SettingsPublisherForm = { body: presentPublisher(await publisherOf(request.params.id)), data: {} };
      return { data };
    },
  });

  api.serve(settingEndpoints.savePublisher, {
    requires: 'publishers.update',
    summary: "Saves the publisher's credentials: title, description, image, colours, website, email and key (unique among publishers).",
    async handler(request, _reply, session) {
      session.assertPublisher(request.params.id);
      const current = await publisherOf(request.params.id);
      const body = request.body;
      const key = body.key.trim().toLowerCase();
      if (await keyInUse(db, 'publishers', key, current.id)) throw invalid(publisherKeyExists(key), 'key');
      await updatePublisher(db, current.id, {
        title: body.title.trim(),
        description: body.description?.trim() ?? current.description,
        image: body.image?.trim() ?? current.image,
        color: body.color.toLowerCase(),
        text_color: body.textColor.toLowerCase(),
        website: body.website?.trim() ?? current.website,
        email: body.email?.trim() ?? current.email,
        key,
      });
      return { data: presentPublisher(await publisherOf(current.id)), msg: 'OK' };
    },
  });
}
