/**
 * Unlocking with a passkey (WebAuthn PRF): the texts a person reads, shared by the engine and the page. None of them
 * is a SPEC.md text; each says what happened and what still works.
 */
export const PasskeyMessages = {
  /** Setting up needs a fresh verification of the PIN or password; it was spent, expired or never made. */
  verifyAgain: 'Verify your PIN or password again to set up the passkey.',
  /** The browser or the passkey's provider cannot give Sleeve a key (no PRF extension). Nothing is stored. */
  prfUnavailable:
    "This browser or passkey provider can't unlock Sleeve with a passkey, so no passkey was set up. Your PIN or password still unlocks Sleeve.",
  /** The setup ceremony was cancelled, timed out, or refused by the browser. Nothing is stored. */
  setupCancelled: 'The passkey was not set up, so nothing was changed.',
  /** The browser cannot make passkeys for this address (an IP address, or not a secure page). */
  notHere: "Passkeys can't be used at this address, so no passkey was set up.",
  /** The unlock ceremony was cancelled, timed out, or found no passkey for Sleeve. */
  unlockCancelled: 'No passkey was used, so Sleeve is still locked. Try again, or use your PIN or password.',
  /** A passkey answered, but not with the key this device's record needs. */
  wrongPasskey: "That passkey doesn't unlock Sleeve on this device. Use your PIN or password instead.",
  /** Unlocking with a passkey when this device has none (it was removed in another tab). */
  noPasskey: 'No passkey is set up on this device. Use your PIN or password instead.',
  /** Setting up while a passkey exists already (set up in another tab). */
  alreadySetUp: 'A passkey is already set up on this device.',
  /** Setting up needs a PIN or password to fall back on. */
  needsSecret: 'Create a PIN or password first: a passkey is an extra way to unlock.',
} as const;
