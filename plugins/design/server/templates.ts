/**
 * A newsletter's channel templates as a part of the newsletter (the newsletters plugin's newsletterParts):
 * read with its settings and by GET /newsletters/list/{id}, checked with plugins/design/rules.ts and
 * saved with them by PUT /newsletters/update/{id}. The issues plugin keeps them, since issues start from them.
 */
import { invalidDetails } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import type { ChannelTemplate } from '../../../schemas/generated/entities/channel-template';
import { listChannelTemplates, presentTemplate, saveChannelTemplates } from '../../issues/server/public';
import { addNewsletterPart } from '../../newsletters/server/public';
import { checkTemplates, type CheckedTemplate, type TemplateInput } from '../rules';

/** The templates as they are to be stored, or a 422 with every rule they break. */
export function checkedTemplates(templates: TemplateInput[]): CheckedTemplate[] {
  const { templates: checked, problems } = checkTemplates(templates);
  if (problems.length > 0) throw invalidDetails(problems);
  return checked;
}

export function registerTemplatesPart(api: PluginApi): void {
  const db = api.db;
  addNewsletterPart<TemplateInput[] | ChannelTemplate[], CheckedTemplate[]>(api, {
    field: 'channelTemplates',
    listed: true,
    read: async (newsletterId) => (await listChannelTemplates(db, newsletterId)).map(presentTemplate),
    check: (templates) => checkedTemplates(templates),
    save: (tx, newsletterId, templates) => saveChannelTemplates(tx, newsletterId, templates),
  });
}
