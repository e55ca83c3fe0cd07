/** The design pages' calls (spec 002 section 7), declared once: plugins/design/server/routes.ts serves them, the console calls them. The wizard calls the newsletters' (newsletterEndpoints.blank, .create). */
import { data, endpoint, inline, schema } from '../../core/shared/endpoints';

const emailDesign = schema('entities/email-design');

export const designEndpoints = {
  emailDesign: endpoint('GET', '/newsletters/update/:id/design/email/update', { answer: data(schema('api/design-email-form')) }),
  saveEmailDesign: endpoint('PUT', '/newsletters/update/:id/design/email/update', { body: emailDesign, answer: data(emailDesign) }),
  /** data is the e-mail's HTML. */
  preview: endpoint('PUT', '/newsletters/update/:id/design/email/preview', {
    query: inline<{ dark?: boolean }>({ type: 'object', additionalProperties: false, properties: { dark: { type: 'boolean' } } }),
    body: emailDesign,
    answer: data(inline<string>({ type: 'string', description: 'The e-mail as HTML.' })),
  }),
  webDesign: endpoint('GET', '/newsletters/update/:id/design/web/update', { answer: data(schema('api/design-web-form')) }),
  saveWebDesign: endpoint('PUT', '/newsletters/update/:id/design/web/update', { body: schema('api/web-design'), answer: data(schema('api/design-web-form')) }),
};
