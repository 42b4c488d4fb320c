/**
 * src/state/record-writes.ts `writeAccountRecord` and src/state/change-password.ts: the account's password record is
 * written over the record it replaces (a compare-and-set the server takes only while it holds that one), never sent
 * while offline, and never reported as failed while it may still land: with no answer in time the person is told the
 * outcome is not known yet, and the answer, whenever it comes, settles it (the record stored here if this device still
 * holds the one it replaced).
 */
import { InvalidStateError, Messages, SleeveError } from '../../../src/domain/errors';
import type { SecretRecord } from '../../../src/domain/secret';
import { sameRecord } from '../../../src/state/device-records';
import type { Flow } from './core';
import { STEP } from './core';
import type { Tab } from './device';
import { fbWrite } from './network';
import { setRecords } from './store';
import type { Session } from './sync-session';
import { recordKey } from './sync-session';
import { keyOfRecord } from './tokens';
import { engine, secretRecord } from './worker';
import type { World } from './world';

/** A record written over the server's `replaces`, in place of `held` here (the same record, unless they differ). */
export interface RecordWrite {
  replaces: SecretRecord;
  record: SecretRecord;
  held?: SecretRecord;
  /** A record the server may hold in place of `replaces` that counts as `record` written, and is stored here. */
  asGood?: (held: SecretRecord) => boolean;
}

type Answer = { is: 'ack' | 'refuse' | null; took?: SecretRecord | null };

/** record-writes.ts `taken`: the record the server holds after the answer, if it is `record` or as good. */
const taken = (answer: Answer, write: RecordWrite): SecretRecord | null =>
  answer.is === 'ack' ? write.record : answer.took && write.asGood?.(answer.took) ? answer.took : null;

export function* writeAccountRecord(world: World, account: Session, write: RecordWrite): Flow<SecretRecord> {
  const { replaces, record, held = replaces } = write;
  const { tab } = account;
  yield STEP; // account.connected(): one answer of `.info/connected`
  // Offline the database would hold the write and send it whenever the connection comes back.
  if (!tab.fb.socketUp) throw new SleeveError('Connect to the internet to change your password. Nothing was changed.');
  // own-records.ts `during`: the record is this device's own until the server has answered, however late.
  const own = recordKey(record);
  account.ownRecords.add(own);
  const answer: Answer = { is: null };
  const swap: { replaces: SecretRecord; record: SecretRecord; held?: SecretRecord | null } = { replaces, record };
  fbWrite(world, tab, {
    swap,
    onAck: () => {
      answer.is = 'ack';
    },
    onRefuse: () => {
      answer.is = 'refuse';
      answer.took = swap.held;
    },
  });
  // `withinAnswerTime`: the answer, or its time running out (modelled as the connection going down first).
  yield { kind: 'answer', ready: () => answer.is !== null || !tab.device.online };
  if (answer.is === null) {
    world.spawn(tab, 'late record answer', lateAnswer(world, account, answer, own, held, write), (error) =>
      world.unexpected(tab, 'late record answer', error),
    );
    throw new SleeveError("The server hasn't answered yet, so it isn't known whether your password changed.");
  }
  account.ownRecords.delete(own);
  world.note(`${tab.name} ${answer.is === 'ack' ? 'wrote' : 'was refused'} the password record ${record.salt}`);
  const took = taken(answer, write);
  if (!took)
    throw new SleeveError(
      "Your account's password was changed on another device a moment ago, so nothing was changed.",
    );
  if (took !== record) world.note(`${tab.name} finds the record as good already there: the write is done`);
  yield* storeRecord(world, tab, held, took);
  return took;
}

/** The `swap.then` of a write whose answer came late: the record is stored here if `held` still is. */
function* lateAnswer(
  world: World,
  account: Session,
  answer: Answer,
  own: string,
  held: SecretRecord,
  write: RecordWrite,
): Flow {
  try {
    yield { kind: 'answer', ready: () => answer.is !== null };
  } finally {
    account.ownRecords.delete(own);
  }
  const { tab } = account;
  world.note(
    `${tab.name} hears late that the password record ${write.record.salt} was ${answer.is === 'ack' ? 'taken' : 'refused'}`,
  );
  const took = taken(answer, write);
  if (took) yield* storeRecord(world, tab, held, took);
}

/** record-writes.ts `storeRecord`: `false` when this device no longer holds `held` (it follows the server then). */
function* storeRecord(world: World, tab: Tab, held: SecretRecord, record: SecretRecord): Flow<boolean> {
  let stored = false;
  const now = yield* world.updateStorage(tab, (current) => {
    if (!sameRecord(current.auth.password, held)) return {};
    stored = true;
    return { auth: { ...current.auth, password: record } };
  });
  if (stored) setRecords(tab, now.auth);
  return stored;
}

/**
 * change-password.ts `changePassword`: the worker wraps the held key under the new password, dated after the record
 * it replaces; the record goes to the server over the one this device holds, then here.
 */
export function* changePassword(world: World, tab: Tab): Flow {
  const account = tab.session;
  if (!tab.user || !account) throw new InvalidStateError('User must be signed in to perform auth operations');
  const before = tab.records.password;
  if (!before) throw new InvalidStateError(Messages.createPasswordFirstToVerify);
  const now = Math.max(world.now(tab.device), before.modifiedAt + 1);
  const record = yield* engine(tab, () => {
    // custody.ts `changeSecret`: the current password opens the record, and the record wraps the key held.
    if (!tab.key || keyOfRecord(before) !== tab.key) throw new SleeveError(Messages.refreshAndUnlock);
    return secretRecord(world, tab.key, now);
  });
  world.note(`${tab.name} changes the password: ${record.salt} over ${before.salt}`);
  yield* writeAccountRecord(world, account, { replaces: before, record });
  world.stats.passwordsChanged += 1;
}
