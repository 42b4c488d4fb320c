/**
 * 'Ask before showing PINs' (Security): revealing or copying a card's PIN first passes the verification gate (the
 * password when one exists, else the PIN), and one verification counts for a minute (src/domain/card-pin-window.ts),
 * so the person is asked at most once a minute. When it was made is kept in the gate's memory, outside any proxy, and
 * forgotten when Sleeve locks: the next person at the device is asked afresh.
 */
import { stillVerified } from '../domain/card-pin-window';
import type { FollowUp, GateRoute } from './gate';
import { gateFor } from './gate';
import { appState, memoryOf, preferencesState } from './store';

const gate = () => memoryOf('gate');

/** Whether the person asked to be asked: the setting is on and there is a PIN or password to ask for. */
export const askingBeforeShowingPins = (): boolean =>
  preferencesState.security.askBeforeShowingPins && (appState.passwordCreated || appState.pinCreated);

/** Whether revealing or copying a card's PIN now must pass the gate first. */
export const cardPinNeedsVerification = (): boolean =>
  askingBeforeShowingPins() && !stillVerified(gate().cardPinVerifiedAt, Date.now());

/**
 * Keeps `action` at the gate, to run once the person has verified, which starts the minute in which they are not
 * asked again. Returns the verify screen to open, or `null` when there is nothing to verify and the caller goes on.
 */
export function gateCardPin(action: FollowUp): GateRoute | null {
  return gateFor(async () => {
    gate().cardPinVerifiedAt = Date.now();
    await action();
  });
}

/** After the verification asked for revealing card `id`'s PIN: its screen shows the PIN revealed when next shown. */
export function holdCardPinReveal(id: string): void {
  gate().cardPinToReveal = id;
}

/** Whether card `id`'s screen opens with its PIN revealed; read while rendering, so it takes nothing. */
export const cardPinRevealWaits = (id: string): boolean => gate().cardPinToReveal === id;

/** The card's screen has shown the PIN revealed: a later visit starts hidden again. */
export function clearCardPinReveal(): void {
  gate().cardPinToReveal = null;
}

/** Locking: the minute ends, and nothing waits to be revealed. */
export function forgetCardPinVerification(): void {
  gate().cardPinVerifiedAt = null;
  gate().cardPinToReveal = null;
}
