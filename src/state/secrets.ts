/**
 * PIN and password alike (SPEC.md §4): create, verify, unlock, change, remove. The worker holds the key; this
 * module decides what is stored, and stores every change in one write under the storage lock, made against what is
 * stored at that moment, so a failure at any step (or a change from another tab) leaves the device as it was.
 */
import type { CardCollection, OpenedCards } from '../domain/card';
import { emptyPlainCollection } from '../domain/card';
import { InvalidStateError, Messages, SleeveError } from '../domain/errors';
import { nextTask } from '../domain/next-task';
import { PasskeyMessages } from '../domain/passkey';
import { isTooCommonPin, PIN_PATTERN } from '../domain/pin-rules';
import { type AuthRecords, boundNow, type PinRecord, type SecretRecord } from '../domain/secret';
import { openPlain } from '../domain/stored-cards';
import { getEngine } from '../engine';
import { replaceRecords, updateStorage } from '../storage/local-storage';
import { plainDetails, refreshStoredDetails, sealedDetails } from './details';
import { assertUnchanged, CHANGED_ELSEWHERE, holdsRecord, sameRecord } from './device-records';
import { forgetVerified, holdVerified, verifiedProof } from './gate';
import { showUnlocked } from './lock';
import { explainKeyMissing, forgetPinAttempts, showNewPin, underPinLimit } from './pin-limit';
import { reportError } from './report';
import { showOpened } from './shown-cards';
import {
  appState,
  cardsState,
  hasSecret,
  newerPasswordRecord,
  records,
  session,
  setRecords,
  setStoredCollection,
  storedCollection,
  takeTicket,
} from './store';
import { openAndShow } from './view';

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

// ---- create, change, remove ----

export function checkNewPin(pin: string): void {
  if (!PIN_PATTERN.test(pin)) throw new SleeveError(SecretMessages.enterSixDigits);
  if (isTooCommonPin(pin)) throw new SleeveError(Messages.pinTooCommon);
}

/** Whether the cards just stored are the ones on screen, so encrypting them needs no new open. */
function sameCardsShown(collection: CardCollection): boolean {
  const ids = Object.keys(collection.cards);
  const shown = new Set(cardsState.cards.map((card) => card.id));
  return ids.length === shown.size && ids.every((id) => shown.has(id));
}

/**
 * Creates a PIN, or changes it. The first secret on a device makes the worker generate the key and encrypt every
 * card stored at that moment (read inside the lock, so a card another tab just added is encrypted too); both keys are
 * then written together. If that write fails, a key generated for it is dropped again. While a secret exists, the
 * worker wraps its key under the new PIN only with the secret the gate just verified (src/state/gate.ts).
 */
export async function createPin(pin: string): Promise<'created' | 'updated'> {
  checkNewPin(pin);
  const engine = getEngine();
  const before: AuthRecords = records();
  const hadSecret = hasSecret();
  if (hadSecret && !(await engine.hasKey())) throw new SleeveError(Messages.refreshAndUnlock);
  const current = hadSecret ? verifiedProof(before) : undefined;
  if (hadSecret && !current) throw new SleeveError(Messages.verifyFirst);
  if (!hadSecret && cardsState.unreadable.length > 0) throw new SleeveError(SecretMessages.unreadableBlocksPin);
  // Signed in, the cards live on the server (already encrypted under this key); only the record is local.
  const signedIn = session() !== null;
  let encrypted: CardCollection | null = null;
  try {
    const stored = await updateStorage(async (latest) => {
      assertUnchanged(latest.auth, before);
      const cards = signedIn ? emptyPlainCollection() : latest.cards;
      const created = await engine.createSecret(pin, cards, Date.now(), { kind: 'pin', current });
      encrypted = created.collection;
      const auth: AuthRecords = { ...latest.auth, pin: created.record };
      if (signedIn) return { auth };
      // A first PIN encrypts the cards' details with the cards, under the key it just made, in the same write.
      const details = hadSecret ? latest.details : await sealedDetails(latest.details);
      return details === latest.details
        ? { auth, cards: created.collection }
        : { auth, cards: created.collection, details };
    });
    setRecords(stored.auth);
  } catch (error) {
    if (!hadSecret) await engine.lock();
    throw error;
  }
  forgetVerified();
  // A new PIN starts with no wrong tries, whatever the old one had, and its record is bound to this device's key.
  showNewPin();
  if (!signedIn && encrypted) {
    // Encrypting changes what is stored, not the cards on screen, unless another tab had added one meanwhile.
    if (sameCardsShown(encrypted)) setStoredCollection(encrypted);
    else await openAndShow(encrypted);
    refreshStoredDetails();
  }
  return before.pin ? 'updated' : 'created';
}

/**
 * Removes the PIN. Without a password the PIN was the only way in, so every stored card is decrypted back into a
 * plain collection first (refused while a card cannot be opened: it would be lost), and both keys are written
 * together before the key is dropped.
 */
export async function removePin(): Promise<void> {
  const before = records();
  if (!before.pin) return;
  const engine = getEngine();
  if (!(await engine.hasKey())) throw new SleeveError(Messages.refreshAndUnlock);
  const stored = await updateStorage(async (current) => {
    assertUnchanged(current.auth, before);
    const auth: AuthRecords = { ...current.auth, pin: null };
    if (before.password) return { auth };
    // The last secret goes, and with it the passkey: it is an extra way in, never the only one. The cards' details
    // are decrypted with the cards, refused the same way while one does not open.
    const cards = await engine.decryptCollection(current.cards);
    const details = await plainDetails(current.details);
    const left = { ...auth, passkey: null };
    return details === current.details ? { auth: left, cards } : { auth: left, cards, details };
  });
  const ticket = takeTicket();
  setRecords(stored.auth);
  if (before.password) return;
  await engine.lock();
  // Another tab's card may have been shown while the engine answered; then what is stored now is opened instead.
  if (!showOpened(stored.cards, openPlain(stored.cards), ticket)) await openAndShow(storedCollection());
  // No secret is left to unlock with, whatever locked this tab meanwhile (it hears no event of its own write).
  showUnlocked();
}
