/**
 * The signed-in person's ID token, kept in step at a same-origin path (`VITE_AUTH_TOKEN_SYNC_URL`, SPEC.md §7): a
 * POST with the token as a bearer credential whenever it changes, a DELETE once nobody is signed in.
 *
 * This is the Firebase SDK's own `authTokenSyncURL` exchange, which only `getAuth` sets up. Sleeve creates its Auth
 * with `initializeAuth` instead (no popup resolver until a sign-in asks for one, see firebase.ts), so it sets up the
 * same exchange here, by the same rules: in a secure context only, to this origin only, and never with a token older
 * than five minutes.
 */
import { type Auth, beforeAuthStateChanged, onIdTokenChanged, type User } from 'firebase/auth';

const MAX_TOKEN_AGE_S = 5 * 60;

export function syncIdToken(auth: Auth, path: string): void {
  if (!window.isSecureContext) return;
  const url = new URL(path, window.location.origin);
  // A full URL elsewhere would hand the token to another site.
  if (url.origin !== window.location.origin) return;
  /** What was last sent: a token, or undefined once a DELETE has gone. `null`: nothing yet. */
  let lastSent: string | undefined | null = null;
  const send = async (user: User | null): Promise<void> => {
    const result = user ? await user.getIdTokenResult() : null;
    const ageS = result ? (Date.now() - Date.parse(result.issuedAtTime)) / 1000 : 0;
    if (ageS > MAX_TOKEN_AGE_S) return;
    const token = result?.token;
    if (token === lastSent) return;
    lastSent = token;
    await fetch(url, token ? { method: 'POST', headers: { Authorization: `Bearer ${token}` } } : { method: 'DELETE' });
  };
  // Before the new user becomes current, as the SDK does: a sign-in waits until the path has its token.
  beforeAuthStateChanged(auth, send, () => {
    void send(auth.currentUser);
  });
  onIdTokenChanged(auth, (user) => {
    // A refreshed token that could not be sent is sent with the next one; nothing for the person to do.
    send(user).catch(() => undefined);
  });
}
