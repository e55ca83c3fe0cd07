/**
 * How the speech screens report a failed call (spec 002 section 8). A refusal the server explains
 * (a validation problem, a permission, something not found) goes to the shared handler with the
 * server's words; a failure it cannot explain (the engine failed, the server or the network broke)
 * is shown with the catalogue's text for what was being done.
 */
import { HTTPError } from 'ky';
import { handleError } from '../../../core/client/errors';
import { toast } from '../../../core/client/toasts';

const explained = new Set([401, 403, 404, 409, 422, 429]);

export async function reportFailure(error: unknown, text: string): Promise<void> {
  if (error instanceof HTTPError && explained.has(error.response.status)) {
    await handleError(error);
    return;
  }
  if (error instanceof Error && error.name === 'AbortError') return;
  toast('error', 'Error!', text);
}
