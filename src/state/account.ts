/**
 * The Google account (SPEC.md §4, Account and lock states): what signing in (src/state/sign-in.ts) and leaving
 * (src/state/leave.ts) share: their messages and the busy flag the Account screens show.
 *
 * Firebase is loaded only when an account is involved (src/state/server-loader.ts): a person who never signs in never
 * downloads it. Every step that changes what is stored writes the server first and this device last, in one local
 * write, so a failure on the way leaves this device exactly as it was and no card is lost.
 */
import { SERVER_UNAVAILABLE } from './server-loader';
import { accountState } from './store';

export type { SignInResult } from './store';
export { accountState } from './store';

export const AccountMessages = {
  signInFirst: 'Sign-in first with Google to set password',
  completeSignIn: 'Complete sign-in process to update password',
  completeSignInToUnlock: 'Complete sign-in process or update password to unlock app',
  mustBeSignedIn: 'User must be signed in to perform auth operations',
  signInAgainToDelete: 'Sign-in again to delete user',
  passwordEqual: 'Entered password is equal to current password',
  accountDeleted: 'Account has been deleted',
  serverUnavailable: SERVER_UNAVAILABLE,
  // Beyond SPEC.md: the account holds cards but its password record is gone.
  passwordMissing:
    "This account's cards cannot be opened: its password record is missing from the server, and a new password would not open them.",
} as const;

/** Runs `work` with the Account screen's spinner showing. */
export async function withBusy<T>(work: () => Promise<T>): Promise<T> {
  accountState.busy = true;
  try {
    return await work();
  } finally {
    accountState.busy = false;
  }
}
