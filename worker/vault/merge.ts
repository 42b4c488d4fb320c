/**
 * Merging two collections card by card; the newer `modifiedAt` wins. A pure function: no crypto, no I/O, inputs
 * are never mutated.
 *
 * The rule is "take the greater card" under one total order (below), applied per id. That makes the merge a join:
 * commutative (merge(a, b) and merge(b, a) give the same cards), associative, and idempotent (merge(m, b) == m when
 * m = merge(a, b)), so devices that sync in any order converge on the same cards.
 */
import type { CardCollection, EncryptedCard, PlainCard } from '../../src/domain/card';
import { InvalidArgumentError, Messages } from '../../src/domain/errors';
import { applyMerge, type FromServer, type Local, type MergeDecision } from '../../src/domain/merge-decision';

type AnyCard = PlainCard | EncryptedCard;

/** Which server cards the merge takes: those the local side lacks, and those that win against the local copy. */
export function decideMerge(local: Local<CardCollection>, server: FromServer<CardCollection>): MergeDecision {
  const type = mergedType(local, server);
  const localCards: Record<string, AnyCard> = local.cards;
  const fromServer: string[] = [];
  for (const [id, serverCard] of Object.entries(server.cards)) {
    const localCard = Object.hasOwn(localCards, id) ? localCards[id] : undefined;
    if (localCard === undefined || compareCards(serverCard, localCard) > 0) fromServer.push(id);
  }
  return { type, fromServer };
}

/** The merged collection itself: the decision applied. */
export function mergeCollections(local: Local<CardCollection>, server: FromServer<CardCollection>): CardCollection {
  return applyMerge(local, server, decideMerge(local, server));
}

/**
 * Both collections must be of one kind. An empty collection holds no card of either kind, so it takes the other's
 * type (this is how a device's fresh, empty plain store merges with the encrypted cards on the server). Two empty
 * collections of different types give ENCRYPTED, fixed rather than "local's" so the merge stays commutative.
 */
function mergedType(local: CardCollection, server: CardCollection): CardCollection['type'] {
  if (local.type === server.type) return local.type;
  const localEmpty = Object.keys(local.cards).length === 0;
  const serverEmpty = Object.keys(server.cards).length === 0;
  if (localEmpty && serverEmpty) return 'ENCRYPTED';
  if (localEmpty) return server.type;
  if (serverEmpty) return local.type;
  throw new InvalidArgumentError(Messages.mixedCollection);
}

/**
 * The total order that picks a winner; positive when `a` wins.
 * 1. The newer `modifiedAt` wins: the product rule.
 * 2. Equal `modifiedAt` (two devices saved in the same millisecond, or a card re-encrypted with a new IV): the
 *    card whose canonical JSON sorts later wins. Arbitrary but the same on every device and for either argument
 *    order, which "keep local" would not be: each device would keep its own copy and never converge.
 * 3. Equal canonical JSON: the cards are the same; local is kept (either choice gives equal content).
 */
function compareCards(a: AnyCard, b: AnyCard): number {
  if (a.modifiedAt !== b.modifiedAt) return a.modifiedAt > b.modifiedAt ? 1 : -1;
  const keyA = canonical(a);
  const keyB = canonical(b);
  return keyA === keyB ? 0 : keyA > keyB ? 1 : -1;
}

/** Every known field of either kind of card, in a fixed order, so key order in the input cannot matter. */
const CANONICAL_FIELDS = [
  'id',
  'modifiedAt',
  'data',
  'cipherText',
  'iv',
  'number',
  'expiry',
  'cardholder',
  'issuer',
  'cvv',
  'network',
  'theme',
];

function canonical(card: AnyCard): string {
  return JSON.stringify(card, CANONICAL_FIELDS);
}
