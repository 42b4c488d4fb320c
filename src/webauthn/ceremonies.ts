/**
 * The WebAuthn ceremonies of passkey unlock, on the page (WebAuthn is a main-thread API): asking the one registered
 * passkey for its PRF output, here, and registering one (registration.ts, loaded with the Security screen, since an
 * unlock never registers). Every failure becomes a plain message; the callers store nothing then, and the PIN or
 * password still unlocks.
 *
 * No server checks a signature here: what unlocks is the PRF output, which only the authenticator can compute, and
 * only after its own user verification (required below, so the output is always the user-verified one). The
 * challenge is random because WebAuthn needs one, not because anyone checks it. The PRF output is returned as an
 * ArrayBuffer for the caller to transfer to the engine at once (src/engine/passkey.ts).
 */
import { SleeveError } from '../domain/errors';
import { PasskeyMessages } from '../domain/passkey';
import { fromBase64, toBase64 } from './base64';

export type Purpose = 'setup' | 'unlock';

/** A literal IPv4 or IPv6 address: WebAuthn needs a domain name for its relying party. */
const isIpAddress = (host: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');

let support: Promise<boolean> | undefined;

/**
 * Whether this browser, at this address, can unlock with a passkey: WebAuthn on a secure page with a domain name,
 * and PRF unless the browser says it has none (`getClientCapabilities`, where it exists). Where the browser cannot
 * tell, the registration's `prf.enabled` decides, and the setup says so when it is false.
 */
export function passkeysSupported(): Promise<boolean> {
  support ??= detectSupport();
  return support;
}

async function detectSupport(): Promise<boolean> {
  if (typeof PublicKeyCredential === 'undefined' || !navigator.credentials || !window.isSecureContext) return false;
  if (isIpAddress(location.hostname)) return false;
  if (typeof PublicKeyCredential.getClientCapabilities !== 'function') return true;
  try {
    const capabilities = await PublicKeyCredential.getClientCapabilities();
    return (capabilities as Record<string, boolean | undefined>)['extension:prf'] !== false;
  } catch {
    return true;
  }
}

/** The person-facing reason a ceremony failed. */
export function ceremonyError(error: unknown, purpose: Purpose): SleeveError {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'SecurityError') return new SleeveError(PasskeyMessages.notHere, { cause: error });
  // NotAllowedError covers a cancelled prompt, a timeout, a failed user verification and, by design (so a page
  // cannot probe for credentials), a passkey that is not on this device: the browser does not say which.
  const message = purpose === 'setup' ? PasskeyMessages.setupCancelled : PasskeyMessages.unlockCancelled;
  return new SleeveError(message, { cause: error });
}

/** The PRF output as an ArrayBuffer of its own, so transferring it detaches the only copy the page holds. */
export function ownBuffer(output: BufferSource): ArrayBuffer {
  if (output instanceof ArrayBuffer) return output;
  const view = new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
  const copy = new Uint8Array(view);
  view.fill(0);
  return copy.buffer;
}

export const randomBytes = (length: number): Uint8Array<ArrayBuffer> => crypto.getRandomValues(new Uint8Array(length));

/**
 * Asks the passkey `credentialId` (and no other) for its PRF output for `salt`, with user verification required.
 * A passkey that answers without a PRF output cannot be the one the record was made with: wrongPasskey.
 */
export async function evaluatePasskey(credentialId: string, salt: string, purpose: Purpose): Promise<ArrayBuffer> {
  let assertion: Credential | null;
  try {
    assertion = await navigator.credentials.get({
      publicKey: {
        challenge: randomBytes(32),
        allowCredentials: [{ type: 'public-key', id: fromBase64(credentialId) }],
        userVerification: 'required',
        extensions: { prf: { eval: { first: fromBase64(salt) } } },
      },
    });
  } catch (error) {
    throw ceremonyError(error, purpose);
  }
  if (!(assertion instanceof PublicKeyCredential)) throw ceremonyError(null, purpose);
  const unlocking = purpose === 'unlock';
  const wrong = unlocking ? PasskeyMessages.wrongPasskey : PasskeyMessages.prfUnavailable;
  if (toBase64(new Uint8Array(assertion.rawId)) !== credentialId) throw new SleeveError(wrong);
  const first = assertion.getClientExtensionResults().prf?.results?.first;
  if (!first) throw new SleeveError(wrong);
  return ownBuffer(first);
}
