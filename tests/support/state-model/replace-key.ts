/**
 * src/state/replace-key.ts `changePasswordAndKey` ('Change password' with 'Also replace the encryption key') and the
 * sync session's `replaceKey` (src/state/sync-session.ts, src/remote/database/account-key.ts): refused while a change waits in
 * the outbox, or offline; the server's cards are read, the worker makes a new key and seals every card it opens under
 * it (after the account's retired keys, read with the cards, were told to it); the record, the retired keys (naming
 * the list they replace) and the cards go in one update, which the server takes or refuses whole; only once it took
 * them, however late that answer comes, does the worker keep the new key, and this device store its record (its PIN
 * goes) and the cards.
 */

import type { CardCollection, EncryptedCollection } from '../../../src/domain/card';
import { InvalidStateError, Messages, SleeveError } from '../../../src/domain/errors';
import { asLocal } from '../../../src/domain/merge-decision';
import type { RetiredKeys, SecretRecord } from '../../../src/domain/secret';
import { sameRecord } from '../../../src/state/device-records';
import type { ReplacedKey } from '../../../worker/api';
import type { Flow } from './core';
import { STEP, UID } from './core';
import type { Tab } from './device';
import { fbWrite } from './network';
import { setRecords } from './store';
import type { Session } from './sync-session';
import { recordKey } from './sync-session';
import { engine, keepReplacedKey, replaceKey } from './worker';
import { setRetiredKeys } from './worker-retired';
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
  // The retired keys first, with the cards: the new list holds the old one, and the rules take no list leaving it out.
  yield STEP; // account.readServerCards(), readServerDetails() and readRetiredKeys(), together
  if (!tab.device.online || tab.device.google !== UID) throw new SleeveError('Failed to get cards from server');
  const server: EncryptedCollection = { type: 'ENCRYPTED', cards: { ...world.server.cards } };
  const previous = world.server.retiredKeys;
  const now = Math.max(world.now(tab.device), password.modifiedAt + 1);
  yield* engine(tab, () => setRetiredKeys(tab, previous));
  const replaced = yield* engine(tab, () => replaceKey(world, tab, password, server, now));
  const answer = writeReplacedKey(world, account, replaced, password, previous);
  // `withinAnswerTime`: the answer, or its time running out (modelled as the connection going down first).
  yield { kind: 'answer', ready: () => answer.is !== null || !tab.device.online };
  if (answer.is === null) {
    // The update may still land: whatever the server answers settles it then; until then the old key stays held.
    const late = lateReplacement(world, account, answer, replaced, server);
    world.spawn(tab, 'late replacement', late, (error) => world.unexpected(tab, 'late replacement', error));
    throw new SleeveError("The server hasn't answered yet, so it isn't known whether the key was replaced.");
  }
  if (answer.is === 'refuse') {
    // replace-key.ts `whyRefused`: told by what the server holds now.
    const changed = !sameRecord(world.server.password, password);
    throw new SleeveError(changed ? 'The password was changed meanwhile.' : 'Your cards changed meanwhile.');
  }
  yield* keepReplacement(world, account, replaced, server);
}

/** The `written.then` of a replacement whose answer came late. */
function* lateReplacement(
  world: World,
  account: Session,
  answer: Answer,
  replaced: ReplacedKey,
  server: EncryptedCollection,
): Flow {
  yield { kind: 'answer', ready: () => answer.is !== null };
  if (answer.is === 'ack') yield* keepReplacement(world, account, replaced, server);
}

/** replace-key.ts `keepReplacement`: the server holds the new key's record and cards; from now on it is the key. */
function* keepReplacement(world: World, account: Session, replaced: ReplacedKey, server: EncryptedCollection): Flow {
  const { tab } = account;
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

type Answer = { is: 'ack' | 'refuse' | null };

/**
 * sync-session.ts `replaceKey`: the update on this tab's connection, over the record and the retired keys it
 * replaces, its record marked as its own until the server answers, however late (heard at once, it is not a password
 * changed elsewhere). The update stays queued while offline and may land later, as Firebase's does.
 */
function writeReplacedKey(
  world: World,
  account: Session,
  replaced: ReplacedKey,
  replaces: SecretRecord,
  previous: RetiredKeys | null,
): Answer {
  const { tab } = account;
  const own = recordKey(replaced.record);
  account.ownRecords.add(own);
  const answer: Answer = { is: null };
  const answered = (is: 'ack' | 'refuse') => () => {
    answer.is = is;
    account.ownRecords.delete(own);
    const to = replaced.record.encryptedDek.ciphertext;
    world.note(`${tab.name} ${is === 'ack' ? 'replaced the key with' : 'was refused the key'} ${to}`);
    if (is === 'ack') world.stats.keysReplaced += 1;
  };
  const cards = Object.values(replaced.collection.cards);
  fbWrite(world, tab, {
    replace: { record: replaced.record, retired: replaced.retired, cards, replaces, previous },
    onAck: answered('ack'),
    onRefuse: answered('refuse'),
  });
  return answer;
}
