/**
 * src/state/replace-key.ts `changePasswordAndKey` ('Change password' with 'Also replace the encryption key') and the
 * sync session's `replaceKey` (src/state/sync-session.ts, src/remote/database/account-key.ts): refused while a change waits in
 * the outbox, or offline; the server's cards are read, the worker makes a new key and seals every card it opens under
 * it; the record, the retired keys and the cards go in one update, which the server takes or refuses whole; only once
 * it took them does the worker keep the new key, and this device store its record (its PIN goes) and the cards.
 */

import type { CardCollection, EncryptedCollection } from '../../../src/domain/card';
import { InvalidStateError, Messages, SleeveError } from '../../../src/domain/errors';
import { asLocal } from '../../../src/domain/merge-decision';
import type { SecretRecord } from '../../../src/domain/secret';
import type { ReplacedKey } from '../../../worker/api';
import type { Flow } from './core';
import { STEP, UID } from './core';
import type { Tab } from './device';
import { fbWrite } from './network';
import { setRecords } from './store';
import type { Session } from './sync-session';
import { recordKey } from './sync-session';
import { engine, keepReplacedKey, replaceKey } from './worker';
import type { World } from './world';

export function* changePasswordAndKey(world: World, tab: Tab): Flow {
  const account = tab.session;
  if (!tab.user || !account) throw new InvalidStateError('User must be signed in to perform auth operations');
  const password = tab.records.password;
  if (!password) throw new InvalidStateError(Messages.createPasswordFirstToVerify);
  // Every card is sealed again from the server's copy: a change still waiting here would stay under the old key.
  if (Object.keys(account.outbox.cards).length > 0)
    throw new SleeveError('Some changes on this device have not reached the server yet.');
  yield STEP; // account.connected(): one answer of `.info/connected`
  if (!tab.fb.socketUp) throw new SleeveError('Connect to the internet to replace the encryption key.');
  yield STEP; // account.readServerCards()
  if (!tab.device.online || tab.device.google !== UID) throw new SleeveError('Failed to get cards from server');
  const server: EncryptedCollection = { type: 'ENCRYPTED', cards: { ...world.server.cards } };
  const now = Math.max(world.now(tab.device), password.modifiedAt + 1);
  const replaced = yield* engine(tab, () => replaceKey(world, tab, password, server, now));
  if ((yield* writeReplacedKey(world, account, replaced, password)) === 'refused')
    throw new SleeveError('Your cards changed on another device while the key was being replaced.');
  // The server holds the new key's record and cards: from now on it is the key.
  yield* engine(tab, () => keepReplacedKey(tab, replaced.record));
  const cards = asLocal<CardCollection>({
    type: 'ENCRYPTED',
    cards: { ...server.cards, ...replaced.collection.cards },
  });
  const stored = yield* world.updateStorage(tab, () => ({
    auth: { password: replaced.record, pin: null, passkey: null },
    cards,
  }));
  setRecords(tab, stored.auth);
  // replace-key.ts `showAgain`: the cards shown while the update was on its way opened under the old key.
  if (!account.disposed && !tab.locked) account.render();
}

/**
 * sync-session.ts `replaceKey`: the update on this tab's connection, its record marked as its own meanwhile (heard
 * at once, it is not a password changed elsewhere). With no answer while offline, its time runs out and it fails
 * (`answered`), but the update stays queued and may land later, as Firebase's does.
 */
function* writeReplacedKey(
  world: World,
  account: Session,
  replaced: ReplacedKey,
  replaces: SecretRecord,
): Flow<'written' | 'refused'> {
  const { tab } = account;
  const own = recordKey(replaced.record);
  account.ownRecords.add(own);
  try {
    const answer: { is: 'ack' | 'refuse' | null } = { is: null };
    fbWrite(world, tab, {
      replace: {
        record: replaced.record,
        retired: replaced.retired,
        cards: Object.values(replaced.collection.cards),
        replaces,
      },
      onAck: () => {
        answer.is = 'ack';
      },
      onRefuse: () => {
        answer.is = 'refuse';
      },
    });
    yield { kind: 'answer', ready: () => answer.is !== null || !tab.device.online };
    if (answer.is === null) throw new SleeveError('Failed to replace the encryption key on server');
    const to = replaced.record.encryptedDek.ciphertext;
    world.note(`${tab.name} ${answer.is === 'ack' ? 'replaced the key with' : 'was refused the key'} ${to}`);
    if (answer.is === 'refuse') return 'refused';
    world.stats.keysReplaced += 1;
    return 'written';
  } finally {
    account.ownRecords.delete(own);
  }
}
