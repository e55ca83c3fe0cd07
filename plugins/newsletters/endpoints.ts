/** The newsletter calls, declared once: plugins/newsletters/server/routes.ts serves them, the console calls them. */
import { data, endpoint, inline, list, schema } from '../../core/shared/endpoints';

const newsletter = data(schema('entities/newsletter-summary'));

export const newsletterEndpoints = {
  list: endpoint('GET', '/newsletters/list', { query: schema('api/newsletter-list-query'), answer: list(schema('entities/newsletter-summary')) }),
  fetch: endpoint('GET', '/newsletters/list/:id', { answer: newsletter }),
  publish: endpoint('PUT', '/newsletters/publish/:id', { answer: newsletter }),
  unpublish: endpoint('DELETE', '/newsletters/publish/:id', { answer: newsletter }),
  feature: endpoint('PUT', '/newsletters/feature/:id', { answer: newsletter }),
  unfeature: endpoint('DELETE', '/newsletters/feature/:id', { answer: newsletter }),
  /** The newsletter with every part plugins keep (server/parts.ts: its settings, channelTemplates), and what the form offers for them. */
  form: endpoint('GET', '/newsletters/update/:id', { answer: data(schema('api/settings-newsletter-form')) }),
  update: endpoint('PUT', '/newsletters/update/:id', { body: schema('api/newsletter-update'), answer: data(schema('entities/newsletter')) }),
  tags: endpoint('GET', '/tags/list', { answer: data(inline<string[]>({ type: 'array', items: { type: 'string' } })) }),
};
