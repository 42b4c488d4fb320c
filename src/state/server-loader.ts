/**
 * Firebase, on demand: the module of src/remote is loaded with a dynamic import the first time an account is involved,
 * so a person who never signs in never downloads it. A failed download may be retried.
 */
import { SleeveError } from '../domain/errors';
import type { AccountServer } from '../remote';

export const SERVER_UNAVAILABLE = 'Could not load sign-in. Check your connection and reload the app.';

let loading: Promise<AccountServer> | undefined;

export function loadAccountServer(): Promise<AccountServer> {
  loading ??= import('../remote').then(
    (module) => module.accountServer,
    (error: unknown) => {
      loading = undefined;
      throw new SleeveError(SERVER_UNAVAILABLE, { cause: error });
    },
  );
  return loading;
}
