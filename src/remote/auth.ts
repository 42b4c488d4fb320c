/**
 * Google sign-in through a popup, and the account operations around it. Every failure becomes a SleeveError with
 * a text the person can act on; a popup the person closed (or one replaced by a newer popup) is not a failure at
 * all: it resolves to `null`, and callers stay silent.
 */
import {
  browserPopupRedirectResolver,
  deleteUser as firebaseDeleteUser,
  signOut as firebaseSignOut,
  GoogleAuthProvider,
  onAuthStateChanged,
  reauthenticateWithPopup,
  signInWithPopup,
  type User,
} from 'firebase/auth';
import { InvalidStateError, SleeveError } from '../domain/errors';
import { type SignedInUser, toSignedInUser } from '../domain/user';
import { auth } from './firebase';
import { prepareLocalGoogleLoader } from './local-google-loader';

export const AuthMessages = {
  signInFailed: 'Failed to sign in with Google',
  popupBlocked: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  network: 'Could not reach Google. Check your connection and try again.',
  unreachable: 'Could not reach Google to sign in. Check your connection and try again.',
  unauthorizedDomain:
    "This site is not allowed to sign in with Google. Add its domain to the project's authorised domains.",
  reauthFailed: 'Failed to re-authenticate user',
  deleteFailed: 'Failed to delete user',
  signInAgainToDelete: 'Sign-in again to delete user',
  signOutFailed: 'Failed to sign out',
} as const;

const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request']);

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';

export const isCancelled = (error: unknown): boolean => CANCELLED.has(codeOf(error));

/** The person's words for a popup that failed; `fallback` for anything without a specific remedy. */
function popupError(error: unknown, fallback: string): SleeveError {
  switch (codeOf(error)) {
    case 'auth/popup-blocked':
      return new SleeveError(AuthMessages.popupBlocked, { cause: error });
    case 'auth/network-request-failed':
      return new SleeveError(AuthMessages.network, { cause: error });
    case 'auth/unauthorized-domain':
      return new SleeveError(AuthMessages.unauthorizedDomain, { cause: error });
    default:
      return new SleeveError(fallback, { cause: error });
  }
}

export const toUser = (user: User): SignedInUser => toSignedInUser(user.uid, user.displayName);

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/** How long the popup flow may take to reach Google before the person is told it cannot. */
export const SIGN_IN_REACH_MS = 10_000;

/**
 * Whether the SDK has reached Google: its popup flow talks to the popup through Google's iframe library
 * (`gapi.iframes`, loaded from apis.google.com), so once that is here the popup is up and the person is choosing an
 * account, which may take as long as they like.
 */
function reachedGoogle(): boolean {
  const { gapi } = window as { gapi?: { iframes?: unknown } };
  return Boolean(gapi?.iframes);
}

/**
 * The popup flow, or a plain failure when Google could not be reached within SIGN_IN_REACH_MS (offline, or a
 * blocker extension stopping Google's script): the SDK itself would wait far longer, or forever, with nothing on
 * the screen. A sign-in that still completes after that is undone, so Firebase and the screen agree.
 */
async function withinReach<T>(popup: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let gaveUp = false;
  const unreachable = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      if (reachedGoogle()) return;
      gaveUp = true;
      reject(new SleeveError(AuthMessages.unreachable));
    }, SIGN_IN_REACH_MS);
  });
  popup.then(
    () => {
      if (gaveUp) firebaseSignOut(auth).catch(() => undefined);
    },
    () => undefined,
  );
  try {
    return await Promise.race([popup, unreachable]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens Google's sign-in popup; the signed-in user, or `null` when the person closed it. The popup resolver, and
 * with it Google's script loader, comes in here and not before (firebase.ts).
 */
export async function signInWithGoogle(): Promise<SignedInUser | null> {
  try {
    const preparing = prepareLocalGoogleLoader();
    if (preparing) await preparing;
    const { user } = await withinReach(signInWithPopup(auth, googleProvider(), browserPopupRedirectResolver));
    return toUser(user);
  } catch (error) {
    if (isCancelled(error)) return null;
    if (error instanceof SleeveError) throw error;
    throw popupError(error, AuthMessages.signInFailed);
  }
}

/** Asks Google again who this is, before a destructive step; `false` when the person closed the popup. */
export async function reauthenticate(): Promise<boolean> {
  const user = auth.currentUser;
  if (!user) throw new InvalidStateError(AuthMessages.signInAgainToDelete);
  try {
    const preparing = prepareLocalGoogleLoader();
    if (preparing) await preparing;
    await reauthenticateWithPopup(user, googleProvider(), browserPopupRedirectResolver);
    return true;
  } catch (error) {
    if (isCancelled(error)) return false;
    throw popupError(error, AuthMessages.reauthFailed);
  }
}

export async function signOut(): Promise<void> {
  try {
    await firebaseSignOut(auth);
  } catch (cause) {
    throw new SleeveError(AuthMessages.signOutFailed, { cause });
  }
}

export async function deleteUser(): Promise<void> {
  const user = auth.currentUser;
  if (!user) throw new InvalidStateError(AuthMessages.signInAgainToDelete);
  try {
    await firebaseDeleteUser(user);
  } catch (cause) {
    throw new SleeveError(AuthMessages.deleteFailed, { cause });
  }
}

export const currentUser = (): SignedInUser | null => (auth.currentUser ? toUser(auth.currentUser) : null);

/** The signed-in Google account's email, '' when none: the username password managers file the password under. */
export const currentEmail = (): string => auth.currentUser?.email ?? '';

/**
 * How long a tab waits to hear of a sign-in another tab has just made. Tabs share Firebase's session through
 * IndexedDB, which each tab's Firebase reads again only every 800 ms; the other tab stored it before telling us.
 */
const SIGN_IN_ELSEWHERE_WAIT_MS = 3_000;

/** Whom a tab expects Firebase to name at start-up. */
export interface ExpectedUser {
  /** The account this device's records belong to; `null` when they do not say (any user will do). */
  uid: string | null;
  /** Another tab says it has just signed in, so this tab's Firebase may not have read that session yet. */
  signedInElsewhere: boolean;
}

/**
 * Resolves once Firebase has restored (or not) the session kept from an earlier visit. When another tab has just
 * signed in, this tab's Firebase may still hold nobody, or an earlier account whose sign-out it has not read yet:
 * it waits a little for the expected account rather than answer with either (nobody would clear the account off
 * the device; the earlier account would begin a session whose cards this key cannot open).
 */
export async function firstUser(
  expected: ExpectedUser = { uid: null, signedInElsewhere: false },
): Promise<SignedInUser | null> {
  await auth.authStateReady();
  const isExpected = (user: User | null): user is User =>
    user !== null && (expected.uid === null || user.uid === expected.uid);
  if (isExpected(auth.currentUser) || !expected.signedInElsewhere) return currentUser();
  return new Promise((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      unsubscribe();
    };
    // Still not heard of: answer with whoever Firebase holds, as on any start-up.
    const timer = setTimeout(() => {
      stop();
      resolve(currentUser());
    }, SIGN_IN_ELSEWHERE_WAIT_MS);
    const unsubscribe = onAuthStateChanged(auth, (user) => {
      if (!isExpected(user)) return;
      stop();
      resolve(toUser(user));
    });
  });
}

/** Calls `listener` with the user on every sign-in and sign-out; returns the unsubscribe. */
export function onUserChanged(listener: (user: SignedInUser | null) => void): () => void {
  return onAuthStateChanged(auth, (user) => listener(user ? toUser(user) : null));
}
