/**
 * Cards under a key the account replaced (src/state/retired-keys.ts, worker/vault/retired.ts): whoever still holds a
 * retired key (the old password and an old record kept somewhere) can write a card under it. The model's attacker
 * writes one under a new id, or under a known id dated after the replacement: such a card is kept apart on every
 * device until the person keeps or deletes it, never shown nor sealed again by itself. A known id dated no later than
 * the replacement is what a device that had not heard of the replacement yet writes too: that one is the past, and
 * is opened and sealed again like any card the replacement knew.
 */
import type { EncryptedCard } from '../../../src/domain/card';
import { SAVED_WITH_OLD_KEY } from '../../../src/domain/saved-with-old-key';
import { deleteCard } from './cards';
import type { Flow } from './core';
import { ModelFailure } from './core';
import type { Tab } from './device';
import { broadcast } from './network';
import { cardRefused } from './rules';
import type { RetiredEntry } from './tokens';
import { isSealed, keyOfCard, keyOfRecord, versionOfSealed } from './tokens';
import type { World } from './world';

export class OldKeys {
  /** Every key the account retired, and what each replacement knew, in the order the server took them. */
  readonly retiredEver = new Set<string>();
  readonly replacements: RetiredEntry[] = [];
  /** The versions the attacker wrote, with the retired key each is under. */
  readonly forged = new Map<string, string>();
  /** Versions kept apart that the person chose to keep (`keepApart`). */
  readonly kept = new Set<string>();
}

/**
 * The attacker writes a card under a retired key straight to the server (its rules decide, as for anyone holding the
 * account's sign-in): `pick` chooses the key and the kind, a new id, a known id dated after the replacement, or a
 * known id dated before it (a late device's write: a legitimate card, acknowledged).
 */
export function writeUnderOldKey(world: World, pick: number): boolean {
  const { replacements } = world.oldKeys;
  const entry = replacements[pick % replacements.length];
  if (!entry) return false;
  const known = [...entry.known];
  const kind = known.length === 0 ? 0 : Math.floor(pick / replacements.length) % 3;
  const id = kind === 0 ? world.cardId() : (known[pick % known.length] as string);
  const there = world.server.cards[id]?.modifiedAt ?? 0;
  const modifiedAt = kind === 2 ? there + 1 : Math.max(entry.retiredAt + 1, there + 1, world.time);
  if (kind === 2 && modifiedAt > entry.retiredAt) return false;
  const version = world.next(kind === 2 ? 'late' : 'forged');
  const card: EncryptedCard = {
    id,
    modifiedAt,
    data: { cipherText: `${entry.key}|${version}|${world.next('n')}`, iv: world.next('iv') },
  };
  const taken = !cardRefused(world, card);
  const what = ['a new card', 'a known card dated after the replacement', 'a known card dated before it'][kind];
  world.note(
    `a client with the retired key ${entry.key} writes ${what}, ${id}:${version}@${modifiedAt}: ${taken ? 'taken' : 'refused'}`,
  );
  if (!taken) return true;
  world.server.cards[id] = card;
  if (kind === 2) {
    world.placeAccount(card, 'a device late with the retired key');
    const ledger = world.versions.get(version);
    if (ledger) ledger.acked = true;
  } else {
    world.oldKeys.forged.set(version, entry.key);
    world.stats.forged += 1;
  }
  broadcast(world);
  return true;
}

/**
 * At every step, with a card written under a retired key after its replacement: no tab shows it, and no copy of it
 * is sealed under another key (on the server, or stored on a device), unless the person kept it.
 */
export function checkForged(world: World): void {
  const { forged, kept } = world.oldKeys;
  if (forged.size === 0) return;
  for (const device of world.devices) {
    for (const tab of device.tabs) {
      // A tab still on the retired key (it has not heard of the replacement: its record wraps that key) shows what
      // that key opens, as the account's cards; it locks once it hears of the newer record. So does the replacing
      // tab, or one following the records another tab stored, until it has opened the cards again (`showAgain`, `follow`).
      if (tab.session?.rendering || tab.following) continue;
      const onKey = tab.records.password ? keyOfRecord(tab.records.password) : null;
      const shown = tab.shown.find((card) => {
        const under = forged.get(card.data.cardholder);
        return under !== undefined && under !== onKey && !kept.has(card.data.cardholder);
      });
      if (tab.alive && shown)
        throw new ModelFailure(
          'forged',
          `${tab.name} shows ${shown.id}:${shown.data.cardholder}, written under a retired key`,
        );
    }
    const stored = world.read(device);
    for (const card of [...Object.values(stored.outbox.cards), ...Object.values(stored.cards.cards)])
      if ('data' in card && isSealed(card)) resealed(world, card, `${device.name}'s storage`);
  }
  for (const card of Object.values(world.server.cards)) resealed(world, card, 'the server');
}

function resealed(world: World, card: EncryptedCard, where: string): void {
  const version = versionOfSealed(card);
  const under = world.oldKeys.forged.get(version);
  if (under === undefined || world.oldKeys.kept.has(version) || keyOfCard(card) === under) return;
  throw new ModelFailure(
    'forged',
    `${where} holds ${card.id}:${version} sealed again under ${keyOfCard(card)}, written under the retired key ${under} and never kept`,
  );
}

/** The cards a tab keeps apart (saved with an old key after the key was replaced), with the version each is. */
export const keptApart = (tab: Tab): { id: string; version: string }[] =>
  tab.unreadable.flatMap((card) =>
    card.reason === SAVED_WITH_OLD_KEY ? [{ id: card.id, version: card.seen?.cardholder ?? '' }] : [],
  );

/** UnreadableCardsScreen 'Keep': the person keeps a card kept apart (src/state/saved-with-old-key.ts). */
export function* keepApart(world: World, tab: Tab, card: { id: string; version: string }): Flow {
  const account = tab.session;
  if (!account) return;
  world.note(`${tab.name} keeps ${card.id}:${card.version}, saved with an old key`);
  world.oldKeys.kept.add(card.version);
  yield* account.retired.keepSavedWithOldKey(card.id);
}

/**
 * Settling: the person decides on every card a tab keeps apart, once per card: keeps a card some device of the
 * account saved (it knows it), deletes one it never saved (the attacker's). Whether any tab had one to decide on.
 */
export function decideKeptApart(world: World): boolean {
  const decided = new Set<string>();
  for (const device of world.devices) {
    for (const tab of device.tabs) {
      if (tab.phase !== 'ready' || tab.locked || !tab.session || tab.busy) continue;
      const cards = keptApart(tab).filter((card) => !decided.has(card.id));
      if (cards.length === 0) continue;
      for (const card of cards) decided.add(card.id);
      tab.busy = true;
      world.spawn(tab, 'decide kept apart', decide(world, tab, cards), (error) => {
        tab.busy = false;
        world.unexpected(tab, 'decide kept apart', error);
      });
    }
  }
  return decided.size > 0;
}

function* decide(world: World, tab: Tab, cards: readonly { id: string; version: string }[]): Flow {
  for (const card of cards) {
    if (world.oldKeys.forged.has(card.version)) yield* deleteCard(world, tab, card.id);
    else yield* keepApart(world, tab, card);
  }
}
