/**
 * The realtime database door against a real local server with per-uid rules: the paths and shapes written, the
 * refusal of anything unencrypted, and server failures reported with SPEC.md §8 texts.
 */
import { GoogleAuthProvider, signInWithCredential, signOut } from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { EncryptedCard, PlainCard } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';
import { accountServer as db } from '../../src/remote';
import { auth } from '../../src/remote/firebase';
import { rejectionOf } from '../support/engine-rejection';
import { serverValue, writeRulesAside } from '../support/google';
import { appOffline, appOnline } from '../support/page-database';
import { putServerCard, removeServerCard } from '../support/server-cards';

let uid = '';
const otherUid = 'someone-else';

const encrypted = (id: string, modifiedAt = 1_700_000_000_000): EncryptedCard => ({
  id,
  // Shaped like real AES-GCM output (at least the 16-byte tag plus some plaintext), as the server's rules demand.
  data: { cipherText: btoa(`ciphertext of card ${id}`.padEnd(48, '.')), iv: btoa('twelve bytes') },
  modifiedAt,
});

const plainCard: PlainCard = {
  id: 'Plain001',
  modifiedAt: 1,
  data: {
    number: '4111111111111111',
    expiry: '12/30',
    cardholder: 'Ada Lovelace',
    issuer: '',
    cvv: '',
    network: 'VISA',
    theme: 'SKY',
  },
};

const record: SecretRecord = {
  salt: btoa('sixteen byte slt'),
  encryptedDek: { ciphertext: btoa('x'.repeat(48)), iv: btoa('twelve bytes') },
  modifiedAt: 1_700_000_000_123,
};

beforeAll(async () => {
  const sub = `db-${crypto.randomUUID()}`;
  const credential = GoogleAuthProvider.credential(
    JSON.stringify({ sub, email: `${sub}@example.com`, name: 'Ada Lovelace' }),
  );
  uid = (await signInWithCredential(auth, credential)).user.uid;
});

afterEach(async () => {
  await db.removeAllCards(uid);
  await db.removePasswordRecord(uid);
});

afterAll(async () => {
  await signOut(auth);
});

describe('cards', () => {
  test('one card is written under {uid}/cards/{id} in exactly the encrypted shape', async () => {
    const card = { ...encrypted('CardAAA1'), extra: 'dropped' } as EncryptedCard;
    await db.putCards(uid, [card]);
    expect(await serverValue(`${uid}/cards/CardAAA1`)).toEqual(encrypted('CardAAA1'));
    expect(await db.readCards(uid)).toEqual({ type: 'ENCRYPTED', cards: { CardAAA1: encrypted('CardAAA1') } });
  });

  test('a deletion takes one card off the server, removeAllCards every card', async () => {
    await putServerCard(uid, encrypted('CardAAA1'));
    await putServerCard(uid, encrypted('CardBBB2'));
    await db.sendChanges(uid, [{ id: 'CardAAA1', deleted: true, modifiedAt: 1_700_000_000_600 }]);
    expect(await db.readCards(uid)).toEqual({ type: 'ENCRYPTED', cards: { CardBBB2: encrypted('CardBBB2') } });
    await db.removeAllCards(uid);
    expect(await serverValue(`${uid}/cards`)).toBeNull();
    expect(await db.readCards(uid)).toEqual({ type: 'ENCRYPTED', cards: {} });
  });

  test('unencrypted cards are refused before anything is sent', async () => {
    const single = await rejectionOf(db.putCards(uid, [plainCard]));
    expect(single.message).toBe("Unencrypted card can't be saved on server");
    expect(single.kind).toBe('invalid-argument');
    const mixed = await rejectionOf(db.putCards(uid, [encrypted('CardAAA1'), plainCard]));
    expect(mixed.message).toBe("Unencrypted card can't be saved on server");
    const change = await rejectionOf(db.sendChanges(uid, [plainCard as never]));
    expect(change.message).toBe("Unencrypted card can't be saved on server");
    expect(await serverValue(`${uid}/cards`)).toBeNull();
  });

  test('the live subscription sees every change as the whole collection', async () => {
    const seen: string[][] = [];
    let changed = () => {};
    const { stop } = db.subscribeCards(
      uid,
      ({ collection }) => {
        seen.push(Object.keys(collection.cards).sort());
        changed();
      },
      (error) => {
        throw error;
      },
    );
    const next = () => new Promise<void>((resolve) => (changed = resolve));
    try {
      await expect.poll(() => seen.length).toBeGreaterThan(0);
      const added = next();
      await putServerCard(uid, encrypted('CardAAA1'));
      await added;
      const removed = next();
      await removeServerCard(uid, 'CardAAA1');
      await removed;
    } finally {
      stop();
    }
    expect(seen.at(0)).toEqual([]);
    expect(seen).toContainEqual(['CardAAA1']);
    expect(seen.at(-1)).toEqual([]);
  });
});

describe('the subscription, heard in the database worker', () => {
  test('a write is answered after the copy that holds it: once answered, caughtUp gives that copy; nothing after stop', async () => {
    const heard: string[][] = [];
    const subscription = db.subscribeCards(
      uid,
      ({ collection }) => heard.push(Object.keys(collection.cards).sort()),
      (error) => {
        throw error;
      },
    );
    try {
      await db.putCards(uid, [encrypted('CardAAA1')]);
      await subscription.caughtUp();
      expect(heard.at(-1)).toEqual(['CardAAA1']);
      // Two writes at once: the worker's SDK shows each one's copy before its answer, and the page hears them in turn.
      await Promise.all([db.putCards(uid, [encrypted('CardBBB2')]), db.putCards(uid, [encrypted('CardCCC3')])]);
      await subscription.caughtUp();
      expect(heard.at(-1)).toEqual(['CardAAA1', 'CardBBB2', 'CardCCC3']);
    } finally {
      subscription.stop();
    }
    // Nothing is handed on once stopped.
    const count = heard.length;
    await db.putCards(uid, [encrypted('CardDDD4')]);
    expect(heard.length).toBe(count);
  });
});

describe('deletion records', () => {
  test('the subscription hears them with the cards, passes over one that is not a date, and pruning removes some', async () => {
    const heard: { cards: string[]; deletions: object }[] = [];
    const { stop } = db.subscribeCards(
      uid,
      ({ collection, deletions }) => heard.push({ cards: Object.keys(collection.cards), deletions }),
      (error) => {
        throw error;
      },
    );
    try {
      await db.putCards(uid, [encrypted('CardAAA1'), encrypted('CardBBB2')]);
      await db.sendChanges(uid, [{ id: 'CardAAA1', deleted: true, modifiedAt: 1_700_000_000_600 }]);
      // The removal and its date arrive as one answer, never the one without the other.
      await expect
        .poll(() => heard.at(-1))
        .toEqual({ cards: ['CardBBB2'], deletions: { CardAAA1: 1_700_000_000_600 } });
      const since = heard.findIndex((one) => one.cards.includes('CardAAA1'));
      expect(since).toBeGreaterThanOrEqual(0);
      const between = heard
        .slice(since)
        .filter((one) => !one.cards.includes('CardAAA1') && !('CardAAA1' in one.deletions));
      expect(between).toEqual([]);
      await writeRulesAside(`${uid}/deleted/Strange1`, 'not a date');
      await db.sendChanges(uid, [{ id: 'CardCCC3', deleted: true, modifiedAt: 1 }]);
      await expect.poll(() => heard.at(-1)?.deletions).toEqual({ CardAAA1: 1_700_000_000_600, CardCCC3: 1 });
      await db.pruneDeletions(uid, ['CardCCC3', 'Strange1']);
      await expect.poll(() => heard.at(-1)?.deletions).toEqual({ CardAAA1: 1_700_000_000_600 });
      expect(await serverValue(`${uid}/deleted`)).toEqual({ CardAAA1: 1_700_000_000_600 });
    } finally {
      stop();
    }
  });
});

describe('writes of many cards', () => {
  test('several cards in one write, dated removals in one write, and all of them; nothing else written beside', async () => {
    await db.putCards(uid, [encrypted('CardAAA1'), encrypted('CardBBB2'), encrypted('CardCCC3')]);
    expect(Object.keys((await serverValue(`${uid}/cards`)) as object).sort()).toEqual([
      'CardAAA1',
      'CardBBB2',
      'CardCCC3',
    ]);
    await db.sendChanges(uid, [
      { id: 'CardBBB2', deleted: true, modifiedAt: 1_700_000_000_600 },
      { id: 'CardCCC3', deleted: true, modifiedAt: 1_700_000_000_600 },
    ]);
    // The cards every client of the project reads and writes, and beside them only the dates of the deletions.
    expect(await serverValue(`${uid}`)).toEqual({
      cards: { CardAAA1: encrypted('CardAAA1') },
      deleted: { CardBBB2: 1_700_000_000_600, CardCCC3: 1_700_000_000_600 },
    });
    expect(await db.readDeletions(uid)).toEqual({ CardBBB2: 1_700_000_000_600, CardCCC3: 1_700_000_000_600 });
    // Deleting the account removes both.
    await db.removeAllCards(uid);
    expect(await serverValue(`${uid}`)).toBeNull();
  });
});

describe('newer wins', () => {
  test('a copy older than the one the server holds is refused, and the newer one stays', async () => {
    await putServerCard(uid, encrypted('CardAAA1', 1_700_000_000_500));
    const older = await rejectionOf(db.sendChanges(uid, [encrypted('CardAAA1', 1_700_000_000_499)]));
    expect(older.message).toBe('Failed to add or update card on server');
    // The server's answer, not a failure of this client: the outbox lets such a change go rather than retry it.
    expect(db.refusedByServer(older)).toBe(true);
    expect(db.refusedByServer(new RangeError('Maximum call stack size exceeded'))).toBe(false);
    expect((await rejectionOf(db.putCards(uid, [encrypted('CardAAA1', 1_600_000_000_000)]))).message).toBe(
      'Failed to add or update card on server',
    );
    expect(await serverValue(`${uid}/cards/CardAAA1`)).toEqual(encrypted('CardAAA1', 1_700_000_000_500));
  });

  test("a card dated more than 5 minutes ahead of the server's clock is refused; serverNow dates within it", async () => {
    expect(Math.abs(db.serverNow() - Date.now())).toBeLessThan(60_000);
    await db.putCards(uid, [encrypted('CardAAA1', db.serverNow())]);
    expect((await rejectionOf(db.putCards(uid, [encrypted('CardAAA1', db.serverNow() + 6 * 60_000)]))).message).toBe(
      'Failed to add or update card on server',
    );
  });

  test('holdsCards tells whether anything is stored under the cards, a card or not', async () => {
    expect(await db.holdsCards(uid)).toBe(false);
    await writeRulesAside(`${uid}/cards/Strange1`, { not: 'a card' });
    expect(await db.holdsCards(uid)).toBe(true);
    await db.removeAllCards(uid);
    expect(await db.holdsCards(uid)).toBe(false);
  });
});

describe('password record', () => {
  test('is written under {uid}/auth/password in the documented shape and read back', async () => {
    expect(await db.readPasswordRecord(uid)).toBeNull();
    expect(await db.createPasswordRecord(uid, record)).toBeNull();
    expect(await serverValue(`${uid}/auth`)).toEqual({ password: record });
    expect(await db.readPasswordRecord(uid)).toEqual(record);
    const seen: (SecretRecord | null)[] = [];
    const stop = db.subscribeAuth(
      uid,
      (value) => seen.push(value),
      () => {},
    );
    await expect.poll(() => seen.length).toBe(1);
    stop();
    expect(seen[0]).toEqual(record);
    await db.removePasswordRecord(uid);
    expect(await db.readPasswordRecord(uid)).toBeNull();
  });

  test('is written only over the record it replaces, and otherwise answers with the record the server holds', async () => {
    const next: SecretRecord = { ...record, modifiedAt: record.modifiedAt + 1 };
    const later: SecretRecord = { ...record, salt: btoa('another 16 b slt'), modifiedAt: record.modifiedAt + 2 };
    // Over no record, when the account holds one: the record held comes back, nothing is written.
    expect(await db.createPasswordRecord(uid, record)).toBeNull();
    expect(await db.createPasswordRecord(uid, next)).toEqual(record);
    expect(await db.swapPasswordRecord(uid, record, next)).toEqual({ written: true });
    // Decided on `record`, which the server no longer holds: refused, though newer than what it holds.
    expect(await db.swapPasswordRecord(uid, record, later)).toEqual({ written: false, held: next });
    expect(await serverValue(`${uid}/auth/password`)).toEqual(next);
  });
});

describe('server failures', () => {
  test("writes under another user's uid are refused with the catalogue's texts", async () => {
    expect((await rejectionOf(db.putCards(otherUid, [encrypted('CardAAA1')]))).message).toBe(
      'Failed to add or update card on server',
    );
    const deletion = { id: 'CardAAA1', deleted: true, modifiedAt: 1_700_000_000_600 } as const;
    expect((await rejectionOf(db.sendChanges(otherUid, [deletion]))).message).toBe('Failed to delete card from server');
    expect((await rejectionOf(db.removeAllCards(otherUid))).message).toBe('Failed to delete card from server');
    expect((await rejectionOf(db.swapPasswordRecord(otherUid, null, record))).message).toBe(
      'Failed to set password on server',
    );
    expect((await rejectionOf(db.removePasswordRecord(otherUid))).message).toBe(
      'Failed to remove password from server',
    );
  });

  test('a write that gets no answer fails instead of waiting forever', async () => {
    await appOffline();
    // Offline the SDK keeps the write queued and never answers; the clock is moved past the time limit rather than
    // waited out. Only timeouts are faked: the SDK's promises and the page's messages run as ever.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // A password record's compare-and-set is not bounded here: the page tells the person when its answer is late
      // and keeps waiting for it (src/state/record-writes.ts). Removing the record is.
      const failing = rejectionOf(db.removePasswordRecord(uid));
      await vi.advanceTimersByTimeAsync(15_000);
      const error = await failing;
      expect(error.message).toBe('Failed to remove password from server');
      expect((error.cause as Error).message).toContain('no answer from the server');
    } finally {
      vi.useRealTimers();
      await appOnline();
    }
  });
});
