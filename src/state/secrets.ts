/**
 * PIN and password alike (SPEC.md §4): unlock and verify. The worker holds the key; this module decides what is
 * stored, and stores every change in one write under the storage lock, made against what is stored at that moment, so
 * a failure at any step (or a change from another tab) leaves the device as it was. Creating, changing and removing
 * the PIN are src/state/pin-changes.ts, loaded only by the screens that offer them.
 */
import type { CardCollection, OpenedCards } from '../domain/card';
import { InvalidStateError, Messages, SleeveError } from '../domain/errors';
import { nextTask } from '../domain/next-task';
import { PasskeyMessages } from '../domain/passkey';
import { boundNow, type PinRecord, type SecretRecord } from '../domain/secret';
import { getEngine } from '../engine';
import { replaceRecords } from '../storage/local-storage';
import { CHANGED_ELSEWHERE, holdsRecord, sameRecord } from './device-records';
import { holdVerified } from './gate';
import { showUnlocked } from './lock';
import { explainKeyMissing, forgetPinAttempts, underPinLimit } from './pin-limit';
import { reportError } from './report';
import { appState, newerPasswordRecord, records, setRecords, storedCollection } from './store';

export type SecretKind = 'pin' | 'password';

export const SecretMessages = {
  passwordEqual: 'Entered password is equal to current password',
  mustBeSignedIn: 'User must be signed in to perform auth operations',
  completeSignInToUnlock: 'Complete sign-in process or update password to unlock app',
  unreadableBlocksPin: 'Some cards could not be opened. Delete them first, then create the PIN.',
  enterSixDigits: 'Enter all six digits of the PIN',
} as const;

/** The one mapping of a wrong secret (or a passkey whose output opens nothing) to what the person reads. */
const WRONG: Record<SecretKind | 'passkey', string> = {
  pin: Messages.pinIncorrect,
  password: Messages.passwordIncorrect,
  passkey: PasskeyMessages.wrongPasskey,
};

/** A wrong secret comes from the engine as an error with no message, caused by the failed decryption. */
const isWrongSecret = (error: unknown): boolean =>
  error instanceof Error && error.message === '' && error.cause instanceof Error;

/** Waits for an engine call that opens a record with a secret; a wrong one rejects with its message, cause kept. */
export async function withSecret<T>(attempt: Promise<T>, kind: SecretKind | 'passkey'): Promise<T> {
  try {
    return await attempt;
  } catch (error) {
    if (isWrongSecret(error)) throw new SleeveError(WRONG[kind], { cause: error });
    throw error;
  }
}

// ---- unlock ----

/**
 * Opens the locked wallet with a key `open` unwraps in the worker, opening the stored cards in the same engine call
 * (one derivation, one round trip); `open` rejects as the secret's kind says when the secret is wrong. Then stores
 * what must change with the key (`prepare`), shows the cards and lifts the lock. If anything after the key fails,
 * the key is dropped again rather than leaving a half-open wallet. A card that cannot be opened never fails it.
 * `stillOurs`: whether the record just opened is still one of this device's (another tab may have replaced it during
 * the derivation, and then the key just opened is not this device's key, and must not be held).
 */
export async function unlockStored(
  open: (cards: CardCollection) => Promise<OpenedCards>,
  stillOurs: () => boolean,
  prepare?: (opened: OpenedCards) => Promise<OpenedCards | undefined>,
): Promise<void> {
  const engine = getEngine();
  // The keystroke that completed the secret (its dots drawn) is a task of its own; then the stored cards go to the
  // worker as they are, a part per task (src/engine): it checks each entry's shape while the derivation runs.
  await nextTask();
  let collection = storedCollection();
  let opened = await open(collection);
  try {
    // Reading the worker's answer (every card, parsed) is one task; showing the cards, the next.
    await nextTask();
    if (!stillOurs()) throw new SleeveError(CHANGED_ELSEWHERE);
    // Signed in, a live update may have replaced the stored cards during the derivation: open what is stored now
    // (cards opened a moment ago come from the worker's cache).
    const openStoredNow = async () => {
      while (storedCollection() !== collection) {
        collection = storedCollection();
        opened = await engine.openCollection(collection);
      }
    };
    await openStoredNow();
    if (prepare) {
      opened = (await prepare(opened)) ?? opened;
      // The session stored newer cards while `prepare` read the server: those are the ones to show.
      await openStoredNow();
    }
  } catch (error) {
    await engine.lock();
    throw error;
  }
  showUnlocked({ collection, cards: opened });
}

/** Unlocks with a PIN or password for `record`, as `unlockStored` says. */
function unlockWith(
  secret: string,
  record: SecretRecord,
  kind: SecretKind,
  prepare?: (opened: OpenedCards) => Promise<OpenedCards | undefined>,
) {
  // A newer password record from the server is not one of this device's records until `prepare` stores it.
  const ownRecord = holdsRecord(records(), record);
  return unlockStored(
    (cards) => withSecret(getEngine().unlock(secret, record, cards), kind),
    () => !ownRecord || holdsRecord(records(), record),
    prepare,
  );
}

/**
 * Unlocks with the PIN, under the attempt limit (src/state/pin-limit.ts): no derivation while a wait runs or once
 * the PIN has stopped working. An older PIN record, not yet bound to this device or bound by the device layer's first
 * version, is bound as Sleeve binds one now once the cards show.
 */
export async function unlockWithPin(pin: string): Promise<void> {
  const record = records().pin;
  if (!record) throw new SleeveError(Messages.createPinFirstToUnlock);
  try {
    await underPinLimit(record, () => unlockWith(pin, record, 'pin'));
  } catch (error) {
    throw explainKeyMissing(error);
  }
  await bindOlderPin(record);
}

/**
 * An older PIN record is bound to this device as Sleeve binds one now: its PIN layer as it was, sealed under the
 * device key at the device layer's current version (no derivation). A plain one, which a copy of this device's storage
 * alone could test guesses against; or one bound by the first version, whose salt and IV could be edited and the
 * record still pass its device layer. If that fails the PIN still works as before, and the next unlock tries again.
 */
async function bindOlderPin(record: PinRecord): Promise<void> {
  if (boundNow(record)) return;
  try {
    const bound = await getEngine().bindPin(record);
    let replaced = false;
    await replaceRecords((auth) => {
      // Another tab changed the PIN meanwhile: its record stands, and this tab follows it from the storage event.
      if (!sameRecord(auth.pin, record)) return undefined;
      replaced = true;
      return { ...auth, pin: bound };
    });
    if (replaced && sameRecord(records().pin, record)) setRecords({ ...records(), pin: bound });
  } catch (error) {
    reportError(error);
  }
}

/** Unlocks with the account password; after a change elsewhere, with the new one (and keeps its record). */
export async function unlockWithPassword(password: string): Promise<void> {
  const stale = appState.passwordStale ? newerPasswordRecord() : null;
  const record = stale ?? records().password;
  if (!record) throw new InvalidStateError(SecretMessages.completeSignInToUnlock);
  // Another device's newer password is rare, and heard only online: its rules are a script of their own.
  const adopt = stale
    ? async (opened: OpenedCards) => (await import('./newer-password')).adoptNewerPassword(stale, opened)
    : undefined;
  await unlockWith(password, record, 'password', adopt);
  // Whoever knows the password may use the PIN again, however often it was mistyped.
  await forgetPinAttempts();
}

// ---- verify ----

async function verify(secret: string, record: SecretRecord, kind: SecretKind): Promise<void> {
  if (!(await getEngine().verify(secret, record))) throw new SleeveError(WRONG[kind]);
  // Kept for the follow-up that adds or changes a secret, which the engine allows only with it.
  holdVerified(kind, secret);
}

/** Whether `pin` is the PIN. One derivation, under the attempt limit as unlocking is. */
export async function verifyPin(pin: string): Promise<void> {
  const record = records().pin;
  if (!record) throw new InvalidStateError(Messages.createPinFirstToVerify);
  await underPinLimit(record, () => verify(pin, record, 'pin'));
}

/** Whether `password` is the account password. One derivation, which a change of password right after reuses. */
export async function verifyPassword(password: string): Promise<void> {
  const record = records().password;
  if (!record) throw new InvalidStateError(Messages.createPasswordFirstToVerify);
  await verify(password, record, 'password');
}
