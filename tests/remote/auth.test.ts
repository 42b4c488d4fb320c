/**
 * The sign-in door as two tabs of one profile see it: Firebase shares its session between tabs through IndexedDB,
 * and each tab's Firebase reads it again only now and then. A tab told by storage that another tab has just signed in
 * must wait to hear of it rather than conclude that nobody is signed in (which would clear the account off the device).
 */
import { signOut } from 'firebase/auth';
import { afterEach, beforeEach, expect, it, onTestFinished } from 'vitest';
import { firstUser } from '../../src/remote/auth';
import { auth } from '../../src/remote/firebase';
import { googleSignIn, uniqueSub } from '../support/google';

interface SignInWindow extends Window {
  signedIn?: Promise<string>;
}

/**
 * The poll by which this tab's Firebase reads the shared session again (every 800 ms). A test holds it off to stand
 * in the moment before the next read: an SDK internal, reached only here.
 */
interface SessionPoll {
  startPolling(): void;
  stopPolling(): void;
}
const sessionPoll = (): SessionPoll =>
  (auth as unknown as { persistenceManager: { persistence: SessionPoll } }).persistenceManager.persistence;

/** Signs in to Google's stand-in as `sub` in another same-origin document (another tab); its uid. */
async function signInInOtherTab(sub: string): Promise<string> {
  const frame = document.createElement('iframe');
  frame.title = 'other tab';
  frame.srcdoc = `<!doctype html><script type="module">
    const { googleSignIn } = await import('/tests/support/google.ts');
    window.signedIn = googleSignIn(${JSON.stringify(sub)});
    parent.postMessage('signing in', '*');
  </script>`;
  const started = new Promise<void>((resolve) => {
    window.addEventListener('message', function listen(event) {
      if (event.data !== 'signing in') return;
      window.removeEventListener('message', listen);
      resolve();
    });
  });
  document.body.append(frame);
  await started;
  // The tab stays open: a document closed at once may take its last IndexedDB write with it.
  onTestFinished(() => frame.remove());
  const uid = await (frame.contentWindow as SignInWindow).signedIn;
  if (!uid) throw new Error('The other tab did not sign in');
  return uid;
}

// Firebase keeps its session in this origin's IndexedDB, which earlier test files share: start signed out.
beforeEach(() => signOut(auth));
afterEach(() => signOut(auth));

it('hears of a sign-in another tab has just made, when told to wait for it', async () => {
  expect(auth.currentUser).toBeNull();
  const uid = await signInInOtherTab(uniqueSub());
  // Told that the other tab signed in, this tab waits for its own Firebase to read the shared session.
  expect((await firstUser({ uid, signedInElsewhere: true }))?.uid).toBe(uid);
});

it('waits for the account the device now belongs to, not an earlier one this tab has not yet heard has left', async () => {
  const earlier = await googleSignIn(uniqueSub());
  const poll = sessionPoll();
  poll.stopPolling();
  onTestFinished(() => poll.startPolling());
  const uid = await signInInOtherTab(uniqueSub());
  // This tab's Firebase has not read the other tab's sign-in: it still holds the earlier account.
  expect(auth.currentUser?.uid).toBe(earlier);
  const user = firstUser({ uid, signedInElsewhere: true });
  poll.startPolling();
  expect((await user)?.uid).toBe(uid);
});
