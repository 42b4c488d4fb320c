/** Each tab's worker (src/engine, worker/): it holds the key, seals and opens cards, and creates records. */
import type {
  CardCollection,
  EncryptedCard,
  EncryptedCollection,
  OpenedCards,
  PlainCard,
  PlainCollection,
  StoredCard,
} from '../../../src/domain/card';
import { UnreadableReasons } from '../../../src/domain/card';
import { InvalidArgumentError, InvalidStateError, Messages, SleeveError } from '../../../src/domain/errors';
import { byModifiedDesc } from '../../../src/domain/search';
import type { SecretRecord } from '../../../src/domain/secret';
import { openPlain, sortOut } from '../../../src/domain/stored-cards';
import type { Flow } from './core';
import type { Tab } from './device';
import { keyOfCard, keyOfRecord, plainData, versionOfSealed } from './tokens';
import type { World } from './world';

/** A call to the tab's worker: done at once, answered in call order (the flow waits for its turn). */
export function* engine<T>(tab: Tab, work: () => T): Flow<T> {
  const ticket = tab.workerIssued++;
  let result: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    result = { ok: true, value: work() };
  } catch (error) {
    result = { ok: false, error };
  }
  yield { kind: 'worker', tab, ticket };
  if (!result.ok) throw result.error;
  return result.value;
}

export function seal(world: World, tab: Tab, card: PlainCard, type: CardCollection['type'], key = tab.key): StoredCard {
  if (type === 'UNENCRYPTED') {
    if (key) throw new InvalidArgumentError(Messages.mixedCollection);
    return card;
  }
  if (!key) throw new InvalidStateError(Messages.keyMissingEncrypt);
  return {
    id: card.id,
    modifiedAt: card.modifiedAt,
    data: { cipherText: `${key}|${card.data.cardholder}|${world.next('n')}`, iv: world.next('iv') },
  };
}

export function sealAll(world: World, tab: Tab, collection: PlainCollection, key: string): EncryptedCollection {
  const cards: Record<string, EncryptedCard> = {};
  for (const card of Object.values(collection.cards))
    cards[card.id] = seal(world, tab, card, 'ENCRYPTED', key) as EncryptedCard;
  return { type: 'ENCRYPTED', cards };
}

export function openCollection(tab: Tab, collection: CardCollection): OpenedCards {
  if (collection.type === 'UNENCRYPTED') return openPlain(collection);
  if (!tab.key) throw new InvalidStateError(Messages.keyMissingDecrypt);
  const { wellFormed, unreadable } = sortOut(collection);
  const cards: PlainCard[] = [];
  for (const card of Object.values(wellFormed.cards)) {
    if (keyOfCard(card) === tab.key)
      cards.push({ id: card.id, modifiedAt: card.modifiedAt, data: plainData(versionOfSealed(card)) });
    else unreadable.push({ id: card.id, modifiedAt: card.modifiedAt, reason: UnreadableReasons.wrongKey });
  }
  return { cards: cards.sort(byModifiedDesc), unreadable };
}

export function decryptAll(tab: Tab, collection: CardCollection, refusal: string): PlainCollection {
  if (collection.type === 'UNENCRYPTED') return { type: 'UNENCRYPTED', cards: { ...collection.cards } };
  if (!tab.key) throw new InvalidStateError(Messages.keyMissingDecrypt);
  const opened = openCollection(tab, collection);
  if (opened.unreadable.length > 0) throw new InvalidStateError(refusal);
  return { type: 'UNENCRYPTED', cards: Object.fromEntries(opened.cards.map((card) => [card.id, card])) };
}

export function secretRecord(world: World, key: string, now: number): SecretRecord {
  return { salt: world.next('salt'), encryptedDek: { ciphertext: key, iv: world.next('iv') }, modifiedAt: now };
}

export function createSecret(
  world: World,
  tab: Tab,
  collection: CardCollection,
  now: number,
  hadSecret: boolean,
): { record: SecretRecord; collection: EncryptedCollection } {
  const held = tab.key;
  // worker/vault/custody.ts `createSecret` with `keyExpected`: a key dropped since the caller checked is not replaced.
  if (hadSecret && !held) throw new SleeveError(Messages.refreshAndUnlock);
  if (!held && collection.type === 'ENCRYPTED' && Object.keys(collection.cards).length > 0) {
    throw new InvalidStateError(Messages.keyMissingEncrypt);
  }
  const dek = held ?? world.next('key');
  const encrypted = collection.type === 'UNENCRYPTED' ? sealAll(world, tab, collection, dek) : collection;
  const record = secretRecord(world, dek, now);
  tab.key = dek;
  return { record, collection: encrypted };
}

export function joinAccount(world: World, tab: Tab, record: SecretRecord, local: CardCollection): EncryptedCollection {
  const { unreadable } = sortOut(local);
  if (unreadable.length > 0) throw new InvalidStateError(Messages.unreadableBeforeJoin);
  const plain = decryptAll(tab, local, Messages.unreadableBeforeJoin);
  const accountKey = keyOfRecord(record);
  const encrypted = sealAll(world, tab, plain, accountKey);
  tab.key = accountKey;
  return encrypted;
}
