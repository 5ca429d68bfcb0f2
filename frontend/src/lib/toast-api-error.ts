import { ApiClientError } from './api-client';
import { notify } from './notify';

/*
 * Beside notify.ts rather than in it: the shell imports notify.ts for the toast container, and this
 * would pull the API client into home's first chunk.
 */

/** The client's error path as a toast: the server's own message for an API refusal, else `fallback`. */
export function toastApiError(err: unknown, fallback: string): void {
  if (err instanceof ApiClientError && err.status >= 400 && err.status < 600 && err.code !== 'http_error') notify.error(err.message);
  else notify.error(fallback);
}
