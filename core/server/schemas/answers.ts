/**
 * CHECK_ANSWERS (on in the tests): every JSON answer is checked against the schema its route
 * declares before Fastify serializes it. Serializing alone would hide a mismatch: a field the
 * schema does not name is dropped and a wrong type coerced. A mismatch is a 500 that says where,
 * so the API and end-to-end tests fail on it.
 */
import type { AnySchema, ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import type { CachedCompiler } from './validators';

export function installAnswerCheck(app: FastifyInstance, compile: CachedCompiler): void {
  // By the route's own schema object first: the compiler finds a schema by its text, which an answer should not cost.
  const compiled = new WeakMap<object, ValidateFunction>();
  const validatorOf = (schema: AnySchema) => {
    let validate = compiled.get(schema as object);
    if (!validate) compiled.set(schema as object, (validate = compile(schema)));
    return validate;
  };
  app.addHook('preSerialization', async (request, reply, payload) => {
    const answers = request.routeOptions.schema?.response as Record<string, AnySchema> | undefined;
    if (!answers) return payload;
    const status = reply.statusCode;
    const schema = answers[status] ?? answers[`${String(status)[0]}xx`];
    if (!schema)
      throw new HttpError(500, {
        err: 'ANSWER_NOT_DECLARED',
        msg: `${request.method} ${request.routeOptions.url} answered ${status}, which it does not declare.`,
      });
    // What the client will read: dates as strings, no undefined fields.
    const sent: unknown = JSON.parse(JSON.stringify(payload) ?? 'null');
    const validate = validatorOf(schema);
    if (!validate(sent)) {
      const where = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ');
      throw new HttpError(500, {
        err: 'ANSWER_DOES_NOT_MATCH',
        msg: `${request.method} ${request.routeOptions.url} answered ${status} off its schema: ${where}`,
      });
    }
    return payload;
  });
}
