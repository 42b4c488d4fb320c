/**
 * PIN lifecycle and the lock (SPEC.md §4). The worker holds the key; this module decides what is stored, and
 * stores every change as one write of both keys, so a failure at any step leaves the device as it was.
 */
import type { CardCollection } from '../domain/card';
import { Messages, SleeveError } from '../domain/errors';
import { isTooCommonPin, PIN_PATTERN } from '../domain/pin-rules';
import type { AuthRecords } from '../domain/secret';
import { getEngine } from '../engine';
import { discard, saveAll } from '../storage/local-store';
import { appState, authRecords, setAuthRecords, startApp } from './app';
import { adoptCollection, cardsState, hideCards, openCards, storedCollection, storesLocally } from './cards';

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
 * The key is held now: stores what must change with it (`prepare`), shows the cards and leaves the lock. If the
 * cards cannot be shown, the key is dropped again rather than leaving a half-open wallet.
 */
export async function openUnlocked(prepare?: () => void): Promise<void> {
  try {
    prepare?.();
    await openCards(storedCollection());
  } catch (error) {
    await getEngine().lock();
    throw error;
  }
  appState.locked = false;
}

export function checkNewPin(pin: string): void {
  if (!PIN_PATTERN.test(pin)) throw new SleeveError('Enter all six digits of the PIN');
  if (isTooCommonPin(pin)) throw new SleeveError(Messages.pinTooCommon);
}

export async function unlockWithPin(pin: string): Promise<void> {
  const record = authRecords().pin;
  if (!record) throw new SleeveError(Messages.createPinFirstToUnlock);
  await withSecret(getEngine().unlock(pin, record), Messages.pinIncorrect);
  await openUnlocked();
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
