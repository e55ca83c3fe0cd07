/**
 * Declared answers (core/server/schemas/answers.ts): with the check on, an answer that does not
 * match its route's schema is a 500 saying where; a matching one is served as declared.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../core/server/errors';
import { ref } from '../../core/server/schemas/parts';
import { data, list, schema } from '../../core/shared/endpoints';
import { installValidators } from '../../core/server/schemas/validators';

const app = Fastify();
let served: unknown = null;
// The registrar adds the error envelope to every route (core/server/routes.ts).
const errors = { '5xx': ref('api/error') };

beforeAll(async () => {
  installErrorHandler(app);
  installValidators(app, { checkAnswers: true });
  app.get('/key', { schema: { response: { ...data(schema('api/key-availability')).statuses, ...errors } } }, async () => served);
  app.get('/list', { schema: { response: { ...list(schema('api/key-availability')).statuses, ...errors } } }, async () => served);
  app.get('/undeclared', { schema: { response: { 204: { type: 'null' }, ...errors } } }, async () => ({ data: 1 }));
  await app.ready();
});

afterAll(() => app.close());

const get = async (url: string, body: unknown) => {
  served = body;
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: JSON.parse(response.body) as { data?: unknown; err?: string; msg?: string } };
};

describe('declared answers', () => {
  it('serves an answer that matches its schema as it is', async () => {
    const body = { data: { key: 'sabah', available: true }, msg: 'AVAILABLE' };
    expect(await get('/key', body)).toEqual({ status: 200, body });
    const list = { data: [{ key: 'a', available: false }], count: 1 };
    expect(await get('/list', list)).toEqual({ status: 200, body: list });
  });

  it('refuses a field the schema does not name, a missing one and a wrong type, saying where', async () => {
    const extra = await get('/key', { data: { key: 'sabah', available: true, secret: 'x' } });
    expect(extra.status).toBe(500);
    expect(extra.body.err).toBe('ANSWER_DOES_NOT_MATCH');
    expect(extra.body.msg).toContain('/data must NOT have additional properties');
    const missing = await get('/list', { data: [] });
    expect(missing.body.msg).toContain("must have required property 'count'");
    const wrong = await get('/key', { data: { key: 'sabah', available: 'yes' } });
    expect(wrong.body.msg).toContain('/data/available must be boolean');
  });

  it('refuses a status the route does not declare', async () => {
    const answered = await get('/undeclared', null);
    expect(answered.status).toBe(500);
    expect(answered.body.err).toBe('ANSWER_NOT_DECLARED');
  });
});
