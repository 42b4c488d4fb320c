/**
 * The WebAuthn ceremonies of passkey unlock, on the page (WebAuthn is a main-thread API): registering a passkey with
 * the PRF extension, and asking the one registered passkey for its PRF output. Every failure becomes a plain
 * message; the callers store nothing then, and the PIN or password still unlocks.
 *
 * No server checks a signature here: what unlocks is the PRF output, which only the authenticator can compute, and
 * only after its own user verification (required below, so the output is always the user-verified one). The
 * challenge is random because WebAuthn needs one, not because anyone checks it. The PRF output is returned as an
 * ArrayBuffer for the caller to transfer to the engine at once (src/engine/passkey.ts).
 */
import { SleeveError } from '../domain/errors';
import { PasskeyMessages } from '../domain/passkey';
import { PASSKEY_PRF_LENGTH } from '../domain/secret';
import { fromBase64, toBase64, toBase64Url } from './base64';

/** A passkey just registered: its id and PRF input (standard base64), and the PRF output for that input. */
export interface RegisteredPasskey {
  credentialId: string;
  salt: string;
  prfOutput: ArrayBuffer;
}

type Purpose = 'setup' | 'unlock';

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
function ceremonyError(error: unknown, purpose: Purpose): SleeveError {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'SecurityError') return new SleeveError(PasskeyMessages.notHere, { cause: error });
  // NotAllowedError covers a cancelled prompt, a timeout, a failed user verification and, by design (so a page
  // cannot probe for credentials), a passkey that is not on this device: the browser does not say which.
  const message = purpose === 'setup' ? PasskeyMessages.setupCancelled : PasskeyMessages.unlockCancelled;
  return new SleeveError(message, { cause: error });
}

/** The PRF output as an ArrayBuffer of its own, so transferring it detaches the only copy the page holds. */
function ownBuffer(output: BufferSource): ArrayBuffer {
  if (output instanceof ArrayBuffer) return output;
  const view = new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
  const copy = new Uint8Array(view);
  view.fill(0);
  return copy.buffer;
}

const randomBytes = (length: number): Uint8Array<ArrayBuffer> => crypto.getRandomValues(new Uint8Array(length));

/**
 * Registers a passkey for unlocking Sleeve on this device, with user verification required, and returns its PRF
 * output for a fresh PRF input. Authenticators that give PRF results at registration need one ceremony; the others
 * are asked once more at once. Without PRF the new credential is reported unknown to the browser (so its provider
 * may drop it) and the setup fails with a plain message.
 */
export async function registerPasskey(displayName: string): Promise<RegisteredPasskey> {
  const salt = randomBytes(PASSKEY_PRF_LENGTH);
  let credential: Credential | null;
  try {
    credential = await navigator.credentials.create({
      publicKey: {
        rp: { name: 'Sleeve' },
        user: {
          id: randomBytes(16),
          name: `Sleeve unlock, set up ${new Date().toISOString().slice(0, 10)}`,
          displayName,
        },
        challenge: randomBytes(32),
        pubKeyCredParams: [
          { type: 'public-key', alg: -8 },
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        attestation: 'none',
        extensions: { prf: { eval: { first: salt } } },
      },
    });
  } catch (error) {
    throw ceremonyError(error, 'setup');
  }
  if (!(credential instanceof PublicKeyCredential)) throw new SleeveError(PasskeyMessages.setupCancelled);
  const credentialId = toBase64(new Uint8Array(credential.rawId));
  const prf = credential.getClientExtensionResults().prf;
  if (!prf?.enabled) {
    await forgetPasskey(credentialId);
    throw new SleeveError(PasskeyMessages.prfUnavailable);
  }
  const saltText = toBase64(salt);
  const first = prf.results?.first;
  if (first) return { credentialId, salt: saltText, prfOutput: ownBuffer(first) };
  try {
    return { credentialId, salt: saltText, prfOutput: await evaluatePasskey(credentialId, saltText, 'setup') };
  } catch (error) {
    await forgetPasskey(credentialId);
    throw error;
  }
}

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

/**
 * Tells the browser that this passkey no longer unlocks anything here, so its provider may remove it
 * (`PublicKeyCredential.signalUnknownCredential`, where it exists). Best effort: the record is what matters, and it
 * is gone or was never stored; a browser without the call keeps the passkey in its list until the person removes it.
 */
export async function forgetPasskey(credentialId: string): Promise<void> {
  if (typeof PublicKeyCredential === 'undefined') return;
  const signal = (
    PublicKeyCredential as unknown as {
      signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void>;
    }
  ).signalUnknownCredential;
  if (typeof signal !== 'function') return;
  try {
    await signal.call(PublicKeyCredential, { rpId: location.hostname, credentialId: toBase64Url(credentialId) });
  } catch {
    // Nothing to tell the person: the passkey simply stays listed by its provider.
  }
}
