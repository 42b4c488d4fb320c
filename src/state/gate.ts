/**
 * The verification gate (SPEC.md §4): Create PIN, Change PIN, Remove PIN and Delete all cards ask for the password
 * when one exists, else the PIN, else go straight on. The follow-up waits here while the person verifies.
 */
import { goBack } from './going-back';
import { appState } from './store';

export type GateRoute = 'password/verify' | 'pin/verify';
export type FollowUp = () => void | Promise<void>;

let followUp: FollowUp | null = null;

/**
 * Which verify screen must come before `action` (relative to the current area, e.g. /user/security/pin/verify),
 * keeping the action until it succeeds; `null` when there is nothing to verify and the caller runs it now.
 */
export function gateFor(action: FollowUp): GateRoute | null {
  if (!appState.passwordCreated && !appState.pinCreated) {
    followUp = null;
    return null;
  }
  followUp = action;
  return appState.passwordCreated ? 'password/verify' : 'pin/verify';
}

/** After a successful verification: the stored action, taken once. */
export function takeFollowUp(): FollowUp | null {
  const action = followUp;
  followUp = null;
  return action;
}

/**
 * After a successful verification: runs the stored action, or goes back where the person came from if none waits
 * (the screen the verify route hangs under when it was opened straight from its address).
 */
export async function continueAfterVerification(): Promise<void> {
  const action = takeFollowUp();
  if (action) await action();
  else goBack(1, window.location.pathname.replace(/\/(password|pin)\/verify\/?$/, '') || '/');
}
