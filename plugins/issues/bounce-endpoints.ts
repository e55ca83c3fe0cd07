/**
 * The bounce calls (decision 0034), declared once: plugins/issues/server/bounces/routes.ts serves
 * them. The providers' webhooks are public (each checks its provider's signature or credentials);
 * the counts are the publish page's.
 */
import { data, endpoint, schema } from '../../core/shared/endpoints';

const webhook = { body: schema('api/bounce-webhook'), answer: data(schema('api/bounce-webhook-answer')) };

export const bounceEndpoints = {
  counts: endpoint('GET', '/issues/bounces/:id', { answer: data(schema('api/issue-bounces')) }),
  ses: endpoint('POST', '/bounces/ses', webhook),
  postmark: endpoint('POST', '/bounces/postmark', webhook),
  sendgrid: endpoint('POST', '/bounces/sendgrid', webhook),
  mailgun: endpoint('POST', '/bounces/mailgun', webhook),
};
