/**
 * The one shared error handler (spec section 8): every failed call ends here and is shown by its
 * HTTP status with the spec's texts; the toast shows them in the console's language (toasts.tsx,
 * server-text.ts).
 */
import { HTTPError } from 'ky';
import type { ErrorBody } from '../shared/envelope';
import { ErrorCodes } from '../shared/envelope';
import { toast } from './toasts';

export const brokenHyperlinkText = 'You have a broken hyperlink in your issue. Please fix the link to not land in spam folders.';
export const socialUrlText = 'Your social URL must start with either "https://" or "http://"';

/** Server texts the console words differently. */
const mappedTexts: Record<string, string> = {
  '"url" must be a valid uri': socialUrlText,
};

const mapText = (text: string | undefined) => (text ? (mappedTexts[text] ?? text) : text);

/** What the handler would show, or null for nothing: separate from showing it, so it can be tested. */
export async function describeError(error: unknown): Promise<{ title: string; text?: string } | null> {
  if (!(error instanceof HTTPError)) {
    if (error instanceof Error && error.name === 'AbortError') return null;
    return { title: 'Error!' };
  }
  const status = error.response.status;
  let body: ErrorBody;
  try {
    body = (await error.response.clone().json()) as ErrorBody;
  } catch {
    body = {};
  }
  const err = typeof body.err === 'string' ? body.err : undefined;
  switch (status) {
    case 401:
      return body.msg ? { title: 'Error!', text: mapText(body.msg) } : { title: 'Error!', text: err ?? ErrorCodes.unauthorized };
    case 422:
      return { title: body.msg ?? 'Error!', text: mapText(body.details?.[0]?.message) };
    case 500:
      if (err === ErrorCodes.userVerifyFail) return null;
      if (body.code && body.input) return { title: 'Error!', text: brokenHyperlinkText };
      return { title: 'Error!', text: mapText(err && err !== 'INTERNAL_ERROR' ? err : body.msg) ?? undefined };
    case 404:
    case 429:
      return { title: 'Error!', text: body.msg };
    default:
      return err || body.msg ? { title: 'Error!', text: err ?? body.msg } : { title: 'Error!' };
  }
}

export async function handleError(error: unknown): Promise<void> {
  const shown = await describeError(error);
  if (shown) toast('error', shown.title, shown.text);
}
