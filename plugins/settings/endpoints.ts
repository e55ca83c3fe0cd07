/** The settings calls (spec section 7): a publisher's and a newsletter's credentials, declared once: plugins/settings/server serves them, the console calls them. */
import { data, endpoint, schema } from '../../core/shared/endpoints';

export const settingEndpoints = {
  publisher: endpoint('GET', '/publishers/update/:id', { answer: data(schema('api/settings-publisher-form')) }),
  savePublisher: endpoint('PUT', '/publishers/update/:id', { body: schema('api/publisher-update'), answer: data(schema('entities/publisher')) }),
  /** With the parts other plugins keep (channelTemplates). */
  newsletter: endpoint('GET', '/newsletters/update/:id', { answer: data(schema('api/settings-newsletter-form')) }),
  saveNewsletter: endpoint('PUT', '/newsletters/update/:id', { body: schema('api/newsletter-update'), answer: data(schema('entities/newsletter')) }),
};
