/**
 * Chromium's virtual authenticator, through the DevTools protocol's WebAuthn domain: a real WebAuthn stack in the
 * browser (CTAP2, user verification, the PRF extension as hmac-secret) whose authenticator is software, so tests can
 * run real passkey ceremonies, make one fail, or take the credential away.
 */
import type { CDPSession, Page } from 'playwright';

export interface VirtualAuthenticatorOptions {
  /** Whether the authenticator supports the PRF extension (hmac-secret). */
  hasPrf?: boolean;
  /** Whether user verification succeeds (false: the person fails or cancels it). */
  isUserVerified?: boolean;
}

/** A credential as the protocol describes it (credentialId in standard base64). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  id: string;
  credentials(): Promise<VirtualCredential[]>;
  removeCredential(credentialId: string): Promise<void>;
  addCredential(credential: VirtualCredential): Promise<void>;
  setUserVerified(verified: boolean): Promise<void>;
}

/** A platform authenticator ('internal', with user verification) for `page`'s tab. */
export async function addVirtualAuthenticator(
  page: Page,
  { hasPrf = true, isUserVerified = true }: VirtualAuthenticatorOptions = {},
): Promise<VirtualAuthenticator> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified,
      hasPrf,
    },
  });
  return {
    id: authenticatorId,
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[],
    removeCredential: async (credentialId) => {
      await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId });
    },
    addCredential: async (credential) => {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
    setUserVerified: async (verified) => {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
  };
}
