/**
 * Creating, changing and removing the PIN (SPEC.md §4), from the screens that offer it: Add's first card and the You
 * area's Security settings. Its own module, so the scripts every start loads (src/state/secrets.ts unlocks) do not
 * carry it. Every change is one write under the storage lock, made against what is stored at that moment, so a failure
 * at any step (or a change from another tab) leaves the device as it was.
 */
import type { CardCollection } from '../domain/card';
import { emptyPlainCollection } from '../domain/card';
import { Messages, SleeveError } from '../domain/errors';
import { isTooCommonPin, PIN_PATTERN } from '../domain/pin-rules';
import type { AuthRecords } from '../domain/secret';
import { openPlain } from '../domain/stored-cards';
import { getEngine } from '../engine';
import { updateStorage } from '../storage/local-storage';
import { plainDetails, refreshStoredDetails, sealedDetails } from './details';
import { assertUnchanged } from './device-records';
import { forgetVerified, verifiedProof } from './gate';
import { showUnlocked } from './lock';
import { showNewPin } from './pin-limit';
import { SecretMessages } from './secrets';
import { showOpened } from './shown-cards';
import { cardsState, hasSecret, records, session, setRecords, setStoredCollection, takeTicket } from './store';
import { openAndShow, showStoredAgain } from './view';

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
  if (!showOpened(stored.cards, openPlain(stored.cards), ticket)) await showStoredAgain();
  // No secret is left to unlock with, whatever locked this tab meanwhile (it hears no event of its own write).
  showUnlocked();
}
