/** The newsletter calls, declared once: plugins/newsletters/server/routes.ts, update-routes.ts and create-routes.ts serve them, the console calls them. */
import { data, endpoint, inline, list, schema } from '../../core/shared/endpoints';

const newsletter = data(schema('entities/newsletter-summary'));

export const newsletterEndpoints = {
  list: endpoint('GET', '/newsletters/list', { query: schema('api/newsletter-list-query'), answer: list(schema('entities/newsletter-summary')) }),
  fetch: endpoint('GET', '/newsletters/list/:id', { answer: newsletter }),
  /** The spec's item fetch for an embed card (spec 002 section 7): the same newsletter as `fetch`. */
  item: endpoint('GET', '/newsletters/:id', { answer: newsletter }),
  publish: endpoint('PUT', '/newsletters/publish/:id', { answer: newsletter }),
  unpublish: endpoint('DELETE', '/newsletters/publish/:id', { answer: newsletter }),
  feature: endpoint('PUT', '/newsletters/feature/:id', { answer: newsletter }),
  unfeature: endpoint('DELETE', '/newsletters/feature/:id', { answer: newsletter }),
  /** The newsletter with every part plugins keep (server/parts.ts: its settings, channelTemplates), and what the form offers for them. */
  form: endpoint('GET', '/newsletters/update/:id', { answer: data(schema('api/settings-newsletter-form')) }),
  update: endpoint('PUT', '/newsletters/update/:id', { body: schema('api/newsletter-update'), answer: data(schema('entities/newsletter')) }),
  /** The creation wizard's: a blank newsletter with what other plugins add (server/creation.ts: its settings, channelTemplates) and what the wizard offers. */
  blank: endpoint('GET', '/newsletters/create', { answer: data(schema('api/design-newsletter-form')) }),
  create: endpoint('POST', '/newsletters/create', { body: schema('api/newsletter-create'), answer: data(schema('api/design-newsletter-created')) }),
  tags: endpoint('GET', '/tags/list', { answer: data(inline<string[]>({ type: 'array', items: { type: 'string' } })) }),
};
