/**
 * Live sync while signed in (SPEC.md §4, Cards): the server's `{uid}/cards` is the collection the app shows, and
 * `{uid}/auth` tells this device when its password was changed elsewhere.
 *
 * Every card snapshot replaces the stored (encrypted) collection and is opened in the worker, which decrypts only
 * the cards that changed; snapshots that arrive while one is being opened collapse into the newest. The server is
 * authoritative: a card missing from a snapshot was deleted. While locked, snapshots are kept unopened until the
 * key comes back.
 */
import type { EncryptedCollection } from '../domain/card';
import type { SecretRecord } from '../domain/secret';
import { getEngine } from '../engine';
import type { Remote } from '../remote';
import { saveAuth } from '../storage/local-store';
import { appState, authRecords, setAuthRecords } from './app';
import { adoptCollection, type CardSink, cardsState, hideCards, openCards, setCardSink } from './cards';
import { reportError } from './report';
import { showError } from './toast';

let stops: (() => void)[] = [];
/** Changes with every start and stop, so work begun for an earlier session never lands in a later one. */
let session = 0;
let latest: EncryptedCollection | null = null;
let opening = false;
/** Records this device is writing right now: the server echoes them before the local copy is saved. */
const ownRecords = new Set<string>();
/** The newer password record that made this device stale, kept out of any proxy. */
let staleRecord: SecretRecord | null = null;

const sameRecord = (a: SecretRecord, b: SecretRecord): boolean =>
  a.salt === b.salt && a.encryptedDek.ciphertext === b.encryptedDek.ciphertext;

/** Card writes of this device still waiting for the server's answer. */
let writing = 0;

/**
 * Stores card changes on the server, one encrypted card at a time, and never in this device's storage. While a
 * write waits for its answer, snapshots are held back (the database reports a write to its listeners before the
 * server accepts it): the action shows its change once stored, and a refused write never flickers on screen.
 */
export function remoteSink(remote: Remote, uid: string): CardSink {
  const current = session;
  const held = async (write: () => Promise<void>): Promise<void> => {
    writing += 1;
    try {
      await write();
    } finally {
      writing -= 1;
      if (writing === 0 && latest && !opening && current === session) drain(session).catch(reportError);
    }
  };
  return {
    local: false,
    save: (collection, id) => held(() => remote.setCard(uid, collection.cards[id])),
    remove: (_collection, id) => held(() => remote.removeCard(uid, id)),
    removeAll: () => held(() => remote.removeAllCards(uid)),
  };
}

/** Starts syncing the signed-in user's cards and password record; `onSignedOut` runs if Firebase ends the session. */
export function startSync(remote: Remote, uid: string, onSignedOut: () => Promise<void>): void {
  stopSync();
  const current = session;
  setCardSink(remoteSink(remote, uid));
  writing = 0;
  stops = [
    remote.subscribeCards(
      uid,
      (collection) => {
        if (current !== session) return;
        latest = collection;
        if (!opening && writing === 0) drain(current).catch(reportError);
      },
      showError,
    ),
    remote.subscribeAuth(
      uid,
      (record) => {
        if (current === session) passwordRecordChanged(record).catch(showError);
      },
      showError,
    ),
    remote.onUserChanged((user) => {
      if (current === session && user === null) onSignedOut().catch(showError);
    }),
  ];
}

export function stopSync(): void {
  session += 1;
  for (const stop of stops.splice(0)) stop();
  latest = null;
  cardsState.merging = false;
}

/** Opens the newest snapshot, then any that arrived meanwhile, until none is waiting. */
async function drain(current: number): Promise<void> {
  opening = true;
  cardsState.merging = true;
  try {
    while (latest && writing === 0 && current === session) {
      const next = latest;
      latest = null;
      if (appState.locked) {
        adoptCollection(next, []);
        continue;
      }
      try {
        await openCards(next);
      } catch (error) {
        // The cards on screen stay as they were; the person is told why they did not change.
        if (current === session) showError(error);
      }
    }
  } finally {
    opening = false;
    if (current === session) cardsState.merging = false;
  }
}

/** Marks a record this device is about to write, so its echo from the server is not taken as a change elsewhere. */
export function expectOwnRecord(record: SecretRecord): () => void {
  const key = `${record.salt}|${record.encryptedDek.ciphertext}`;
  ownRecords.add(key);
  return () => ownRecords.delete(key);
}

async function passwordRecordChanged(record: SecretRecord | null): Promise<void> {
  const local = authRecords().password;
  if (!record || !local || sameRecord(record, local)) return;
  if (ownRecords.has(`${record.salt}|${record.encryptedDek.ciphertext}`)) return;
  if (record.modifiedAt <= local.modifiedAt) return;
  // Changed on another device: this device's PIN wraps a key that may be gone, so it goes, and so does the key.
  staleRecord = record;
  const auth = { password: local, pin: null };
  try {
    saveAuth(auth);
  } finally {
    setAuthRecords(auth);
    await getEngine().lock();
    hideCards();
    appState.passwordStale = true;
    appState.locked = true;
  }
}

export const newerPasswordRecord = (): SecretRecord | null => staleRecord;

export function clearStale(): void {
  staleRecord = null;
  appState.passwordStale = false;
}
