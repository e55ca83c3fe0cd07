/**
 * Errors a handler throws, and the one error handler that turns any failure into the spec's
 * envelope (section 8): 401 { msg, err }, 404, 410 and 429 { msg }, 422 { msg, details }, 500 { err, msg }.
 * A reader's browser asking for a page outside /api (Accept: text/html) gets a 404, 410 or 422
 * as a page instead, in the look of the newsletter the error names (else Masthead's).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, signInAgainText, type ErrorBody } from '../shared/envelope';
import { toDetails, type ValidationDetail } from '../shared/validation-details';
import { renderErrorPage, sendPrivatePage, wantsPage, type PublicPageNewsletter } from './public-page';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    /** The look of the reader page that shows this error to a browser (a public page's newsletter). */
    readonly look?: PublicPageNewsletter,
  ) {
    super(body.msg ?? body.err ?? `HTTP ${statusCode}`);
  }
}

export const unauthorized = (msg = signInAgainText, err: string = ErrorCodes.unauthorized) => new HttpError(401, { msg, err });
export const notFound = (msg = 'Not found.', look?: PublicPageNewsletter) => new HttpError(404, { msg }, look);
/** 410: what was public (a published issue or story) and is no more. */
export const gone = (msg: string, look?: PublicPageNewsletter) => new HttpError(410, { msg }, look);
export const conflict = (msg: string) => new HttpError(409, { msg });
export const tooManyRequests = (msg: string) => new HttpError(429, { msg });
/** 422 with one detail; the console shows `message`. */
export const invalid = (message: string, path = '') => invalidDetails([{ message, path }]);
export const invalidDetails = (details: ValidationDetail[]) => new HttpError(422, { msg: 'Error!', details });

/** Clear words for the client errors Fastify and its plugins raise while reading a request. */
const requestProblems: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of request body is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is not as long as it says.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The upload could not be read. Please try again.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_ERR_ASYNC_CONSTRAINT: 'The address is not valid.',
};

/**
 * Every failure answers in the spec's envelope. The statuses the console knows keep their
 * meaning (401, 404, 409, 429); any other mistake in a request is a 422 with a detail saying what
 * was wrong, so the console shows it; anything else is ours: a 500, logged.
 */
/** PostgreSQL's code for a row a unique index refuses (PGlite reports the same). */
const uniqueViolation = '23505';
export const savedMeanwhileText = 'Someone saved the same name a moment ago. Choose another and try again.';

/** The errors a reader's browser sees as a page (a 404, a 410, an address it cannot read). */
const readerPageStatuses = new Set([404, 410, 422]);

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (readerPageStatuses.has(error.statusCode) && wantsPage(request))
        return sendPrivatePage(reply, error.statusCode, renderErrorPage(error.statusCode, error.look));
      return reply.status(error.statusCode).send(error.body);
    }
    if (error.validation) {
      if (wantsPage(request)) return sendPrivatePage(reply, 422, renderErrorPage(422, undefined));
      return reply.status(422).send({ msg: 'Error!', details: toDetails(error.validation as never) });
    }
    // A unique index refused a row: another request saved the same key or slug between this one's
    // check and its write. That is a conflict to try again, not a fault of ours.
    if ((error as { code?: unknown }).code === uniqueViolation) return reply.status(409).send({ msg: savedMeanwhileText });
    const status = error.statusCode ?? 500;
    if (status === 401) return reply.status(401).send({ msg: error.message, err: ErrorCodes.unauthorized });
    if (status === 404 || status === 410 || status === 429) return reply.status(status).send({ msg: error.message });
    if (status >= 400 && status < 500)
      return reply.status(422).send({ msg: 'Error!', details: [{ message: requestProblems[error.code] ?? error.message, path: '' }] });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ err: 'INTERNAL_ERROR', msg: 'Something went wrong on our side. Please try again.' });
  });
}

/** Fastify's own errors raised before routing (FastifyServerOptions.frameworkErrors). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.status(422).send({ msg: 'Error!', details: [{ message: requestProblems[error.code] ?? 'The address is not valid.', path: '' }] });
}
