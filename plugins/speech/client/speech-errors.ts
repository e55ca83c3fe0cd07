/**
 * How the speech screens report a failed call (spec 002 section 8). A refusal the server explains
 * (a validation problem, a permission, something not found) is shown as the shared handler shows
 * it, with the server's words; a failure it cannot explain (the engine failed, the server or the
 * network broke) is shown with the catalogue's text for what was being done.
 */
import { HTTPError } from 'ky';
import { describeError } from '../../../core/client/errors';
import { toast } from '../../../core/client/toasts';

const explained = new Set([401, 403, 404, 409, 422, 429]);

/**
 * `text`: what was being done, in the console's language. `serverText`: the English the server
 * answers for the same failure (a text with a value, such as a chunk's ID, that no catalog holds
 * as it is), shown as `text` when the server says exactly that.
 */
export async function reportFailure(error: unknown, text: string, serverText?: string): Promise<void> {
  if (error instanceof HTTPError && explained.has(error.response.status)) {
    const shown = await describeError(error);
    if (shown) toast('error', shown.title, serverText !== undefined && shown.text === serverText ? text : shown.text);
    return;
  }
  if (error instanceof Error && error.name === 'AbortError') return;
  toast('error', 'Error!', text);
}
