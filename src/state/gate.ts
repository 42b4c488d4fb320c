/**
 * The verification gate (SPEC.md §4): Create PIN, Change PIN, Remove PIN and Delete all cards ask for the password
 * when one exists, else the PIN, else go straight on. The follow-up waits here while the person verifies.
 *
 * The secret the person verified waits too (in the store, outside any proxy: it is a secret, never view data), for a
 * follow-up that wraps the key under a new secret: the engine no longer trusts the gate, and wraps the key only for
 * someone who shows it a secret that opens an existing record (worker/api.ts, `createSecret`).
 */
import type { AuthRecords, SecretRecord } from '../domain/secret';
import { goBack } from './going-back';
import type { FollowUp } from './store';
import { appState, memoryOf } from './store';

export type { FollowUp } from './store';
export type GateRoute = 'password/verify' | 'pin/verify';

/** The follow-up waiting here and the secret verified for it: the store keeps them (src/state/store.ts). */
const gate = () => memoryOf('gate');

/**
 * Which verify screen must come before `action` (relative to the current area, e.g. /user/security/pin/verify),
 * keeping the action until it succeeds; `null` when there is nothing to verify and the caller runs it now.
 * `forNewSecret`: the action leads to adding or changing a secret, so the secret verified for it is kept for that
 * step; for any other action it is not kept at all.
 */
export function gateFor(action: FollowUp, options: { forNewSecret?: boolean } = {}): GateRoute | null {
  const memory = gate();
  memory.verified = null;
  if (!appState.passwordCreated && !appState.pinCreated) {
    memory.followUp = null;
    return null;
  }
  memory.followUp = action;
  memory.forNewSecret = options.forNewSecret === true;
  return appState.passwordCreated ? 'password/verify' : 'pin/verify';
}

/** After a successful verification: the stored action, taken once. */
export function takeFollowUp(): FollowUp | null {
  const memory = gate();
  const action = memory.followUp;
  memory.followUp = null;
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

/**
 * A secret was just verified: kept when the follow-up waiting at the gate goes on to add or change a secret, so a
 * verification made for anything else (removing the PIN, deleting the cards, a change of password) opens nothing
 * more later.
 */
export function holdVerified(kind: 'pin' | 'password', secret: string): void {
  const memory = gate();
  if (memory.followUp && memory.forNewSecret) memory.verified = { kind, secret };
}

/** Dropped once used, when the app locks, and when another gate begins. */
export function forgetVerified(): void {
  gate().verified = null;
}

/**
 * The verified secret and the record of `known` it opens, as the engine wants them before it wraps the key under a
 * new secret; `undefined` when nothing verified is held for a record that still exists.
 */
export function verifiedProof(known: AuthRecords): { secret: string; record: SecretRecord } | undefined {
  const { verified } = gate();
  const record = verified ? known[verified.kind] : null;
  return verified && record ? { secret: verified.secret, record } : undefined;
}

/** Whether adding or changing a secret now would need a verification that has not happened. */
export const verificationMissing = (known: AuthRecords): boolean =>
  (known.password !== null || known.pin !== null) && verifiedProof(known) === undefined;
