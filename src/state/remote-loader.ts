/**
 * Firebase, on demand: the remote module is loaded with a dynamic import the first time an account is involved,
 * so a person who never signs in never downloads it. A failed download may be retried.
 */
import { SleeveError } from '../domain/errors';
import type { Remote } from '../remote';

export const REMOTE_UNAVAILABLE = 'Could not load sign-in. Check your connection and reload the app.';

let loading: Promise<Remote> | undefined;

export function loadRemote(): Promise<Remote> {
  loading ??= import('../remote').then(
    (module) => module.remote,
    (error: unknown) => {
      loading = undefined;
      throw new SleeveError(REMOTE_UNAVAILABLE, { cause: error });
    },
  );
  return loading;
}
