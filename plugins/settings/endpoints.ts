/**
 * The settings calls (spec section 7): a publisher's credentials, declared once: plugins/settings/server
 * serves them, the console calls them. A newsletter's are the newsletters plugin's calls, which carry
 * the settings' parts.
 */
import { data, endpoint, schema } from '../../core/shared/endpoints';

export const settingEndpoints = {
  publisher: endpoint('GET', '/publishers/update/:id', { answer: data(schema('api/settings-publisher-form')) }),
  savePublisher: endpoint('PUT', '/publishers/update/:id', { body: schema('api/publisher-update'), answer: data(schema('entities/publisher')) }),
};
