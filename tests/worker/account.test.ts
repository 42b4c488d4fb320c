/**
 * Joining an account on a second device, through real engine workers (one per device): the account's key is
 * unwrapped with one derivation, every local card (plain or under the device's own PIN key) is re-encrypted under
 * it, all or nothing; and opening the same collection again decrypts only what changed.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type {
  CardCollection,
  EncryptedCollection,
  OpenedCards,
  PlainCard,
  PlainCollection,
} from '../../src/domain/card';
import { emptyPlainCollection, UnreadableReasons } from '../../src/domain/card';
import { Messages } from '../../src/domain/errors';
import { withStoredCard } from '../../src/domain/stored-cards';
import { expectNoKeyMaterial, recordedEngine } from '../support/boundary';
import { badCards, encryptedCollection, keyOf, tampered } from '../support/crafted-cards';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

type Engine = ReturnType<typeof startEngine>;

const NOW = 1_722_000_000_000;
const PASSWORD = 'Account password 1!';
const PIN = '480213';

const plain = (cards: PlainCard[]): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});
const byId = <T extends { id: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.id.localeCompare(b.id));
/** The cards an open shows, by id; an open that lists any card as unreadable fails here. */
const shown = (opened: OpenedCards): PlainCard[] => {
  expect(opened.unreadable).toEqual([]);
  return byId(opened.cards);
};

async function derivationsOf(engine: Engine, action: () => Promise<unknown>): Promise<number> {
  const before = await engine.derivationCount();
  await action();
  return (await engine.derivationCount()) - before;
}

async function decryptionsOf(engine: Engine, action: () => Promise<unknown>): Promise<number> {
  const before = await engine.decryptionCount();
  await action();
  return (await engine.decryptionCount()) - before;
}

/** Device A creates the account: its password record and its cards under the account key. */
async function account(cards: PlainCard[]) {
  const deviceA = startEngine();
  const { record, collection } = await deviceA.createSecret(PASSWORD, plain(cards), NOW);
  return { deviceA, record, collection };
}

describe('joinAccount', () => {
  const accountCards = makeCards(21, 3);
  const deviceCards = makeCards(22, 4);

  test('re-encrypts plain local cards under the account key with one derivation', async () => {
    const { record, collection: remote } = await account(accountCards);
    const deviceB = startEngine();
    let joined: EncryptedCollection | undefined;
    expect(
      await derivationsOf(deviceB, async () => {
        joined = await deviceB.joinAccount(PASSWORD, record, plain(deviceCards));
      }),
    ).toBe(1);
    if (!joined) throw new Error('not joined');
    expect(joined.type).toBe('ENCRYPTED');
    expect(Object.keys(joined.cards).sort()).toEqual(deviceCards.map((card) => card.id).sort());
    for (const card of Object.values(joined.cards)) {
      expect(Object.keys(card.data).sort()).toEqual(['cipherText', 'iv']);
    }
    expect(await deviceB.hasKey()).toBe(true);
    // The held key is now the account's: both this device's cards and the account's open.
    expect(shown(await deviceB.openCollection(joined))).toEqual(byId(deviceCards));
    expect(shown(await deviceB.openCollection(remote))).toEqual(byId(accountCards));
  });

  test("re-encrypts cards kept under the device's own PIN key", async () => {
    const { deviceA, record, collection: remote } = await account(accountCards);
    const deviceB = startEngine();
    const own = await deviceB.createSecret(PIN, plain(deviceCards), NOW);
    const joined = await deviceB.joinAccount(PASSWORD, record, own.collection);
    expect(shown(await deviceB.openCollection(joined))).toEqual(byId(deviceCards));
    // Device A, which only ever held the account key, reads them too: they are under the account key now.
    expect(shown(await deviceA.openCollection(joined))).toEqual(byId(deviceCards));
    // And the old PIN-key cards no longer open: the device key is gone.
    const old = await deviceB.openCollection(own.collection);
    expect(old.cards).toEqual([]);
    expect(byId(old.unreadable)).toEqual(
      byId(deviceCards.map(({ id, modifiedAt }) => ({ id, modifiedAt, reason: UnreadableReasons.wrongKey }))),
    );
    expect(shown(await deviceB.openCollection(remote))).toHaveLength(accountCards.length);
  });

  test('a wrong password rejects like unlock and keeps the key held before', async () => {
    const { record } = await account(accountCards);
    const deviceB = startEngine();
    const own = await deviceB.createSecret(PIN, plain(deviceCards), NOW);
    const error = await rejectionOf(deviceB.joinAccount('Wrong password 1!', record, own.collection));
    expect(error.message).toBe('');
    expect((error.cause as Error).message).toBe('Failed to decrypt data');
    expect(shown(await deviceB.openCollection(own.collection))).toEqual(byId(deviceCards));
  });

  test('encrypted local cards with no key held are refused before deriving', async () => {
    const { record } = await account(accountCards);
    const deviceB = startEngine();
    const own = await deviceB.createSecret(PIN, plain(deviceCards), NOW);
    await deviceB.lock();
    let error: Error | undefined;
    expect(
      await derivationsOf(deviceB, async () => {
        error = await rejectionOf(deviceB.joinAccount(PASSWORD, record, own.collection));
      }),
    ).toBe(0);
    expect(error?.message).toBe('Encryption Key is not present, refresh and unlock app again to decrypt card data');
    expect(await deviceB.hasKey()).toBe(false);
  });

  test('an empty device joins with no cards to carry', async () => {
    const { record, collection: remote } = await account(accountCards);
    const deviceB = startEngine();
    const joined = await deviceB.joinAccount(PASSWORD, record, emptyPlainCollection());
    expect(joined).toEqual({ type: 'ENCRYPTED', cards: {} });
    expect(shown(await deviceB.openCollection(remote))).toHaveLength(accountCards.length);
  });
});

describe('joinAccount refuses to leave a card behind unread', () => {
  const accountCards = makeCards(26, 2);
  const deviceCards = makeCards(27, 3);

  test.each([
    'bad base64',
    'tampered ciphertext',
    'encrypted under another key',
    'plaintext not JSON',
    'unknown network',
    'structurally damaged entry',
  ])(
    'a device card that does not open (%s): refused before deriving, the device key and its cards as they were',
    async (what) => {
      const { record, collection: remote } = await account(accountCards);
      const deviceB = startEngine();
      const own = await deviceB.createSecret(PIN, plain(deviceCards), NOW);
      const culprit = (await badCards(await keyOf(PIN, own.record), deviceCards[0]!.data, NOW)).find(
        (each) => each.what === what,
      )!;
      const local = encryptedCollection([...Object.values(own.collection.cards), culprit.card]);
      let error: Error & { kind?: string } = new Error('not called');
      expect(
        await derivationsOf(deviceB, async () => {
          error = await rejectionOf(deviceB.joinAccount(PASSWORD, record, local));
        }),
      ).toBe(0);
      expect(error.message).toBe(Messages.unreadableBeforeJoin);
      expect(error.kind).toBe('invalid-state');
      // Still this device's key: its own cards open, the bad one is listed, the account's cards do not open.
      expect(await deviceB.hasKey()).toBe(true);
      const opened = await deviceB.openCollection(local);
      expect(byId(opened.cards)).toEqual(byId(deviceCards));
      expect(opened.unreadable).toEqual([
        { id: culprit.card.id, modifiedAt: culprit.card.modifiedAt, reason: culprit.reason },
      ]);
      expect((await deviceB.openCollection(remote)).cards).toEqual([]);
      // Without the bad card, the same device joins.
      const joined = await deviceB.joinAccount(PASSWORD, record, own.collection);
      expect(shown(await deviceB.openCollection(joined))).toEqual(byId(deviceCards));
    },
  );

  test('a plain device card that is not card data is refused the same way, and no key is held after', async () => {
    const { record } = await account(accountCards);
    const deviceB = startEngine();
    const local = plain(deviceCards) as { type: 'UNENCRYPTED'; cards: Record<string, unknown> };
    local.cards.netwNOPE = { id: 'netwNOPE', data: { ...deviceCards[0]!.data, network: 'NOPE' }, modifiedAt: NOW };
    const error = await rejectionOf(deviceB.joinAccount(PASSWORD, record, local as PlainCollection));
    expect(error.message).toBe(Messages.unreadableBeforeJoin);
    expect(await deviceB.hasKey()).toBe(false);
    expect(await deviceB.derivationCount()).toBe(0);
  });
});

describe('opening the same collection again', () => {
  const cards = makeCards(23, 5);

  test('decrypts only new or changed cards, and everything again after a lock', async () => {
    const { deviceA, record, collection } = await account(cards);
    const deviceB = startEngine();
    await deviceB.unlock(PASSWORD, record);
    expect(await decryptionsOf(deviceB, () => deviceB.openCollection(collection))).toBe(5);
    expect(await decryptionsOf(deviceB, () => deviceB.openCollection(collection))).toBe(0);

    // Device A edits one card; device B receives the whole collection again.
    const edited = cards[0] as PlainCard;
    const changed = withStoredCard(
      collection,
      await deviceA.sealCard(
        { id: edited.id, data: { ...edited.data, cardholder: 'Grace Hopper' }, modifiedAt: NOW + 1 },
        'ENCRYPTED',
      ),
    );
    let opened: PlainCard[] = [];
    expect(
      await decryptionsOf(deviceB, async () => {
        opened = shown(await deviceB.openCollection(changed));
      }),
    ).toBe(1);
    expect(opened.find((card) => card.id === edited.id)?.data.cardholder).toBe('Grace Hopper');
    expect(opened.find((card) => card.id === edited.id)?.modifiedAt).toBe(NOW + 1);

    // A card this device saved itself comes back from the server without a decryption.
    const saved = withStoredCard(
      changed,
      await deviceB.sealCard({ id: 'savedHer', data: edited.data, modifiedAt: NOW + 2 }, 'ENCRYPTED'),
    );
    expect(await decryptionsOf(deviceB, () => deviceB.openCollection(saved))).toBe(0);

    await deviceB.lock();
    await expect(deviceB.openCollection(saved)).rejects.toThrow('Encryption Key is not present');
    await deviceB.unlock(PASSWORD, record);
    expect(await decryptionsOf(deviceB, () => deviceB.openCollection(saved))).toBe(6);
  });

  test('a tampered card with a known id and IV is decrypted again, and listed as unreadable', async () => {
    const { record, collection } = await account(cards);
    const deviceB = startEngine();
    await deviceB.unlock(PASSWORD, record);
    await deviceB.openCollection(collection);
    const [first] = Object.values(collection.cards);
    if (!first) throw new Error('no card');
    const changed: CardCollection = {
      type: 'ENCRYPTED',
      cards: { ...collection.cards, [first.id]: tampered(first, 0) },
    };
    let opened: OpenedCards = { cards: [], unreadable: [] };
    expect(
      await decryptionsOf(deviceB, async () => {
        opened = await deviceB.openCollection(changed);
      }),
    ).toBe(1);
    expect(opened.unreadable).toEqual([
      { id: first.id, modifiedAt: first.modifiedAt, reason: UnreadableReasons.wrongKey },
    ]);
    expect(byId(opened.cards)).toEqual(byId(cards.filter((card) => card.id !== first.id)));
    // Memory holds only what the last open opened, which left this card out: the untampered copy is decrypted again.
    expect(await decryptionsOf(deviceB, () => deviceB.openCollection(collection))).toBe(1);
  });
});

// ---- key custody at the boundary, for the new calls ----

test('joining an account and reopening cards pass no key, raw key bytes or derived bits across the boundary', async () => {
  const { record, collection } = await account(makeCards(24, 3));
  const { engine, messages, stop } = recordedEngine();
  try {
    const own = await engine.createSecret(PIN, plain(makeCards(25, 2)), NOW);
    await engine.joinAccount('Wrong password 1!', record, own.collection).catch(() => undefined);
    const joined = await engine.joinAccount(PASSWORD, record, own.collection);
    await engine.openCollection(joined);
    await engine.openCollection(collection);
    await engine.openCollection(collection);
    await engine.decryptionCount();
    expect(messages.length).toBeGreaterThan(10);
    expectNoKeyMaterial(messages);
  } finally {
    stop();
  }
});
