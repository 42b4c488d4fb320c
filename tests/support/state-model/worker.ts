/**
 * Each tab's worker (src/engine, worker/): it holds the key, seals and opens cards (a card of a retired key too,
 * worker/vault/retired.ts), creates records and replaces the key (worker/vault/replace-key.ts).
 */

import type {
  CardCollection,
  EncryptedCard,
  EncryptedCollection,
  OpenedCards,
  PlainCard,
  PlainCollection,
  StoredCard,
} from '../../../src/domain/card';
import { InvalidArgumentError, InvalidStateError, Messages, SleeveError } from '../../../src/domain/errors';
import { byModifiedDesc } from '../../../src/domain/search';
import type { SecretRecord } from '../../../src/domain/secret';
import { openPlain, sortOut } from '../../../src/domain/stored-cards';
import type { ReplacedKey } from '../../../worker/api';
import type { Flow } from './core';
import type { Tab } from './device';
import { keyOfRecord, plainData, versionOfSealed } from './tokens';
import { openRetired, retiredAfter, unreadableOf } from './worker-retired';
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

/**
 * A worker call of code the runs before key replacement modelled as done at once (no yield): it waits its turn in
 * the run with key replacement only, so that the other runs, and every seed pinned in them, go as they did.
 */
export function* engineOrAtOnce<T>(world: World, tab: Tab, work: () => T): Flow<T> {
  if (world.closer) return yield* engine(tab, work);
  return work();
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

/**
 * collections.ts `openCollection`: under the held key, or else under a retired key it opens that knew the card
 * (`underRetiredKey`); a card a retired key opens but did not know is kept apart (worker-retired.ts `openRetired`).
 */
export function openCollection(tab: Tab, collection: CardCollection): OpenedCards {
  if (collection.type === 'UNENCRYPTED') return openPlain(collection);
  if (!tab.key) throw new InvalidStateError(Messages.keyMissingDecrypt);
  const { wellFormed, unreadable } = sortOut(collection);
  const cards: PlainCard[] = [];
  const underRetiredKey: string[] = [];
  for (const card of Object.values(wellFormed.cards)) {
    const outcome = openRetired(tab, card);
    if (outcome === 'held' || outcome === 'retired') {
      cards.push({ id: card.id, modifiedAt: card.modifiedAt, data: plainData(versionOfSealed(card)) });
      if (outcome === 'retired') underRetiredKey.push(card.id);
    } else unreadable.push(unreadableOf(card, outcome));
  }
  const sorted = cards.sort(byModifiedDesc);
  return underRetiredKey.length > 0 ? { cards: sorted, unreadable, underRetiredKey } : { cards: sorted, unreadable };
}

/**
 * replace-key.ts `replaceKey`: a new key, every card the held key opens sealed under it, its record, and the retired
 * keys (the held one first) sealed under it; the new key waits until the server holds them (`keepReplacedKey`).
 */
export function replaceKey(
  world: World,
  tab: Tab,
  record: SecretRecord,
  collection: EncryptedCollection,
  now: number,
): ReplacedKey {
  const held = tab.key;
  if (!held) throw new InvalidStateError(Messages.refreshAndUnlock);
  const opened = openCollection(tab, collection);
  const key = world.next('key');
  const plain: PlainCollection = {
    type: 'UNENCRYPTED',
    cards: Object.fromEntries(opened.cards.map((card) => [card.id, card])),
  };
  const encrypted = sealAll(world, tab, plain, key);
  // custody.ts `proveCurrent`: the password opens the record, and the record wraps the key held.
  if (keyOfRecord(record) !== held) throw new InvalidStateError(Messages.refreshAndUnlock);
  const replaced = secretRecord(world, key, now);
  // worker/vault/replace-key.ts: refused until the page told the account's retired keys (the new list holds them).
  if (!tab.retiredHeard) throw new InvalidStateError('The retired keys were not read');
  const retired = retiredAfter(
    world,
    tab,
    held,
    key,
    now,
    opened.cards.map((card) => card.id),
  );
  tab.replacement = { key, record: replaced, retired };
  return { record: replaced, collection: encrypted, unreadable: opened.unreadable, retired, details: [] };
}

/** custody.ts `keepReplacement`: the key waiting for `record` is held, and its retired keys known; refused if none. */
export function keepReplacedKey(tab: Tab, record: SecretRecord): void {
  const waiting = tab.replacement;
  if (!waiting || JSON.stringify(waiting.record) !== JSON.stringify(record))
    throw new InvalidStateError(Messages.refreshAndUnlock);
  tab.replacement = null;
  tab.key = waiting.key;
  tab.retired = waiting.retired;
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
