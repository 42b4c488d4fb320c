/**
 * Firebase, on demand: the module of src/remote is loaded with a dynamic import the first time an account is involved,
 * so a person who never signs in never downloads it. A failed download may be retried.
 */
import { SleeveError } from '../domain/errors';
import type { AccountServer } from '../remote';
import { memoryOf } from './store';

export const SERVER_UNAVAILABLE = 'Could not load sign-in. Check your connection and reload the app.';

export function loadAccountServer(): Promise<AccountServer> {
  const memory = memoryOf('server');
  memory.loading ??= import('../remote').then(
    (module) => module.accountServer,
    (error: unknown) => {
      memory.loading = undefined;
      throw new SleeveError(SERVER_UNAVAILABLE, { cause: error });
    },
  );
  return memory.loading;
}
