/**
 * Change password, with 'Also replace the encryption key' (beyond SPEC.md §4): a new data key, every card encrypted
 * again under it, and the record for the new password, written to the server in one update (src/remote/database/account-key.ts)
 * beside the retired keys, the old key first, sealed under the new one. Whoever holds the old password and an old copy
 * of the record (a server backup, an old device) opens none of the cards as they are now stored, nor any written
 * later. Other devices follow as they follow a changed password; a change one of them sealed under the old key before
 * it heard of the new one still opens through the retired keys, and is sealed again under the new key
 * (src/state/retired-keys.ts).
 *
 * The PIN and passkey records of this device wrap the old key, so they go: the person sets them up again.
 */

import type { ReplacedKey } from '../../worker/api';
import type { CardCollection, EncryptedCollection } from '../domain/card';
import { InvalidStateError, Messages, SleeveError } from '../domain/errors';
import { asLocal } from '../domain/merge-decision';
import { type AuthRecords, type SecretRecord, sameRecord } from '../domain/secret';
import type { DetailsCollection } from '../domain/stored-details';
import { asEncryptedDetails, type ServerDetails } from '../domain/synced-details';
import { getEngine } from '../engine';
import { updateStorage } from '../storage/local-storage';
import { withinAnswerTime } from './record-writes';
import { reportError } from './report';
import { SecretMessages, withSecret } from './secrets';
import { appState, cardsState, records, session, setRecords } from './store';
import type { SyncSession } from './store-types';
import { showToast } from './toast';

// Beyond SPEC.md: replacing the key needs the server, and the server's cards as they are.
export const ReplaceKeyMessages = {
  offline: 'Connect to the internet to replace the encryption key. Nothing was changed.',
  waiting:
    'Some changes on this device have not reached the server yet. Try again once they have. Nothing was changed.',
  changedMeanwhile:
    'Your cards changed on another device while the key was being replaced, so nothing was changed. Try again.',
  passwordChangedMeanwhile:
    "Your account's password was changed on another device while the key was being replaced, so nothing was changed. Enter the new password when Sleeve asks for it.",
  refused: "The server didn't take the new key, so nothing was changed.",
  unknown:
    "The server hasn't answered yet, so it isn't known whether the key was replaced. Keep Sleeve open: it will tell you once the server answers.",
  replaced: 'Password and encryption key have been changed',
  replacedSetUpAgain: 'Password and encryption key have been changed. Set up your PIN or passkey again.',
} as const;

/** What the person is told once the key is replaced: whether this device's PIN or passkey went with the old key. */
export type KeyReplaced = typeof ReplaceKeyMessages.replaced | typeof ReplaceKeyMessages.replacedSetUpAgain;

export async function changePasswordAndKey(current: string, next: string): Promise<KeyReplaced> {
  if (current === next) throw new SleeveError(SecretMessages.passwordEqual);
  const account = session();
  if (!appState.user || !account) throw new InvalidStateError(SecretMessages.mustBeSignedIn);
  const before = records();
  if (!before.password) throw new InvalidStateError(Messages.createPasswordFirstToVerify);
  // Every card is sealed again from the server's copy: a change still waiting here would be sealed under the old key.
  if (cardsState.waiting > 0) throw new SleeveError(ReplaceKeyMessages.waiting);
  // Offline, the database queues a write: the new key would wait for it, and a closed page would lose it.
  if (!(await account.connected())) throw new SleeveError(ReplaceKeyMessages.offline);
  // The retired keys first: the new list holds the old one, and the rules take no list that leaves it out.
  const [server, serverDetails, retired] = await Promise.all([
    account.readServerCards(),
    account.readServerDetails(),
    account.readRetiredKeys(),
  ]);
  // The details of the cards the account holds go under the new key with them; others are about to be removed.
  const details = Object.entries(serverDetails).flatMap(([id, record]) => {
    const sealed = Object.hasOwn(server.cards, id) ? asEncryptedDetails(record, id) : undefined;
    return sealed ? [sealed] : [];
  });
  // Dated by the server's clock, and after the record it replaces (the server keeps only a newer one).
  const now = Math.max(account.now(), before.password.modifiedAt + 1);
  const engine = getEngine();
  await engine.setRetiredKeys(retired);
  const replaced = await withSecret(
    engine.replaceKey(current, before.password, next, server, now, details),
    'password',
  );
  const written = account.replaceKey(replaced, before.password, retired);
  const outcome = await withinAnswerTime(written);
  if (outcome === 'unknown') {
    // The update may still land (the database sends it when the connection is back): whatever the server answers
    // settles it then. Until then the old key stays held, and so do the old records here.
    written.then(async (answer) => {
      if (answer === 'refused') return showToast(ReplaceKeyMessages.refused, 'ERROR');
      showToast(await keepReplacement(account, replaced, before, server, serverDetails));
    }, reportError);
    throw new SleeveError(ReplaceKeyMessages.unknown);
  }
  // Refused whole: nothing changed. Told by what the server holds now, not by guess.
  if (outcome === 'refused') throw new SleeveError(await whyRefused(account, before.password));
  return keepReplacement(account, replaced, before, server, serverDetails);
}

/** Why the server refused a replacement made over `replaced`: the account's record changed, or its cards did. */
async function whyRefused(account: SyncSession, replaced: SecretRecord): Promise<string> {
  const held = await account.readPasswordRecord().catch(() => undefined);
  if (held === undefined) return ReplaceKeyMessages.refused;
  return sameRecord(held, replaced) ? ReplaceKeyMessages.changedMeanwhile : ReplaceKeyMessages.passwordChangedMeanwhile;
}

/**
 * The server holds the new key's record and cards: from now on it is the key, here too. The PIN and passkey records
 * wrapped the old key, so they go.
 */
async function keepReplacement(
  account: SyncSession,
  replaced: ReplacedKey,
  before: AuthRecords,
  server: EncryptedCollection,
  serverDetails: ServerDetails,
): Promise<KeyReplaced> {
  await getEngine().keepReplacedKey(replaced.record);
  const cards: CardCollection = asLocal({
    type: 'ENCRYPTED',
    cards: { ...server.cards, ...replaced.collection.cards },
  });
  // Whatever another tab stored meanwhile wraps the old key too (a PIN made a moment ago): it goes as well.
  const kept: DetailsCollection = {
    type: 'ENCRYPTED',
    details: { ...serverDetails, ...Object.fromEntries(replaced.details.map((record) => [record.id, record])) },
  };
  const auth = { password: replaced.record, pin: null, passkey: null };
  const stored = await updateStorage(() => ({ auth, cards, details: kept }));
  setRecords(stored.auth);
  // The update showed here before the server answered, opened under the old key: every card unreadable. Nothing more
  // will arrive to show them again, so they open now, under the new key.
  account.showAgain();
  return before.pin || before.passkey ? ReplaceKeyMessages.replacedSetUpAgain : ReplaceKeyMessages.replaced;
}
