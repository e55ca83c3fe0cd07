/** The answers of the API, as section 8 of the spec and design.md section 3 shape them. */
import type { ErrorAnswer } from '../../schemas/generated/api/error';
import type { ValidationDetail } from './validation';

export interface Envelope<T> {
  data: T;
  msg?: string;
}

export interface ListEnvelope<T> {
  data: T[];
  count: number;
}

/** 401: msg, or err (UNAUTHORIZED) when there is no better text. */
export interface UnauthorizedError {
  msg: string;
  err: string;
}

/** 422: msg with the details; the console shows the first detail's message. */
export interface ValidationError {
  msg: string;
  details: ValidationDetail[];
}

/** 404 and 429. */
export interface MessageError {
  msg: string;
}

/** 500: err and msg; code and input for the broken-hyperlink case. */
export interface ServerError {
  err: string;
  msg: string;
  code?: string;
  input?: string;
}

/** Any failure's body, as schemas/api/error declares it for every route. */
export type ErrorBody = ErrorAnswer;

/** The 401's text when a request's token no longer counts (none, expired, or its session ended): the console then signs out. */
export const signInAgainText = 'Please sign in again.';

/** Codes the console reads in msg or err. */
export const ErrorCodes = {
  unauthorized: 'UNAUTHORIZED',
  publisherRequired: 'PUBLISHER_IS_REQUIRED',
  userVerifyFail: 'USER_VERIFY_FAIL',
} as const;
