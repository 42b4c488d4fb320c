/**
 * The seed's data through the real engine worker. Password records and cards made the seed's way, with node:crypto
 * alone (tests/interop/seed-client.ts), open here; what the engine writes for the account opens the seed's way; older
 * records in Sleeve's raw form keep opening and are written in the seed's form when next rewritten. Every count of
 * derivations is the one DESIGN.md invariant 5 asks for.
 */
import { transfer } from 'comlink';
import { afterEach, describe, expect, test } from 'vitest';
import type {
  EncryptedCard,
  EncryptedCollection,
  OpenedCards,
  PlainCard,
  PlainCollection,
} from '../../src/domain/card';
import { Messages } from '../../src/domain/errors';
import type { PasskeyRecord, SecretRecord } from '../../src/domain/secret';
import { base64Bytes } from '../support/device-keys';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { seed, toBase64 } from '../support/seed-commands';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

const PASSWORD = 'Zoë’s wallet 🔐 2024';
const NEW_PASSWORD = 'Battery Staple #7é';
const PIN = '274951';
const NOW = 1_722_000_000_000;
const cards = makeCards(81, 4);

type Engine = ReturnType<typeof startEngine>;

async function derivationsOf(engine: Engine, action: () => Promise<unknown>): Promise<number> {
  const before = await engine.derivationCount();
  await action();
  return (await engine.derivationCount()) - before;
}

const plain = (list: PlainCard[]): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(list.map((card) => [card.id, card])),
});
const dataById = (list: PlainCard[]) => Object.fromEntries(list.map((card) => [card.id, card.data]));
const openedData = (opened: { cards: PlainCard[] }) => dataById(opened.cards);
const wrappedLength = (record: SecretRecord) => base64Bytes(record.encryptedDek.ciphertext).length;
const cardsOf = (collection: EncryptedCollection): EncryptedCard[] => Object.values(collection.cards);

/** The wrong-secret answer of unlock: an empty message caused by 'Failed to decrypt data'. */
async function expectWrongSecret(attempt: Promise<unknown>): Promise<void> {
  const error = await rejectionOf(attempt);
  expect(error.message).toBe('');
  expect((error.cause as Error).message).toBe(Messages.decryptFailed);
}

describe("an account made the seed's way", () => {
  test('unlocks with its password in one derivation and shows every card', async () => {
    const wallet = await seed.seedWallet(PASSWORD, cards, NOW);
    expect(wrappedLength(wallet.record)).toBe(60);
    const engine = startEngine();
    let opened: OpenedCards = { cards: [], unreadable: [] };
    expect(
      await derivationsOf(engine, async () => {
        opened = await engine.unlock(PASSWORD, wallet.record, wallet.collection);
      }),
    ).toBe(1);
    expect(openedData(opened)).toEqual(dataById(cards));
    expect(opened.unreadable).toEqual([]);
  });

  test('refuses a wrong password as a wrong secret, and holds no key', async () => {
    const wallet = await seed.seedWallet(PASSWORD, cards, NOW);
    const engine = startEngine();
    await expectWrongSecret(engine.unlock('Zoe’s wallet 🔐 2024', wallet.record, wallet.collection));
    // The password as typed: the decomposed form of the same letters is another password.
    await expectWrongSecret(engine.unlock(PASSWORD.normalize('NFD'), wallet.record, wallet.collection));
    expect(await engine.hasKey()).toBe(false);
    expect(await engine.verify('wrong', wallet.record)).toBe(false);
  });

  test('cards this engine seals under its key open the seed’s way', async () => {
    const wallet = await seed.seedWallet(PASSWORD, cards.slice(0, 1), NOW);
    const engine = startEngine();
    await engine.unlock(PASSWORD, wallet.record, wallet.collection);
    const [added] = makeCards(82, 1) as [PlainCard];
    const sealed = (await engine.sealCard(added, 'ENCRYPTED')) as EncryptedCard;
    const opened = await seed.openTheSeedWay(PASSWORD, wallet.record, [sealed]);
    expect(opened.dek).toBe(wallet.dek);
    expect(opened.cards[added.id]).toEqual(added.data);
  });

  test('a change of password after a verify costs one derivation, and the new record opens the seed’s way', async () => {
    const wallet = await seed.seedWallet(PASSWORD, cards, NOW);
    const engine = startEngine();
    await engine.unlock(PASSWORD, wallet.record, wallet.collection);
    expect(await derivationsOf(engine, () => engine.verify(PASSWORD, wallet.record))).toBe(1);
    let changed = wallet.record;
    expect(
      await derivationsOf(engine, async () => {
        changed = await engine.changeSecret(PASSWORD, wallet.record, NEW_PASSWORD, NOW + 1);
      }),
    ).toBe(1);
    expect(Object.keys(changed).sort()).toEqual(['encryptedDek', 'modifiedAt', 'salt']);
    expect(wrappedLength(changed)).toBe(60);
    const opened = await seed.openTheSeedWay(NEW_PASSWORD, changed, cardsOf(wallet.collection));
    expect(opened.dek).toBe(wallet.dek);
    expect(opened.cards).toEqual(dataById(cards));
    await expect(seed.openTheSeedWay(PASSWORD, changed, [])).rejects.toThrow();
    expect(openedData(await startEngine().unlock(NEW_PASSWORD, changed, wallet.collection))).toEqual(dataById(cards));
  });

  test("joining it re-encrypts this device's plain cards under its key, for the seed's clients to open", async () => {
    const wallet = await seed.seedWallet(PASSWORD, cards, NOW);
    const own = makeCards(83, 3);
    const engine = startEngine();
    let joined: EncryptedCollection = { type: 'ENCRYPTED', cards: {} };
    expect(
      await derivationsOf(engine, async () => {
        joined = await engine.joinAccount(PASSWORD, wallet.record, plain(own));
      }),
    ).toBe(1);
    expect((await seed.openTheSeedWay(PASSWORD, wallet.record, cardsOf(joined))).cards).toEqual(dataById(own));
    // The account's key is now the held key: the account's own cards open with it.
    expect(openedData(await engine.openCollection(wallet.collection))).toEqual(dataById(cards));
  });

  test("joining it from a device with its own PIN brings the PIN's cards over too", async () => {
    const wallet = await seed.seedWallet(PASSWORD, cards, NOW);
    const own = makeCards(84, 2);
    const engine = startEngine();
    const device = await engine.createSecret(PIN, plain(own), NOW, { kind: 'pin' });
    const joined = await engine.joinAccount(PASSWORD, wallet.record, device.collection);
    expect((await seed.openTheSeedWay(PASSWORD, wallet.record, cardsOf(joined))).cards).toEqual(dataById(own));
  });

  test('a wrong password leaves the join undone: the key held before stays', async () => {
    const wallet = await seed.seedWallet(PASSWORD, cards, NOW);
    const own = makeCards(85, 2);
    const engine = startEngine();
    const device = await engine.createSecret(PIN, plain(own), NOW, { kind: 'pin' });
    await expectWrongSecret(engine.joinAccount('not the password', wallet.record, device.collection));
    expect(openedData(await engine.openCollection(device.collection))).toEqual(dataById(own));
  });
});

describe('a record written in the raw form by an earlier Sleeve', () => {
  test('keeps opening; its next change of password is written in the seed’s form', async () => {
    const wallet = await seed.seedWallet(PASSWORD, cards, NOW);
    // The same key, wrapped as Sleeve first wrote it: its 32 raw bytes under the password.
    const older = await seed.recordAround(PASSWORD, wallet.dek, NOW);
    expect(wrappedLength(older)).toBe(48);
    await expect(seed.openTheSeedWay(PASSWORD, older, [])).rejects.toThrow();
    const engine = startEngine();
    expect(openedData(await engine.unlock(PASSWORD, older, wallet.collection))).toEqual(dataById(cards));
    const changed = await engine.changeSecret(PASSWORD, older, NEW_PASSWORD, NOW + 1);
    expect(wrappedLength(changed)).toBe(60);
    expect((await seed.openTheSeedWay(NEW_PASSWORD, changed, [])).dek).toBe(wallet.dek);
  });
});

describe('a new account', () => {
  test("its password record is in the seed's form and opens the seed's way with its cards", async () => {
    const engine = startEngine();
    const { record, collection } = await engine.createSecret(PASSWORD, plain(cards), NOW);
    expect(wrappedLength(record)).toBe(60);
    expect((await seed.openTheSeedWay(PASSWORD, record, cardsOf(collection))).cards).toEqual(dataById(cards));
  });

  test("a password added behind a PIN wraps the PIN's key in the seed's form", async () => {
    const engine = startEngine();
    const device = await engine.createSecret(PIN, plain(cards), NOW, { kind: 'pin' });
    expect(await engine.verify(PIN, device.record)).toBe(true);
    const { record } = await engine.createSecret(PASSWORD, device.collection, NOW, {
      current: { secret: PIN, record: device.record },
    });
    expect(wrappedLength(record)).toBe(60);
    expect((await seed.openTheSeedWay(PASSWORD, record, cardsOf(device.collection))).cards).toEqual(dataById(cards));
  });
});

test('a record whose opened text is not a key’s base64 is refused as a wrong password, and holds no key', async () => {
  const wallet = await seed.seedWallet(PASSWORD, cards, NOW);
  // The right password, but 44 bytes that are not the key's base64: not base64 at all, or base64 of 33 bytes.
  for (const plaintext of [btoa('!'.repeat(44)), btoa(`${wallet.dek.slice(0, 43)}A`)]) {
    const record = await seed.recordAround(PASSWORD, plaintext, NOW);
    const engine = startEngine();
    expect(
      await derivationsOf(engine, () => expectWrongSecret(engine.unlock(PASSWORD, record, wallet.collection))),
    ).toBe(1);
    expect(await engine.hasKey()).toBe(false);
    expect(await engine.verify(PASSWORD, record)).toBe(false);
  }
});

describe('a passkey record', () => {
  const CREDENTIAL_ID = btoa('a credential id of this passkey');
  const SALT = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, index) => 0x80 + index)));
  const PRF = Uint8Array.from({ length: 32 }, (_, index) => 7 + index);
  const output = () => {
    const buffer = PRF.slice().buffer;
    return transfer(buffer, [buffer]);
  };

  test('opens in either form of wrapped key, and refuses one that is neither', async () => {
    const wallet = await seed.seedWallet(PASSWORD, cards, NOW);
    const record = (encryptedDek: PasskeyRecord['encryptedDek']): PasskeyRecord => ({
      credentialId: CREDENTIAL_ID,
      salt: SALT,
      encryptedDek,
      modifiedAt: NOW,
    });
    const text = record(await seed.passkeySeal(toBase64(PRF), btoa(wallet.dek)));
    const raw = record(await seed.passkeySeal(toBase64(PRF), wallet.dek));
    expect(base64Bytes(text.encryptedDek.ciphertext)).toHaveLength(60);
    expect(base64Bytes(raw.encryptedDek.ciphertext)).toHaveLength(48);
    for (const each of [text, raw]) {
      const engine = startEngine();
      expect(openedData(await engine.unlockWithPasskey(output(), each, wallet.collection))).toEqual(dataById(cards));
    }
    const neither = record(await seed.passkeySeal(toBase64(PRF), btoa('!'.repeat(44))));
    const engine = startEngine();
    await expectWrongSecret(engine.unlockWithPasskey(output(), neither, wallet.collection));
    expect(await engine.hasKey()).toBe(false);
  });
});
