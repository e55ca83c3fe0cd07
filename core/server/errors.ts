/**
 * Errors a handler throws, and the one error handler that turns any failure into the spec's
 * envelope (section 8): 401 { msg, err }, 404 and 429 { msg }, 422 { msg, details }, 500 { err, msg }.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCodes, type ErrorBody } from '../shared/envelope';
import { toDetails, type ValidationDetail } from '../shared/validation-details';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super(body.msg ?? body.err ?? `HTTP ${statusCode}`);
  }
}

export const unauthorized = (msg = 'Please sign in again.', err: string = ErrorCodes.unauthorized) => new HttpError(401, { msg, err });
export const notFound = (msg = 'Not found.') => new HttpError(404, { msg });
export const conflict = (msg: string) => new HttpError(409, { msg });
export const tooManyRequests = (msg: string) => new HttpError(429, { msg });
/** 422 with one detail; the console shows `message`. */
export const invalid = (message: string, path = '') => invalidDetails([{ message, path }]);
export const invalidDetails = (details: ValidationDetail[]) => new HttpError(422, { msg: 'Error!', details });

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (error.validation) return reply.status(422).send({ msg: 'Error!', details: toDetails(error.validation as never) });
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ msg: error.message });
    if (status === 413) return reply.status(422).send({ msg: 'Error!', details: [{ message: 'The request is too large.', path: '' }] });
    if (status >= 400 && status < 500) return reply.status(status).send({ msg: error.message, err: error.code ?? 'BAD_REQUEST' });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ err: 'INTERNAL_ERROR', msg: 'Something went wrong on our side. Please try again.' });
  });
}
