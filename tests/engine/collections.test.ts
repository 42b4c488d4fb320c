/** Sealing and opening cards through the real engine worker. */
import { afterEach, describe, expect, onTestFinished, test } from 'vitest';
import type {
  CardData,
  EncryptedCollection,
  OpenedCards,
  PlainCard,
  PlainCollection,
  UnreadableCard,
} from '../../src/domain/card';
import { emptyPlainCollection, UnreadableReasons } from '../../src/domain/card';
import { newCardId } from '../../src/domain/card-id';
import { CARDS_PER_PART, type CardParts } from '../../src/domain/card-parts';
import { COLLECTION_TRANSFER } from '../../src/domain/collection-transfer';
import { Messages, SleeveError } from '../../src/domain/errors';
import { applyMerge, asFromServer, asLocal } from '../../src/domain/merge-decision';
import { withStoredCard } from '../../src/domain/stored-cards';
import { recordedEngine } from '../support/boundary';
import { type BadCard, badCards, encryptedCollection, keyOf, tampered } from '../support/crafted-cards';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

type Engine = ReturnType<typeof startEngine>;

const NOW = 1_722_000_000_000;
const PASSWORD = 'correct horse battery staple';
const [one, two, three] = makeCards(7, 3).map((card) => card.data) as [CardData, CardData, CardData];
const ID = /^[A-Za-z0-9]{8}$/;

const plainOf = (cards: readonly PlainCard[]): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});

/** `count` seeded cards with distinct dates, stored in an order that is not the order of their dates. */
function datedCards(seed: number, count: number): PlainCard[] {
  return makeCards(seed, count).map((card, index) => ({ ...card, modifiedAt: NOW - ((index * 7) % count) * 1000 }));
}

const newestFirst = (cards: readonly PlainCard[]): PlainCard[] =>
  [...cards].sort((a, b) => b.modifiedAt - a.modifiedAt);
const byId = <T extends { id: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.id.localeCompare(b.id));
const listed = (bad: readonly BadCard[]): UnreadableCard[] =>
  byId(bad.map(({ card, reason }) => ({ id: card.id, modifiedAt: card.modifiedAt, reason })));

async function decryptionsOf(engine: Engine, action: () => Promise<unknown>): Promise<number> {
  const before = await engine.decryptionCount();
  await action();
  return (await engine.decryptionCount()) - before;
}

/** What a person is shown after an open: the cards in order, and each unreadable card once. */
function expectOpened(opened: OpenedCards, good: readonly PlainCard[], bad: readonly BadCard[]): void {
  expect(opened.cards).toEqual(newestFirst(good));
  expect(byId(opened.unreadable)).toEqual(listed(bad));
  for (const card of opened.unreadable) expect(card.reason.trim()).not.toBe('');
}

describe('without a secret, cards are sealed plain', () => {
  test('sealCard gives back exactly {id, data, modifiedAt} with the data in wire order', async () => {
    const engine = startEngine();
    const id = newCardId(() => false);
    const { theme, network, cvv, issuer, cardholder, expiry, number } = one;
    const scrambled = { theme, network, extra: 'dropped', cvv, issuer, cardholder, expiry, number } as CardData;
    const card = await engine.sealCard({ id, data: scrambled, modifiedAt: NOW }, 'UNENCRYPTED');
    expect(card).toEqual({ id, data: one, modifiedAt: NOW });
    expect(Object.keys(card)).toEqual(['id', 'data', 'modifiedAt']);
    expect(Object.keys(card.data)).toEqual(['number', 'expiry', 'cardholder', 'issuer', 'cvv', 'network', 'theme']);
    const collection = withStoredCard(emptyPlainCollection(), card);
    expect(collection).toEqual({ type: 'UNENCRYPTED', cards: { [id]: card } });
    expect(await engine.openCollection(collection)).toEqual({ cards: [card], unreadable: [] });
  });

  test('sealing a card again under its id replaces it, with the new time', async () => {
    const engine = startEngine();
    const first = await engine.sealCard({ id: 'aaaaAAAA', data: one, modifiedAt: NOW }, 'UNENCRYPTED');
    const second = await engine.sealCard({ id: 'bbbbBBBB', data: two, modifiedAt: NOW + 1 }, 'UNENCRYPTED');
    const again = await engine.sealCard({ id: first.id, data: three, modifiedAt: NOW + 2 }, 'UNENCRYPTED');
    const collection = [first, second, again].reduce(withStoredCard, emptyPlainCollection());
    expect(Object.keys(collection.cards)).toHaveLength(2);
    expect(collection.cards[first.id]).toEqual({ id: first.id, data: three, modifiedAt: NOW + 2 });
    expect((await engine.openCollection(collection)).cards.map((card) => card.id)).toEqual([first.id, second.id]);
  });

  test('cards sealed under new ids that avoid the collection’s own all stay', async () => {
    const engine = startEngine();
    let collection: PlainCollection = emptyPlainCollection();
    for (let index = 0; index < 20; index++) {
      const id = newCardId((candidate) => Object.hasOwn(collection.cards, candidate));
      const card = await engine.sealCard({ id, data: one, modifiedAt: NOW + index }, 'UNENCRYPTED');
      expect(card.id).toMatch(ID);
      collection = withStoredCard(collection, card) as PlainCollection;
    }
    const opened = await engine.openCollection(collection);
    expect(opened.cards).toHaveLength(20);
    expect(opened.cards.map((card) => card.modifiedAt)).toEqual(Array.from({ length: 20 }, (_, i) => NOW + 19 - i));
  });

  test('sealing ENCRYPTED with no key rejects with the "encrypt" message', async () => {
    const engine = startEngine();
    const error = await rejectionOf(engine.sealCard({ id: 'aaaaAAAA', data: one, modifiedAt: NOW }, 'ENCRYPTED'));
    expect(error).toBeInstanceOf(SleeveError);
    expect(error.kind).toBe('invalid-state');
    expect(error.message).toBe(Messages.keyMissingEncrypt);
  });

  test('invalid card data, ids and dates are refused as invalid-argument', async () => {
    const engine = startEngine();
    const seal = (card: { id: unknown; data: unknown; modifiedAt: unknown }) =>
      rejectionOf(engine.sealCard(card as PlainCard, 'UNENCRYPTED'));
    const good = { id: 'aaaaAAAA', data: one, modifiedAt: NOW };
    const refusals = [
      await seal({ ...good, data: { ...one, network: 'NOPE' } }),
      await seal({ ...good, data: { ...one, theme: 'PLAID' } }),
      await seal({ ...good, data: { ...one, cvv: undefined } }),
      await seal({ ...good, id: 'short' }),
      await seal({ ...good, id: 'aaaa-AAA' }),
      await seal({ ...good, id: 12345678 }),
      await seal({ ...good, modifiedAt: Number.POSITIVE_INFINITY }),
      await seal({ ...good, modifiedAt: String(NOW) }),
    ];
    expect(refusals.map((error) => error.kind)).toEqual(refusals.map(() => 'invalid-argument'));
    expect(refusals[0]?.message).toBe('Invalid card data: its network "NOPE" is unknown');
    // Refused while a key is held too, before any encryption.
    await engine.createSecret(PASSWORD, emptyPlainCollection(), NOW);
    expect((await rejectionOf(engine.sealCard({ ...good, id: 'short' }, 'ENCRYPTED'))).kind).toBe('invalid-argument');
  });
});

describe('with a secret, cards are sealed encrypted', () => {
  async function withSecret() {
    const engine = startEngine();
    const plain = plainOf([
      { id: 'firstONE', data: one, modifiedAt: NOW },
      { id: 'secondTW', data: two, modifiedAt: NOW + 1 },
    ]);
    const { record, collection } = await engine.createSecret(PASSWORD, plain, NOW);
    return { engine, plain, record, collection };
  }

  test('createSecret encrypts every card as {id, data: {cipherText, iv}, modifiedAt}; opening gives them back', async () => {
    const { engine, plain, collection } = await withSecret();
    expect(collection.type).toBe('ENCRYPTED');
    expect(Object.keys(collection.cards).sort()).toEqual(Object.keys(plain.cards).sort());
    for (const [id, card] of Object.entries(collection.cards)) {
      expect(Object.keys(card)).toEqual(['id', 'data', 'modifiedAt']);
      expect(Object.keys(card.data)).toEqual(['cipherText', 'iv']);
      expect(card.id).toBe(id);
      expect(card.modifiedAt).toBe(plain.cards[id]!.modifiedAt);
      expect(atob(card.data.iv)).toHaveLength(12);
      expect(JSON.stringify(card)).not.toContain(plain.cards[id]!.data.number);
    }
    expect(await engine.openCollection(collection)).toEqual({
      cards: newestFirst(Object.values(plain.cards)),
      unreadable: [],
    });
  });

  test('sealCard encrypts the card; it opens here and wherever the secret unlocks', async () => {
    const { engine, record, collection } = await withSecret();
    const card: PlainCard = { id: 'thirdTHR', data: three, modifiedAt: NOW + 5 };
    const sealed = await engine.sealCard(card, 'ENCRYPTED');
    expect(Object.keys(sealed)).toEqual(['id', 'data', 'modifiedAt']);
    expect(sealed).toMatchObject({ id: card.id, modifiedAt: NOW + 5 });
    expect(Object.keys(sealed.data)).toEqual(['cipherText', 'iv']);
    expect(atob((sealed as EncryptedCollection['cards'][string]).data.iv)).toHaveLength(12);
    expect(JSON.stringify(sealed)).not.toContain(three.number);
    const added = withStoredCard(collection, sealed);
    expect(added.type).toBe('ENCRYPTED');
    expect((await engine.openCollection(added)).cards[0]).toEqual(card);

    const other = startEngine();
    const opened = await other.unlock(PASSWORD, record, added);
    expect(opened.cards.map((each) => each.id)).toEqual(['thirdTHR', 'secondTW', 'firstONE']);
    // An empty plain collection takes the kind of the first card sealed into it.
    expect(withStoredCard(emptyPlainCollection(), sealed).type).toBe('ENCRYPTED');
  });

  test('a card just sealed is opened from memory, with no decryption', async () => {
    const { engine, record, collection } = await withSecret();
    expect(await decryptionsOf(engine, () => engine.openCollection(collection))).toBe(2);
    const added = withStoredCard(
      collection,
      await engine.sealCard({ id: 'thirdTHR', data: three, modifiedAt: NOW + 5 }, 'ENCRYPTED'),
    );
    let opened: OpenedCards | undefined;
    expect(
      await decryptionsOf(engine, async () => {
        opened = await engine.openCollection(added);
      }),
    ).toBe(0);
    expect(opened?.cards.map((card) => card.id)).toEqual(['thirdTHR', 'secondTW', 'firstONE']);
    // Edited and sealed again: the new ciphertext is known as well, and shows the new data.
    const edited = withStoredCard(
      added,
      await engine.sealCard({ id: 'firstONE', data: three, modifiedAt: NOW + 6 }, 'ENCRYPTED'),
    );
    expect(
      await decryptionsOf(engine, async () => {
        opened = await engine.openCollection(edited);
      }),
    ).toBe(0);
    expect(opened?.cards[0]).toEqual({ id: 'firstONE', data: three, modifiedAt: NOW + 6 });
    // Another worker has never seen it: there it costs a decryption per card.
    const other = startEngine();
    await other.unlock(PASSWORD, record);
    expect(await decryptionsOf(other, () => other.openCollection(edited))).toBe(3);
  });

  test('sealing UNENCRYPTED while the key is held is refused as mixing', async () => {
    const { engine } = await withSecret();
    const error = await rejectionOf(engine.sealCard({ id: 'thirdTHR', data: three, modifiedAt: NOW }, 'UNENCRYPTED'));
    expect(error.kind).toBe('invalid-argument');
    expect(error.message).toBe(Messages.mixedCollection);
  });

  test('mergeCollections sends back which remote cards win, not the cards themselves', async () => {
    const { engine, collection } = await withSecret();
    const sealed = await engine.sealCard({ id: 'firstONE', data: three, modifiedAt: NOW + 1 }, 'ENCRYPTED');
    const remote = withStoredCard(collection, sealed);
    const decision = await engine.mergeCollections(asLocal(collection), asFromServer(remote));
    expect(decision).toEqual({ type: 'ENCRYPTED', fromServer: ['firstONE'] });
    expect(applyMerge(collection, remote, decision)).toEqual(remote);
  });

  test('mergeCollections refuses to mix the two kinds', async () => {
    const { engine, plain, collection } = await withSecret();
    const error = await rejectionOf(engine.mergeCollections(asLocal(plain), asFromServer(collection)));
    expect(error.kind).toBe('invalid-argument');
    expect(error.message).toBe(Messages.mixedCollection);
  });

  test('after lock, opening and sealing reject with the key-missing messages', async () => {
    const { engine, collection } = await withSecret();
    await engine.lock();
    expect(await engine.hasKey()).toBe(false);
    const error = await rejectionOf(engine.openCollection(collection));
    expect(error.kind).toBe('invalid-state');
    expect(error.message).toBe(Messages.keyMissingDecrypt);
    expect((await rejectionOf(engine.decryptCollection(collection))).kind).toBe('invalid-state');
    const sealing = await rejectionOf(engine.sealCard({ id: 'thirdTHR', data: three, modifiedAt: NOW }, 'ENCRYPTED'));
    expect(sealing.message).toBe(Messages.keyMissingEncrypt);
  });

  test('decryptCollection gives the plain collection back', async () => {
    const { engine, plain, collection } = await withSecret();
    expect(await engine.decryptCollection(collection)).toEqual(plain);
  });

  test('cards encrypted under one key are all listed as unreadable under another, none opened', async () => {
    const { collection } = await withSecret();
    const other = startEngine();
    await other.createSecret('999999', emptyPlainCollection(), NOW);
    const opened = await other.openCollection(collection);
    expect(opened.cards).toEqual([]);
    expect(byId(opened.unreadable)).toEqual(
      byId(
        Object.values(collection.cards).map(({ id, modifiedAt }) => ({
          id,
          modifiedAt,
          reason: UnreadableReasons.wrongKey,
        })),
      ),
    );
  });
});

/** A wallet under PASSWORD whose stored collection holds `count` good cards and one of each kind of bad card. */
async function walletWithBadCards(engine: Engine, count: number) {
  const good = datedCards(31, count);
  const { record, collection } = await engine.createSecret(PASSWORD, plainOf(good), NOW);
  const bad = await badCards(await keyOf(PASSWORD, record), one, NOW - 500);
  // The bad cards stand among the good ones, not after them.
  const entries = Object.values(collection.cards);
  const mixed: EncryptedCollection = encryptedCollection([
    ...entries.slice(0, 1),
    ...bad.slice(0, 4).map((each) => each.card),
    ...entries.slice(1),
    ...bad.slice(4).map((each) => each.card),
  ]);
  return { good, bad, record, collection, mixed };
}

describe('opening card by card', () => {
  test('every good card opens, newest first, and each bad one is listed once with its id, date and reason', async () => {
    const engine = startEngine();
    const { good, bad, mixed } = await walletWithBadCards(engine, 6);
    expect(bad.map((each) => each.what)).toEqual([
      'bad base64',
      'tampered ciphertext',
      'encrypted under another key',
      'plaintext not JSON',
      'plaintext not UTF-8',
      'unknown network',
      'unknown theme',
      'two cards in one plaintext',
      'structurally damaged entry',
    ]);
    expectOpened(await engine.openCollection(mixed), good, bad);
  });

  test('unlocking with such a collection succeeds the same way, with one derivation', async () => {
    const engine = startEngine();
    const { good, bad, record, mixed } = await walletWithBadCards(engine, 6);
    await engine.lock();
    const before = await engine.derivationCount();
    const opened = await engine.unlock(PASSWORD, record, mixed);
    expect((await engine.derivationCount()) - before).toBe(1);
    expect(await engine.hasKey()).toBe(true);
    expectOpened(opened, good, bad);
  });

  test('a wrong secret still rejects, whatever the collection holds, and holds no key', async () => {
    const engine = startEngine();
    const { record, mixed } = await walletWithBadCards(engine, 3);
    await engine.lock();
    const error = await rejectionOf(engine.unlock(`${PASSWORD}!`, record, mixed));
    expect(error).toBeInstanceOf(SleeveError);
    expect(error.message).toBe('');
    expect((error.cause as Error).message).toBe(Messages.decryptFailed);
    expect(await engine.hasKey()).toBe(false);
  });

  test('a stored value that is no collection fails the unlock once it has settled, and holds no key', async () => {
    const engine = startEngine();
    const { record, collection } = await walletWithBadCards(engine, 3);
    await engine.lock();
    const before = await engine.derivationCount();
    const broken = { type: 'ENCRYPTED', cards: null } as unknown as EncryptedCollection;
    await expect(engine.unlock(PASSWORD, record, broken)).rejects.toThrow();
    // The derivation ran to its end and the key it gave was dropped; the right collection then opens as before.
    expect((await engine.derivationCount()) - before).toBe(1);
    expect(await engine.hasKey()).toBe(false);
    expect((await engine.unlock(PASSWORD, record, collection)).unreadable).toEqual([]);
  });

  test('bad cards are never remembered: opening again decrypts them again, and only them', async () => {
    const engine = startEngine();
    const { good, bad, mixed } = await walletWithBadCards(engine, 6);
    // Structural damage is found before decryption; every other card goes through the key once.
    const decrypted = bad.filter((each) => each.what !== 'structurally damaged entry').length;
    expect(await decryptionsOf(engine, () => engine.openCollection(mixed))).toBe(good.length + decrypted);
    let again: OpenedCards | undefined;
    expect(
      await decryptionsOf(engine, async () => {
        again = await engine.openCollection(mixed);
      }),
    ).toBe(decrypted);
    expectOpened(again!, good, bad);
  });

  test('a tampered copy of a card opened before is decrypted again and listed, not taken from memory', async () => {
    const engine = startEngine();
    const { good, collection } = await walletWithBadCards(engine, 4);
    await engine.openCollection(collection);
    const victim = Object.values(collection.cards)[2]!;
    const changed = encryptedCollection([...Object.values(collection.cards), tampered(victim, 0)]);
    let opened: OpenedCards | undefined;
    expect(
      await decryptionsOf(engine, async () => {
        opened = await engine.openCollection(changed);
      }),
    ).toBe(1);
    expect(opened?.cards).toEqual(newestFirst(good.filter((card) => card.id !== victim.id)));
    expect(opened?.unreadable).toEqual([
      { id: victim.id, modifiedAt: victim.modifiedAt, reason: UnreadableReasons.wrongKey },
    ]);
  });

  test('a plain collection opens card by card too: bad entries are listed, good ones shown', async () => {
    const engine = startEngine();
    const good = datedCards(32, 3);
    const collection = plainOf(good) as { type: 'UNENCRYPTED'; cards: Record<string, unknown> };
    collection.cards.netwNOPE = { id: 'netwNOPE', data: { ...one, network: 'NOPE' }, modifiedAt: NOW - 1 };
    collection.cards.elsewher = { id: 'misplace', data: one, modifiedAt: NOW - 2 };
    collection.cards.badDate0 = { id: 'badDate0', data: one, modifiedAt: 'yesterday' };
    const opened = await engine.openCollection(collection as PlainCollection);
    expect(opened.cards).toEqual(newestFirst(good));
    expect(byId(opened.unreadable)).toEqual([
      { id: 'badDate0', modifiedAt: 0, reason: 'its date is damaged' },
      { id: 'elsewher', modifiedAt: NOW - 2, reason: 'its id does not match where it is stored' },
      { id: 'netwNOPE', modifiedAt: NOW - 1, reason: 'its network "NOPE" is unknown' },
    ]);
  });

  test('a large collection with bad cards mixed in crosses as JSON parts and opens card by card', async () => {
    const { engine, messages, stop } = recordedEngine();
    onTestFinished(stop);
    const { good, bad, mixed } = await walletWithBadCards(engine, 90);
    const from = messages.length;
    const opened = await engine.openCollection(mixed);
    expectOpened(opened, good, bad);
    // Both the collection sent and the cards sent back went as JSON parts, at most CARDS_PER_PART cards each.
    const [request, reply] = messages.slice(from) as [
      { argumentList: { type: string; name?: string; value: CardParts }[] },
      { type: string; name?: string; value: CardParts },
    ];
    expect(request.argumentList[0]).toMatchObject({ type: 'HANDLER', name: COLLECTION_TRANSFER });
    expect(reply).toMatchObject({ type: 'HANDLER', name: COLLECTION_TRANSFER });
    const partsOf = (parts: CardParts) => parts.pieces.map((piece) => [piece.path.join('.'), piece.parts.length]);
    const sent = Object.keys(mixed.cards).length;
    expect(partsOf(request.argumentList[0]!.value)).toEqual([['cards', Math.ceil(sent / CARDS_PER_PART)]]);
    expect(partsOf(reply.value)).toEqual([['cards', Math.ceil(good.length / CARDS_PER_PART)]]);
  });

  test('a large collection where most cards do not open lists them all, and unlock gives the same', async () => {
    const engine = startEngine();
    const { good, bad, record, collection } = await walletWithBadCards(engine, 3);
    // 70 copies of cards that do not open, each under its own id and date: the unreadable list alone is large.
    const many: BadCard[] = [];
    for (let index = 0; index < 70; index++) {
      const each = bad[index % bad.length]!;
      const id = `bad${String(index).padStart(5, '0')}`;
      many.push({ ...each, card: { ...each.card, id, modifiedAt: NOW - 10_000 - index } });
    }
    const mixed = encryptedCollection([...Object.values(collection.cards), ...many.map((each) => each.card)]);
    expectOpened(await engine.openCollection(mixed), good, many);
    await engine.lock();
    expectOpened(await engine.unlock(PASSWORD, record, mixed), good, many);
  });
});

describe('removing the last secret is refused while a card does not open', () => {
  test.each([
    'bad base64',
    'tampered ciphertext',
    'encrypted under another key',
    'unknown theme',
    'structurally damaged entry',
  ])('%s: refused, the key still held and every card as it was', async (what) => {
    const engine = startEngine();
    const { good, bad, collection } = await walletWithBadCards(engine, 3);
    const culprit = bad.find((each) => each.what === what)!;
    const withCulprit = encryptedCollection([...Object.values(collection.cards), culprit.card]);
    const error = await rejectionOf(engine.decryptCollection(withCulprit));
    expect(error.message).toBe(Messages.unreadableKeepPin);
    expect(error.kind).toBe('invalid-state');
    expect(await engine.hasKey()).toBe(true);
    expectOpened(await engine.openCollection(withCulprit), good, [culprit]);
    // Once the card is gone, the same key decrypts the rest.
    expect(await engine.decryptCollection(collection)).toEqual(plainOf(good));
  });
});
