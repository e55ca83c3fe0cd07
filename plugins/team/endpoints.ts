/** The team calls (spec section 7), declared once: plugins/team/server/routes.ts serves them, the console calls them. */
import { data, deleted, endpoint, schema } from '../../core/shared/endpoints';

const member = data(schema('api/team-member'));

export const teamEndpoints = {
  newsletterTeam: endpoint('GET', '/newsletters/update/:id/team', { answer: data(schema('api/team-newsletter-form')) }),
  assign: endpoint('PUT', '/newsletters/update/:id/team', { body: schema('api/team-assign'), answer: member }),
  unassign: endpoint('DELETE', '/newsletters/update/:id/team', { body: schema('api/team-user'), answer: deleted() }),
  publisherTeam: endpoint('GET', '/publishers/update/:id/team', { answer: data(schema('api/team-publisher-form')) }),
  makeDirector: endpoint('PUT', '/publishers/update/:id/team', { body: schema('api/team-user'), answer: member }),
  inviteForm: endpoint('GET', '/users/create', { query: schema('api/user-create-query'), answer: data(schema('api/user-invite-form')) }),
  invite: endpoint('POST', '/users/create', { body: schema('api/user-create'), answer: member }),
  memberForm: endpoint('GET', '/users/update/:id', { answer: data(schema('api/user-form')) }),
  saveMember: endpoint('PUT', '/users/update/:id', { body: schema('api/user-update'), answer: member }),
};
