/**
 * PIN lifecycle and the lock (SPEC.md §4). The worker holds the key; this module decides what is stored, and
 * stores every change as one write of both keys, so a failure at any step leaves the device as it was.
 */
import type { CardCollection } from '../domain/card';
import { Messages, SleeveError } from '../domain/errors';
import { isTooCommonPin, PIN_PATTERN } from '../domain/pin-rules';
import type { AuthRecords, SecretRecord } from '../domain/secret';
import { getEngine } from '../engine';
import { discard, saveAll } from '../storage/local-store';
import { appState, authRecords, setAuthRecords, startApp } from './app';
import { adoptCollection, cardsState, hideCards, storedCollection, storesLocally } from './cards';

/** A wrong secret comes from the engine as an error with no message, caused by the failed decryption. */
function isWrongSecret(error: unknown): boolean {
  return error instanceof Error && error.message === '' && error.cause instanceof Error;
}

/**
 * Waits for an engine call that opens a record with a secret; a wrong secret rejects with `wrongMessage` (e.g.
 * 'Entered PIN is incorrect') so the person reads what happened, with the engine's error kept as the cause.
 */
export async function withSecret<T>(attempt: Promise<T>, wrongMessage: string): Promise<T> {
  try {
    return await attempt;
  } catch (error) {
    if (isWrongSecret(error)) throw new SleeveError(wrongMessage, { cause: error });
    throw error;
  }
}

/**
 * Unlocks with `secret` and opens the locked wallet's cards in the same engine call (one derivation, one round trip),
 * stores what must change with the key (`prepare`), then shows the cards and leaves the lock. A wrong secret rejects
 * with `wrongMessage`; if the cards cannot be opened or `prepare` fails, the key is dropped again rather than leaving
 * a half-open wallet.
 */
export async function unlockAndShow(
  secret: string,
  record: SecretRecord,
  wrongMessage: string,
  prepare?: () => void,
): Promise<void> {
  const engine = getEngine();
  let collection = storedCollection();
  let cards = await withSecret(engine.unlock(secret, record, collection), wrongMessage);
  try {
    // Signed in, a live update may have replaced the stored cards during the derivation: open what is stored now
    // (cards opened a moment ago come from the worker's cache).
    while (storedCollection() !== collection) {
      collection = storedCollection();
      cards = await engine.openCollection(collection);
    }
    prepare?.();
  } catch (error) {
    await engine.lock();
    throw error;
  }
  adoptCollection(collection, cards);
  appState.locked = false;
}

export function checkNewPin(pin: string): void {
  if (!PIN_PATTERN.test(pin)) throw new SleeveError('Enter all six digits of the PIN');
  if (isTooCommonPin(pin)) throw new SleeveError(Messages.pinTooCommon);
}

export async function unlockWithPin(pin: string): Promise<void> {
  const record = authRecords().pin;
  if (!record) throw new SleeveError(Messages.createPinFirstToUnlock);
  await unlockAndShow(pin, record, Messages.pinIncorrect);
}

export async function verifyPin(pin: string): Promise<void> {
  const record = authRecords().pin;
  if (!record) throw new SleeveError(Messages.createPinFirstToVerify);
  if (!(await getEngine().verify(pin, record))) throw new SleeveError(Messages.pinIncorrect);
}

/** Drops the key and the cards on screen; the unlock screens take over. */
export async function lockApp(): Promise<void> {
  await getEngine().lock();
  hideCards();
  appState.locked = appState.pinCreated || appState.passwordCreated;
}

/**
 * Creates a PIN, or changes it. The first secret on a device makes the worker generate the key and encrypt every
 * card; both keys are then written together. If that write fails, a key generated for it is dropped again.
 */
export async function createPin(pin: string): Promise<'created' | 'updated'> {
  checkNewPin(pin);
  const engine = getEngine();
  const before: AuthRecords = authRecords();
  const hadSecret = before.pin !== null || before.password !== null;
  if (hadSecret && !(await engine.hasKey())) throw new SleeveError(Messages.refreshAndUnlock);
  const { record, collection } = await engine.createSecret(pin, storedCollection(), Date.now());
  const auth: AuthRecords = { ...before, pin: record };
  try {
    // Signed in, the cards live on the server (already encrypted under this key); only the record is local.
    saveAll(storesLocally() ? { auth, cards: collection } : { auth });
  } catch (error) {
    if (!hadSecret) await engine.lock();
    throw error;
  }
  setAuthRecords(auth);
  adoptStoredWithoutReopen(collection);
  return before.pin ? 'updated' : 'created';
}

/** Encrypting or decrypting changes what is stored, not the cards on screen. */
function adoptStoredWithoutReopen(collection: CardCollection): void {
  adoptCollection(collection, [...cardsState.cards]);
}

/**
 * Removes the PIN. Without a password the PIN was the only way in, so every card is decrypted back into a plain
 * collection first, and both keys are written together before the key is dropped.
 */
export async function removePin(): Promise<void> {
  const before = authRecords();
  if (!before.pin) return;
  const engine = getEngine();
  if (!(await engine.hasKey())) throw new SleeveError(Messages.refreshAndUnlock);
  const auth: AuthRecords = { ...before, pin: null };
  if (before.password) {
    saveAll({ auth });
    setAuthRecords(auth);
    return;
  }
  const plain = await engine.decryptCollection(storedCollection());
  saveAll({ auth, cards: plain });
  setAuthRecords(auth);
  await engine.lock();
  adoptStoredWithoutReopen(plain);
}

/** 'Forgot PIN?' without a password: the cards cannot be recovered, so the person may start again. */
export async function eraseDevice(): Promise<void> {
  await getEngine().lock();
  for (const name of ['cards', 'auth', 'preferences'] as const) discard(name);
  hideCards();
  await startApp();
}
