/** The core's auth calls (spec section 7, and logout and password change of ours), declared once: core/server/auth/routes.ts serves them, the console calls them. */
import { data, endpoint, inline, schema } from '../endpoints';

/** The data of the calls that sign in: the access token (a JWT) for the Authorization header. */
const accessToken = data(inline<string>({ type: 'string', description: 'The access token (a JWT).' }));
/** The data of the calls that only say they are done. */
const done = data(inline<true>({ type: 'boolean', enum: [true] }));

export const authEndpoints = {
  login: endpoint('POST', '/auth/login', { body: schema('api/login'), answer: accessToken }),
  verify: endpoint('GET', '/auth/verify', { answer: data(schema('api/auth-verify')) }),
  scope: endpoint('PUT', '/auth/scope', { body: schema('api/scope-select'), answer: accessToken }),
  publishers: endpoint('GET', '/auth/publishers', { answer: data(schema('api/auth-publishers')) }),
  forgotPassword: endpoint('PUT', '/auth/password/forgot', { body: schema('api/password-forgot'), answer: done }),
  resetPassword: endpoint('PUT', '/auth/password/reset', { body: schema('api/password-reset'), answer: accessToken }),
  changePassword: endpoint('PUT', '/auth/password/change', { body: schema('api/password-change'), answer: accessToken }),
  logout: endpoint('POST', '/auth/logout', { answer: done }),
  profile: endpoint('GET', '/auth/profile/update', { answer: data(schema('api/auth-profile-form')) }),
  saveProfile: endpoint('PUT', '/auth/profile/update', { body: schema('api/profile-update'), answer: data(schema('entities/user')) }),
  editorVersion: endpoint('GET', '/editor/version', {
    answer: data(inline<'maintenance' | 'publish' | 'default'>({ type: 'string', enum: ['maintenance', 'publish', 'default'] })),
  }),
};
