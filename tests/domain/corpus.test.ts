/**
 * @vitest-environment happy-dom
 *
 * A corpus of mutated stored values and server payloads run through the real validators and openers: realistic values
 * (tests/support/corpus/) damaged at random, then read as the app reads them. For every case: nothing throws; what
 * is accepted is well-formed card by card; what is refused comes with a reason in plain words; every entry that went
 * in comes out exactly once (opened, or listed as unreadable or malformed); the input is never changed (it is frozen)
 * and what is stored stays byte for byte as it was.
 *
 * Fixed base seeds, printed with any failure; pinned seeds below replay cases that once failed.
 * SLEEVE_CORPUS_RUNS=n runs n bases instead of one; SLEEVE_CORPUS_SEED=s replays base s, =random draws new ones.
 * In happy-dom (the docblock above), for the storage the stored values are written to and read back from.
 */
import { describe, expect, it } from 'vitest';
import { NETWORKS, THEMES } from '../../src/domain/card';
import type { Outbox } from '../../src/domain/outbox';
import { overlay } from '../../src/domain/outbox';
import { parseServerCards } from '../../src/domain/server-shapes';
import { cardDataProblem, openPlain, sortOut } from '../../src/domain/stored-cards';
import type { Checked } from '../../src/domain/stored-shapes';
import { checkAuth, checkCollection, checkOutbox, checkPreferences } from '../../src/domain/stored-shapes';
import type { Loaded, StoredValueName } from '../../src/storage/local-storage';
import {
  loadAuth,
  loadCards,
  loadDetails,
  loadOutbox,
  loadPinAttempts,
  loadPreferences,
  STORAGE_KEYS,
} from '../../src/storage/local-storage';
import {
  buildAuth,
  buildCollection,
  buildOutbox,
  buildPreferences,
  buildServerCards,
} from '../support/corpus/builders';
import { caseSeed, excerpt, plainReasonProblem } from '../support/corpus/cases';
import { damage, damageText } from '../support/corpus/damage';
import { deepFreeze, exactText, isRecord, materialize, own, toText } from '../support/corpus/values';
import type { Random } from '../support/seeded';
import { baseSeed, mulberry32, randomInt } from '../support/seeded';

const env = import.meta.env as Record<string, string | undefined>;
const RUNS = Math.max(1, Number(env.SLEEVE_CORPUS_RUNS ?? 1) || 1);
const REPLAY = env.SLEEVE_CORPUS_SEED;
const CASES_PER_BASE = 5_000;
/** Always run, so a change that breaks the corpus fails every time and not only on an unlucky draw. */
const FIXED_BASE = 20_250_601;
/**
 * Case seeds that found a bug; each replays exactly that case (see caseSeed) as long as tests/support/corpus/ draws
 * the same way. A change to the generator redraws them: find new ones by running the corpus with the fix reverted.
 * The bugs themselves are also held by the hand-written cases in 'what the corpus found', which do not depend on it.
 */
const PINNED: { seed: number; found: string }[] = [
  { seed: 1424852263, found: 'a theme nested thousands deep made sortOut overflow the stack' },
  { seed: 447765609, found: 'a network nested thousands deep made sortOut overflow the stack' },
  { seed: 3449240196, found: "a missing theme read 'its theme undefined is unknown'" },
  { seed: 841110951, found: 'an unknown network was written out whole in its reason (3,025 characters)' },
  { seed: 3345665734, found: 'a plain card stored under "__proto__" vanished from sortOut and openPlain' },
  { seed: 3049812684, found: 'a server card under "__proto__" vanished from parseServerCards' },
  { seed: 2311164158, found: 'a waiting change under "__proto__" vanished from overlay' },
  { seed: 3459860215, found: 'checkCollection wrote a 140,000-character key into its reason' },
  { seed: 3432268431, found: 'checkOutbox wrote a 20,000-character key into its reason' },
  { seed: 2913124490, found: 'an outbox card with deleted: 1 was accepted as a card, then laid over as a deletion' },
  {
    seed: 1679089543,
    found: 'an outbox card with deleted: false was accepted as a card, then laid over as a deletion',
  },
];
const MIN_CASES = 10_000;
/** About 3 s per base on a quiet machine; generous, so a busy one does not time out. */
const BASE_TIMEOUT = 60_000;

let ran = 0;

// ---- what a valid value is, written out independently of the validators ----

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';

function plainCardProblem(key: string, card: unknown): string | null {
  if (!isRecord(card)) return 'is not an object';
  if (card.id !== key) return `has id ${excerpt(String(card.id), 30)} under key ${excerpt(key, 30)}`;
  if (!isTime(card.modifiedAt)) return 'has no finite modifiedAt';
  const data = card.data;
  if (!isRecord(data)) return 'has no data object';
  for (const field of ['number', 'expiry', 'cardholder', 'issuer', 'cvv']) {
    if (!isString(data[field])) return `has a ${field} that is not text`;
  }
  if (!(NETWORKS as readonly unknown[]).includes(data.network)) return 'has an unknown network';
  if (!(THEMES as readonly unknown[]).includes(data.theme)) return 'has an unknown theme';
  const problem = cardDataProblem(data);
  return problem === null ? null : `fails cardDataProblem: ${problem}`;
}

function encryptedCardProblem(key: string, card: unknown, exact = false): string | null {
  if (!isRecord(card)) return 'is not an object';
  if (card.id !== key) return `has id ${excerpt(String(card.id), 30)} under key ${excerpt(key, 30)}`;
  if (!isTime(card.modifiedAt)) return 'has no finite modifiedAt';
  const data = card.data;
  if (!isRecord(data) || !isString(data.cipherText) || !isString(data.iv)) return 'has no cipherText and iv';
  if (exact && Object.keys(data).length !== 2) return 'has more than cipherText and iv';
  return null;
}

const isRecordShape = (value: unknown): boolean =>
  isRecord(value) &&
  isString(value.salt) &&
  isRecord(value.encryptedDek) &&
  isString(value.encryptedDek.ciphertext) &&
  isString(value.encryptedDek.iv) &&
  isTime(value.modifiedAt);

/** Each key of `input` once among `accepted` and `listed` together, and nothing else. */
function accountingProblem(input: readonly string[], accepted: readonly string[], listed: readonly string[]) {
  const counts = new Map<string, number>();
  for (const key of input) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const key of [...accepted, ...listed]) counts.set(key, (counts.get(key) ?? 0) - 1);
  const wrong = [...counts].filter(([, count]) => count !== 0);
  if (wrong.length === 0) return null;
  const shown = wrong.slice(0, 4).map(([key, count]) => `${excerpt(key, 30)} ${count > 0 ? 'vanished' : 'appeared'}`);
  return `entries not accounted for exactly once: ${shown.join(', ')}`;
}

// ---- one case ----

class CaseLog {
  readonly failures: string[] = [];
  fail(message: string): void {
    this.failures.push(message);
  }
  /** Runs a validator; a throw is a failure, never a result. */
  call<T>(name: string, run: () => T): { ok: true; value: T } | { ok: false } {
    try {
      return { ok: true, value: run() };
    } catch (error) {
      this.fail(`${name} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      return { ok: false };
    }
  }
  reason(where: string, reason: unknown): void {
    const problem = plainReasonProblem(reason);
    if (problem) this.fail(`${where}: ${problem}`);
  }
}

const LOADERS: Record<StoredValueName, () => Loaded<unknown>> = {
  cards: loadCards,
  details: loadDetails,
  auth: loadAuth,
  preferences: loadPreferences,
  outbox: loadOutbox,
  pinAttempts: loadPinAttempts,
};

/**
 * The stored text through the storage module's real read (which must leave it as it is) and through JSON.parse and
 * the checker on a frozen copy; both must agree. Returns the frozen parsed value and the check, when both ran.
 */
function readStored<T>(log: CaseLog, name: StoredValueName, text: string, check: (value: unknown) => Checked<T>) {
  const key = STORAGE_KEYS[name];
  localStorage.setItem(key, text);
  const loaded = log.call(`load ${name}`, LOADERS[name]);
  if (localStorage.getItem(key) !== text) log.fail(`reading ${name} changed what is stored`);
  localStorage.removeItem(key);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    if (loaded.ok && loaded.value.ok) log.fail(`load ${name} accepted text that is not JSON`);
    if (loaded.ok && !loaded.value.ok) log.reason(`load ${name}`, loaded.value.reason);
    return undefined;
  }
  deepFreeze(parsed);
  const checked = log.call(`check ${name}`, () => check(parsed));
  if (!checked.ok) return undefined;
  if (loaded.ok && loaded.value.ok !== checked.value.ok) log.fail(`load ${name} and the check disagree`);
  if (!checked.value.ok) {
    log.reason(`check ${name}`, checked.value.reason);
    if (loaded.ok && !loaded.value.ok && loaded.value.reason !== checked.value.reason) {
      log.fail(`load ${name} gives another reason than the check`);
    }
    return undefined;
  }
  return { parsed, value: checked.value.value };
}

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

const KINDS = [
  [0.35, 'cards', cardsCase],
  [0.6, 'server', serverCase],
  [0.75, 'outbox', outboxCase],
  [0.9, 'auth', authCase],
  [1, 'preferences', preferencesCase],
] as const;

/** One case from its seed: what failed, with what it was given. */
function runCase(seed: number): string[] {
  ran += 1;
  const random = mulberry32(seed);
  const roll = random();
  const [, kind, run] = KINDS.find(([below]) => roll < below) ?? KINDS[0];
  const log = new CaseLog();
  const steps: string[] = [];
  let input = '';
  try {
    input = run(random, log, steps);
  } catch (error) {
    log.fail(`the case itself broke: ${error instanceof Error ? error.stack : String(error)}`);
  }
  if (log.failures.length === 0) return [];
  return [
    `case seed ${seed} (${kind}; ${steps.join('; ') || 'undamaged'}): ${log.failures.join(' | ')}\n    input ${excerpt(input)}`,
  ];
}

function runBase(base: number, count: number): string[] {
  const failures: string[] = [];
  for (let index = 0; index < count; index++) failures.push(...runCase(caseSeed(base, index)));
  return failures;
}

const report = (base: number, failures: string[]) =>
  failures.length === 0
    ? ''
    : `${failures.length} failing cases with base seed ${base} (replay: SLEEVE_CORPUS_SEED=${base}; pin a case seed in PINNED):\n${failures.slice(0, 20).join('\n')}`;

/** The cases the corpus found, written out by hand so they hold whatever the generator later draws. */
describe('what the corpus found', () => {
  const card = {
    id: 'Ab3dEf9h',
    modifiedAt: 1,
    data: {
      number: '4111111111111111',
      expiry: '12/29',
      cardholder: 'Ada',
      issuer: '',
      cvv: '',
      network: 'VISA',
      theme: 'SKY',
    },
  };
  const sealed = { id: 'Sealed01', modifiedAt: 2, data: { cipherText: 'YWJj', iv: 'aXY=' } };

  it('lists a card whose network is nested 100,000 deep as unreadable, with a short reason', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"VISA"${']'.repeat(100_000)}`);
    const opened = openPlain({
      type: 'UNENCRYPTED',
      cards: { [card.id]: { ...card, data: { ...card.data, network: deep } } },
    } as never);
    expect(opened.unreadable).toEqual([{ id: card.id, modifiedAt: 1, reason: 'its network is not one Sleeve knows' }]);
    const { theme: _, ...noTheme } = card.data;
    expect(cardDataProblem(noTheme)).toBe('its theme is missing');
    expect(cardDataProblem({ ...card.data, theme: 'GOLD' })).toBe('its theme "GOLD" is unknown');
  });

  it('keeps a card stored or sent under "__proto__" in view or in the list, never neither', () => {
    const stored = JSON.parse(
      `{"type":"UNENCRYPTED","cards":{"__proto__":${JSON.stringify({ ...card, id: '__proto__' })}}}`,
    );
    expect(openPlain(stored).cards.map((shown) => shown.id)).toEqual(['__proto__']);
    const sent = JSON.parse(`{"__proto__":${JSON.stringify({ ...sealed, id: '__proto__' })}}`);
    const { collection } = parseServerCards(sent);
    expect(Object.keys(collection.cards)).toEqual(['__proto__']);
    const waiting = JSON.parse(`{"uid":"ada","cards":{"__proto__":${JSON.stringify({ ...sealed, id: '__proto__' })}}}`);
    expect(Object.keys(overlay({ type: 'ENCRYPTED', cards: {} }, waiting).cards)).toEqual(['__proto__']);
  });

  it('refuses an outbox entry that says deleted without being exactly a deletion', () => {
    for (const deleted of [false, null, 0, 'true']) {
      expect(checkOutbox({ uid: 'ada', cards: { Sealed01: { ...sealed, deleted } } }).ok).toBe(false);
    }
    expect(checkOutbox({ uid: 'ada', cards: { Sealed01: { id: 'Sealed01', deleted: true, modifiedAt: 3 } } }).ok).toBe(
      true,
    );
  });

  it('does not write a huge key into the reason for a damaged entry', () => {
    const key = 'k'.repeat(20_000);
    const checked = checkCollection({ type: 'UNENCRYPTED', cards: { [key]: 'card' } });
    expect(checked).toEqual({ ok: false, reason: 'the value stored under one of its keys is not a card' });
    expect(checkCollection({ type: 'UNENCRYPTED', cards: { x: 'card' } })).toEqual({
      ok: false,
      reason: 'the value stored under "x" is not a card',
    });
  });
});

describe('a corpus of damaged stored values and server payloads', () => {
  it.skipIf(PINNED.length === 0)('replays the pinned cases that once failed', () => {
    const failures = PINNED.flatMap(({ seed }) => runCase(seed));
    expect(failures.join('\n')).toBe('');
  });

  it(`runs ${CASES_PER_BASE} cases from the fixed base seed ${FIXED_BASE}`, { timeout: BASE_TIMEOUT }, () => {
    expect(report(FIXED_BASE, runBase(FIXED_BASE, CASES_PER_BASE))).toBe('');
  });

  // Further bases, fixed unless SLEEVE_CORPUS_SEED says `random` (or names one to replay).
  const bases = Array.from({ length: REPLAY && REPLAY !== 'random' ? 1 : RUNS }, (_, index) =>
    baseSeed(REPLAY, (FIXED_BASE + 1 + index) >>> 0),
  );
  it.each(bases)(`runs ${CASES_PER_BASE} cases from the base seed %i`, { timeout: BASE_TIMEOUT }, (base) => {
    expect(report(base, runBase(base, CASES_PER_BASE))).toBe('');
  });

  it(`has run at least ${MIN_CASES} cases`, () => {
    expect(ran).toBeGreaterThanOrEqual(MIN_CASES);
  });
});
