/**
 * The corpus's five kinds of case, each from its seed: a built value (a collection, the server's cards, the outbox,
 * auth, preferences) damaged, read as the app reads it, and what came out judged (checks.ts). Each returns the text
 * it was given, for the failure report.
 */
import type { Outbox } from '../../../src/domain/outbox';
import { overlay } from '../../../src/domain/outbox';
import { parseServerCards } from '../../../src/domain/server-shapes';
import { openPlain, sortOut } from '../../../src/domain/stored-cards';
import { checkAuth, checkCollection, checkOutbox, checkPreferences } from '../../../src/domain/stored-shapes';
import { type Random, randomInt } from '../seeded';
import { buildAuth, buildCollection, buildOutbox, buildPreferences, buildServerCards } from './builders';
import { excerpt } from './cases';
import {
  accountingProblem,
  type CaseLog,
  encryptedCardProblem,
  isRecordShape,
  isString,
  isTime,
  plainCardProblem,
  readStored,
} from './checks';
import { damage, damageText } from './damage';
import { deepFreeze, exactText, isRecord, materialize, own, toText } from './values';

/** How many random damages a case gets; a few get none, so the valid values themselves are checked too. */
const damageCount = (random: Random): number => (random() < 0.05 ? 0 : 1 + randomInt(random, 4));

function maybeDamageText(random: Random, text: string, steps: string[]): string {
  if (random() >= 0.2) return text;
  const damaged = damageText(random, text);
  steps.push(damaged.step);
  return damaged.text;
}

/** Cards before damage, by key, as text: a card still exactly as built must open. */
const originalCards = (built: { cards: Record<string, unknown> }) =>
  new Map(Object.keys(built.cards).map((key) => [key, exactText(built.cards[key])]));

function cardsCase(random: Random, log: CaseLog, steps: string[]): string {
  const built =
    random() < 0.03 ? (buildServerCards(random) as { cards: Record<string, unknown> }) : buildCollection(random);
  const builtType = own(built, 'type');
  const originals = isRecord(built) && isRecord(built.cards) ? originalCards(built) : new Map<string, string>();
  const damaged = damage(random, built, damageCount(random));
  steps.push(...damaged.steps);
  const text = maybeDamageText(random, toText(damaged.value), steps);
  const read = readStored(log, 'cards', text, checkCollection);
  if (!read) return text;
  const input = read.parsed as { type: unknown; cards: Record<string, unknown> };
  const collection = read.value;
  if (collection.type !== 'ENCRYPTED' && collection.type !== 'UNENCRYPTED') log.fail('accepted an unknown type');
  if (!isRecord(input.cards)) {
    log.fail('accepted a collection without a map of cards');
    return text;
  }
  const keys = Object.keys(input.cards);
  const sorted = log.call('sortOut', () => sortOut(collection));
  if (!sorted.ok) return text;
  const { wellFormed, unreadable } = sorted.value;
  const accepted = Object.keys(wellFormed.cards);
  if (wellFormed.type !== collection.type) log.fail('sortOut changed the type');
  for (const key of accepted) {
    const card = (wellFormed.cards as Record<string, unknown>)[key];
    const problem = collection.type === 'UNENCRYPTED' ? plainCardProblem(key, card) : encryptedCardProblem(key, card);
    if (problem) log.fail(`sortOut accepted the card under ${excerpt(key, 30)}, which ${problem}`);
    if (card !== input.cards[key]) log.fail(`sortOut gave another object for ${excerpt(key, 30)}`);
  }
  for (const card of unreadable) {
    log.reason(`unreadable ${excerpt(card.id, 30)}`, card.reason);
    if (!isTime(card.modifiedAt)) log.fail(`unreadable ${excerpt(card.id, 30)} has no finite date`);
  }
  const counted = accountingProblem(
    keys,
    accepted,
    unreadable.map((card) => card.id),
  );
  if (counted) log.fail(`sortOut: ${counted}`);
  // A card untouched by the damage, in a collection of the kind it was built for, is never lost to it.
  if (collection.type === builtType) {
    for (const [key, original] of originals) {
      if (Object.hasOwn(input.cards, key) && exactText(input.cards[key]) === original && !accepted.includes(key)) {
        log.fail(`the undamaged card ${excerpt(key, 30)} was sorted out`);
      }
    }
  }
  if (collection.type === 'UNENCRYPTED') {
    const opened = log.call('openPlain', () => openPlain(collection));
    if (!opened.ok) return text;
    for (const card of opened.value.cards) {
      const problem = plainCardProblem(card.id, card);
      if (problem) log.fail(`openPlain showed ${excerpt(card.id, 30)}, which ${problem}`);
    }
    for (const card of opened.value.unreadable) log.reason(`openPlain unreadable ${excerpt(card.id, 30)}`, card.reason);
    const openedCount = accountingProblem(
      keys,
      opened.value.cards.map((card) => card.id),
      opened.value.unreadable.map((card) => card.id),
    );
    if (openedCount) log.fail(`openPlain: ${openedCount}`);
  }
  return text;
}

function authCase(random: Random, log: CaseLog, steps: string[]): string {
  const built = random() < 0.03 ? buildCollection(random) : buildAuth(random, random() < 0.3, random() < 0.5);
  const damaged = damage(random, built, damageCount(random));
  steps.push(...damaged.steps);
  const text = maybeDamageText(random, toText(damaged.value), steps);
  const read = readStored(log, 'auth', text, checkAuth);
  if (!read) return text;
  const { password, pin, passkey } = read.value;
  if (Object.keys(read.value).sort().join() !== 'passkey,password,pin') log.fail('checkAuth gave other fields');
  for (const [name, record] of [
    ['password', password],
    ['pin', pin],
  ] as const) {
    if (record !== null && !isRecordShape(record)) log.fail(`checkAuth accepted a damaged ${name} record`);
    if (record !== (own(read.parsed, name) ?? null)) log.fail(`checkAuth gave another ${name} record than stored`);
  }
  if (passkey !== null && !(isRecordShape(passkey) && isString(passkey.credentialId))) {
    log.fail('checkAuth accepted a damaged passkey record');
  }
  // A passkey is read only beside a PIN or password; alone it opens nothing that can be stored, and reads as none.
  const expected = password === null && pin === null ? null : (own(read.parsed, 'passkey') ?? null);
  if (passkey !== expected) log.fail('checkAuth gave another passkey record than stored');
  return text;
}

const LOCK_CHOICES: unknown[] = [1, 5, 15, 60, null];
const CLIPBOARD_CHOICES: unknown[] = [15, 30, 60, 120, null];

function preferencesCase(random: Random, log: CaseLog, steps: string[]): string {
  const damaged = damage(random, buildPreferences(random), damageCount(random));
  steps.push(...damaged.steps);
  const text = maybeDamageText(random, toText(damaged.value), steps);
  const read = readStored(log, 'preferences', text, checkPreferences);
  if (!read) return text;
  const { userInterface, updates } = read.value;
  if (userInterface.maskCardNumber !== own(own(read.parsed, 'userInterface'), 'maskCardNumber')) {
    log.fail('checkPreferences changed maskCardNumber');
  }
  if (updates.checkAtLaunch !== own(own(read.parsed, 'updates'), 'checkAtLaunch')) {
    log.fail('checkPreferences changed checkAtLaunch');
  }
  if (typeof userInterface.maskCardNumber !== 'boolean' || typeof updates.checkAtLaunch !== 'boolean') {
    log.fail('checkPreferences accepted settings that are not true or false');
  }
  const { security } = read.value;
  if (!LOCK_CHOICES.includes(security.lockAfterMinutes))
    log.fail("checkPreferences accepted a 'Lock after' not offered");
  if (!CLIPBOARD_CHOICES.includes(security.clipboardClearSeconds)) {
    log.fail('checkPreferences accepted a clipboard setting not offered');
  }
  // A setting that is stored is read as it is; one that is not reads as its default.
  const stored = own(read.parsed, 'security');
  for (const [name, fallback] of [
    ['lockAfterMinutes', 5],
    ['clipboardClearSeconds', 30],
    ['askBeforeShowingPins', false],
  ] as const) {
    const expected = Object.hasOwn(Object(stored), name) ? own(stored, name) : fallback;
    if (security[name] !== expected) log.fail(`checkPreferences changed ${name}`);
  }
  return text;
}

/** The outbox as stored, checked; when valid, entry by entry. */
function readOutbox(random: Random, log: CaseLog, steps: string[], ids: readonly string[]) {
  const damaged = damage(random, buildOutbox(random, ids), random() < 0.4 ? 0 : damageCount(random));
  steps.push(...damaged.steps.map((step) => `outbox: ${step}`));
  const text = maybeDamageText(random, toText(damaged.value), steps);
  const read = readStored(log, 'outbox', text, checkOutbox);
  if (!read) return { text, outbox: undefined };
  const outbox = read.value;
  if (outbox.uid !== null && typeof outbox.uid !== 'string') log.fail('checkOutbox accepted a uid that is not text');
  for (const [key, entry] of Object.entries(outbox.cards as Record<string, unknown>)) {
    const deletion = isRecord(entry) && entry.deleted === true;
    const problem = deletion
      ? entry.id !== key || !isTime(entry.modifiedAt) || Object.keys(entry).length !== 3
        ? 'is a damaged deletion'
        : null
      : isRecord(entry) && Object.hasOwn(entry, 'deleted')
        ? `is a card with deleted: ${excerpt(toText(entry.deleted), 20)}`
        : encryptedCardProblem(key, entry);
    if (problem) log.fail(`checkOutbox accepted the entry under ${excerpt(key, 30)}, which ${problem}`);
  }
  return { text, outbox };
}

/** The server's cards with the waiting changes laid over them: the newer of each wins, nothing else appears or goes. */
function checkOverlay(log: CaseLog, server: ReturnType<typeof parseServerCards>['collection'], outbox: Outbox): void {
  const expected = new Map<string, unknown>(Object.keys(server.cards).map((key) => [key, server.cards[key]]));
  for (const key of Object.keys(outbox.cards)) {
    const entry = outbox.cards[key] as unknown as Record<string, unknown>;
    const there = expected.get(key) as { modifiedAt: number } | undefined;
    if (there && there.modifiedAt > (entry.modifiedAt as number)) continue;
    if (entry.deleted === true) expected.delete(key);
    else expected.set(key, entry);
  }
  const shown = log.call('overlay', () => overlay(server, outbox));
  if (!shown.ok) return;
  const cards = shown.value.cards as Record<string, unknown>;
  const keys = Object.keys(cards);
  const counted = accountingProblem([...expected.keys()], keys, []);
  if (counted) log.fail(`overlay: ${counted}`);
  for (const key of keys) {
    if (expected.has(key) && cards[key] !== expected.get(key)) log.fail(`overlay shows another card for ${key}`);
  }
}

function serverCase(random: Random, log: CaseLog, steps: string[]): string {
  const wrongKind = random() < 0.03;
  const built = wrongKind ? buildCollection(random) : buildServerCards(random);
  const originals =
    isRecord(built) && !wrongKind ? new Map(Object.keys(built).map((key) => [key, exactText(built[key])])) : new Map();
  const damaged = damage(random, built, damageCount(random), true);
  steps.push(...damaged.steps);
  // The SDK hands over what JSON can hold; a direct value also brings NaN, -0, Infinity and undefined.
  const text = toText(damaged.value);
  const payload = deepFreeze(random() < 0.3 ? JSON.parse(text) : materialize(damaged.value));
  const parsed = log.call('parseServerCards', () => parseServerCards(payload));
  if (!parsed.ok) return text;
  const { collection, malformed } = parsed.value;
  if (collection.type !== 'ENCRYPTED') log.fail('parseServerCards gave a collection that is not ENCRYPTED');
  const accepted = Object.keys(collection.cards);
  for (const key of accepted) {
    const card = collection.cards[key];
    const problem = encryptedCardProblem(key, card, true);
    if (problem) log.fail(`parseServerCards accepted the entry under ${excerpt(key, 30)}, which ${problem}`);
    const sent = own(payload, key);
    if (
      !isRecord(sent) ||
      sent.id !== card?.id ||
      sent.modifiedAt !== card?.modifiedAt ||
      own(sent.data, 'cipherText') !== card?.data.cipherText ||
      own(sent.data, 'iv') !== card?.data.iv
    ) {
      log.fail(`parseServerCards changed the card under ${excerpt(key, 30)}`);
    }
  }
  for (const entry of malformed) log.reason(`malformed ${excerpt(entry.key, 30)}`, entry.reason);
  if (payload === null || payload === undefined) {
    if (accepted.length + malformed.length > 0) log.fail('parseServerCards found entries in nothing');
  } else if (!isRecord(payload)) {
    if (accepted.length !== 0 || malformed.length !== 1) log.fail('a payload that is not a map was not reported once');
  } else {
    const counted = accountingProblem(
      Object.keys(payload),
      accepted,
      malformed.map((entry) => entry.key),
    );
    if (counted) log.fail(`parseServerCards: ${counted}`);
    for (const [key, original] of originals) {
      if (Object.hasOwn(payload, key) && exactText(payload[key]) === original && !accepted.includes(key)) {
        log.fail(`the undamaged card ${excerpt(key, 30)} was reported malformed`);
      }
    }
  }
  const { outbox } = readOutbox(random, log, steps, accepted);
  if (outbox) checkOverlay(log, collection, outbox);
  return text;
}

function outboxCase(random: Random, log: CaseLog, steps: string[]): string {
  const server = parseServerCards(buildServerCards(random)).collection;
  const { text, outbox } = readOutbox(random, log, steps, Object.keys(server.cards));
  if (outbox) checkOverlay(log, server, outbox);
  return text;
}

export const KINDS = [
  [0.35, 'cards', cardsCase],
  [0.6, 'server', serverCase],
  [0.75, 'outbox', outboxCase],
  [0.9, 'auth', authCase],
  [1, 'preferences', preferencesCase],
] as const;
