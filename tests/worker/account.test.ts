/**
 * Joining an account on a second device, through real engine workers (one per device): the account's key is
 * unwrapped with one derivation, every local card (plain or under the device's own PIN key) is re-encrypted under
 * it, all or nothing; and opening the same collection again decrypts only what changed.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { CardCollection, EncryptedCollection, PlainCard, PlainCollection } from '../../src/domain/card';
import { emptyPlainCollection } from '../../src/domain/card';
import { expectNoKeyMaterial, recordedEngine } from '../support/boundary';
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
const byId = (cards: PlainCard[]) => [...cards].sort((a, b) => a.id.localeCompare(b.id));

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
    expect(byId(await deviceB.openCollection(joined))).toEqual(byId(deviceCards));
    expect(byId(await deviceB.openCollection(remote))).toEqual(byId(accountCards));
  });

  test("re-encrypts cards kept under the device's own PIN key", async () => {
    const { deviceA, record, collection: remote } = await account(accountCards);
    const deviceB = startEngine();
    const own = await deviceB.createSecret(PIN, plain(deviceCards), NOW);
    const joined = await deviceB.joinAccount(PASSWORD, record, own.collection);
    expect(byId(await deviceB.openCollection(joined))).toEqual(byId(deviceCards));
    // Device A, which only ever held the account key, reads them too: they are under the account key now.
    expect(byId(await deviceA.openCollection(joined))).toEqual(byId(deviceCards));
    // And the old PIN-key cards no longer open: the device key is gone.
    await expect(deviceB.openCollection(own.collection)).rejects.toThrow('Failed to decrypt data');
    expect(await deviceB.openCollection(remote)).toHaveLength(accountCards.length);
  });

  test('a wrong password rejects like unlock and keeps the key held before', async () => {
    const { record } = await account(accountCards);
    const deviceB = startEngine();
    const own = await deviceB.createSecret(PIN, plain(deviceCards), NOW);
    const error = await rejectionOf(deviceB.joinAccount('Wrong password 1!', record, own.collection));
    expect(error.message).toBe('');
    expect((error.cause as Error).message).toBe('Failed to decrypt data');
    expect(byId(await deviceB.openCollection(own.collection))).toEqual(byId(deviceCards));
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
    expect(await deviceB.openCollection(remote)).toHaveLength(accountCards.length);
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
    const { collection: changed } = await deviceA.putCard(
      collection,
      { id: edited.id, data: { ...edited.data, cardholder: 'Grace Hopper' } },
      NOW + 1,
    );
    let opened: PlainCard[] = [];
    expect(
      await decryptionsOf(deviceB, async () => {
        opened = await deviceB.openCollection(changed);
      }),
    ).toBe(1);
    expect(opened.find((card) => card.id === edited.id)?.data.cardholder).toBe('Grace Hopper');
    expect(opened.find((card) => card.id === edited.id)?.modifiedAt).toBe(NOW + 1);

    // A card this device saved itself comes back from the server without a decryption.
    const { collection: saved } = await deviceB.putCard(changed, { data: edited.data }, NOW + 2);
    expect(await decryptionsOf(deviceB, () => deviceB.openCollection(saved))).toBe(0);

    await deviceB.lock();
    await expect(deviceB.openCollection(saved)).rejects.toThrow('Encryption Key is not present');
    await deviceB.unlock(PASSWORD, record);
    expect(await decryptionsOf(deviceB, () => deviceB.openCollection(saved))).toBe(6);
  });

  test('a tampered card with a known id and IV is decrypted again, and fails', async () => {
    const { record, collection } = await account(cards);
    const deviceB = startEngine();
    await deviceB.unlock(PASSWORD, record);
    await deviceB.openCollection(collection);
    const [first] = Object.values(collection.cards);
    if (!first) throw new Error('no card');
    const cipher = atob(first.data.cipherText);
    const flipped = btoa(String.fromCharCode(cipher.charCodeAt(0) ^ 1) + cipher.slice(1));
    const tampered: CardCollection = {
      type: 'ENCRYPTED',
      cards: { ...collection.cards, [first.id]: { ...first, data: { ...first.data, cipherText: flipped } } },
    };
    await expect(deviceB.openCollection(tampered)).rejects.toThrow('Failed to decrypt data');
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
