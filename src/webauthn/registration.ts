/**
 * Registering a passkey for unlocking Sleeve on this device, and telling the browser when one no longer unlocks
 * anything: the Security screen's ceremonies (ceremonies.ts has the unlock's). Every failure becomes a plain message.
 */
import { SleeveError } from '../domain/errors';
import { PasskeyMessages } from '../domain/passkey';
import { PASSKEY_PRF_LENGTH } from '../domain/secret';
import { toBase64, toBase64Url } from './base64';
import { ceremonyError, evaluatePasskey, ownBuffer, randomBytes } from './ceremonies';

/** A passkey just registered: its id and PRF input (standard base64), and the PRF output for that input. */
export interface RegisteredPasskey {
  credentialId: string;
  salt: string;
  prfOutput: ArrayBuffer;
}

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
