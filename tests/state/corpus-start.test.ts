/**
 * A few hundred damaged device states (all five storage keys) through the real startApp(), as a page load runs it.
 * States start realistic: no secret with plain cards, or a genuine PIN record with the cards its engine encrypted
 * (sometimes another engine's) and sometimes a count of wrong PINs, sometimes an account's password record; then
 * values are damaged, dropped or cut.
 *
 * For every state: startApp settles without an unhandled rejection; storage is byte for byte as it was (the one
 * documented exception: a password record with nobody signed in means the account left this device, which clears
 * its cards, records, outbox and count of wrong PINs); and the app ends in a view (the cards, each opened or counted
 * unreadable, or the lock) or on the storage-problem screen with a plain reason for each key it could not read. Some
 * locked states are then unlocked with the PIN: the cards show, each opened or counted, or the attempt ends in a plain
 * message; either way storage changes only as unlocking documents it (the mirror of the count of wrong PINs, which
 * then holds the engine's count whatever was stored there, and the PIN record bound to this device once it opened).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CardCollection } from '../../src/domain/card';
import type { PinAttempts } from '../../src/domain/pin-attempts';
import { checkPinAttempts, countFor, noAttempts } from '../../src/domain/pin-attempts';
import type { PinRecord } from '../../src/domain/secret';
import { cardDataProblem } from '../../src/domain/stored-cards';
import { checkDetailsCollection } from '../../src/domain/stored-details';
import { checkAuth, checkCollection, checkOutbox, checkPreferences } from '../../src/domain/stored-shapes';
import { getEngine } from '../../src/engine';
import { appState, startApp } from '../../src/state/lifecycle';
import { unlockWithPin } from '../../src/state/secrets';
import { cardsState } from '../../src/state/store';
import type { StoredValueName } from '../../src/storage/local-storage';
import { discard, STORAGE_KEYS } from '../../src/storage/local-storage';
import { REVISION_KEY } from '../../src/storage/write-sequence';
import { caseSeed, excerpt, plainReasonProblem } from '../support/corpus/cases';
import { buildState, makeWallets, type State } from '../support/corpus/device-states';
import { isRecord } from '../support/corpus/values';
import { baseSeed, mulberry32 } from '../support/seeded';

const PIN = '274951';
const NOW = 1_722_000_000_000;
/** A fixed base, printed with any failure; VITE_SLEEVE_CORPUS_SEED=s replays base s, =random draws one (the browser sees VITE_ only). */
const BASE = baseSeed(import.meta.env.VITE_SLEEVE_CORPUS_SEED, 902_117_364);
const CASES = 300;
const NAMES = Object.keys(STORAGE_KEYS) as StoredValueName[];

beforeAll(() => makeWallets(PIN, NOW), 20_000);

afterAll(async () => {
  await getEngine().lock();
  localStorage.clear();
  await discard(...NAMES);
});

/**
 * Why what unlocking did to storage is not what it documents, or `null`: the mirror of the count of wrong PINs may
 * change, to the engine's count (`counted`, none once the PIN opened), and a PIN record that opened may be bound to
 * this device (the same PIN layer, with a device layer). Nothing else.
 */
function unlockChangeProblem(
  before: Record<string, string>,
  after: Record<string, string>,
  unlocked: boolean,
  counted: PinAttempts,
) {
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === STORAGE_KEYS.auth || key === STORAGE_KEYS.pinAttempts || before[key] === after[key]) continue;
    return `unlocking changed ${key}`;
  }
  const auth = {
    before: JSON.parse(before[STORAGE_KEYS.auth] ?? 'null'),
    after: JSON.parse(after[STORAGE_KEYS.auth] ?? 'null'),
  };
  const pin: PinRecord = auth.before.pin;
  if (before[STORAGE_KEYS.auth] !== after[STORAGE_KEYS.auth]) {
    const bound: PinRecord = auth.after.pin;
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const sameLayer =
      unlocked &&
      // A record that is absent reads as none (null), and is written as such once the PIN record is rewritten.
      same(auth.after.password ?? null, auth.before.password ?? null) &&
      !Object.hasOwn(pin, 'device') &&
      bound.salt === pin.salt &&
      bound.encryptedDek.iv === pin.encryptedDek.iv &&
      bound.modifiedAt === pin.modifiedAt &&
      typeof bound.device?.iv === 'string';
    if (!sameLayer) return 'unlocking changed the records other than by binding the PIN record';
  }
  const mirrored = countFor(JSON.parse(after[STORAGE_KEYS.pinAttempts] ?? 'null') ?? noAttempts(), pin.salt);
  if (unlocked && counted.wrongInARow !== 0) return `unlocking left ${counted.wrongInARow} wrong PINs`;
  if (mirrored.wrongInARow !== counted.wrongInARow) {
    return `the mirror holds ${mirrored.wrongInARow} wrong PINs, the engine ${counted.wrongInARow}`;
  }
  return null;
}

/** Every key as stored, but the number of the last write, which is bookkeeping rather than anyone's data. */
const snapshot = (): Record<string, string> => {
  const all: Record<string, string> = {};
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index) as string;
    if (key !== REVISION_KEY) all[key] = localStorage.getItem(key) as string;
  }
  return all;
};

/** What each key holds as the validators see it: parsed and checked, or why not. */
function read(state: State) {
  const parse = <T>(name: StoredValueName, check: (value: unknown) => { ok: boolean; value?: T }) => {
    const text = state[name];
    if (text === undefined) return { ok: true, value: undefined };
    try {
      const checked = check(JSON.parse(text));
      return { ok: checked.ok, value: checked.value };
    } catch {
      return { ok: false, value: undefined };
    }
  };
  return {
    cards: parse('cards', checkCollection),
    details: parse('details', checkDetailsCollection),
    auth: parse('auth', checkAuth),
    preferences: parse('preferences', checkPreferences),
    outbox: parse('outbox', checkOutbox),
    pinAttempts: parse('pinAttempts', checkPinAttempts),
  };
}

/** Runs one promise to its end, or says it did not end in time. */
async function settle(work: Promise<unknown>, what: string): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`${what} did not settle within 10 s`), 10_000);
  });
  try {
    return await Promise.race([work.then(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

const shownProblems = (failures: string[], where: string) => {
  const ids = [...cardsState.cards.map((card) => card.id), ...cardsState.unreadable.map((card) => card.id)];
  for (const card of cardsState.cards) {
    const problem = cardDataProblem(card.data);
    if (problem) failures.push(`${where}: shows ${excerpt(card.id, 20)}, whose data is not card data (${problem})`);
  }
  for (const card of cardsState.unreadable) {
    const problem = plainReasonProblem(card.reason);
    if (problem) failures.push(`${where}: unreadable ${excerpt(card.id, 20)}: ${problem}`);
  }
  return ids;
};

/** Each stored card shown or counted unreadable exactly once, and nothing else. */
function accounted(failures: string[], where: string, cards: unknown): void {
  const keys = isRecord(cards) && isRecord(cards.cards) ? Object.keys(cards.cards) : [];
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const id of shownProblems(failures, where)) counts.set(id, (counts.get(id) ?? 0) - 1);
  const wrong = [...counts].filter(([, count]) => count !== 0);
  if (wrong.length > 0) {
    const listed = wrong.slice(0, 4).map(([key, count]) => `${excerpt(key, 20)} ${count > 0 ? 'missing' : 'extra'}`);
    failures.push(`${where}: cards not shown or counted exactly once: ${listed.join(', ')}`);
  }
}

async function runCase(seed: number): Promise<{ failures: string[]; outcome: string }> {
  const random = mulberry32(seed);
  const steps: string[] = [];
  const state = buildState(random, steps);
  await getEngine().lock();
  localStorage.clear();
  await discard(...NAMES);
  for (const name of NAMES) {
    const text = state[name];
    if (text !== undefined) localStorage.setItem(STORAGE_KEYS[name], text);
  }
  const before = snapshot();
  const failures: string[] = [];
  let outcome = 'unfinished';
  const rejections: unknown[] = [];
  const onRejection = (event: PromiseRejectionEvent) => rejections.push(event.reason);
  window.addEventListener('unhandledrejection', onRejection);
  try {
    const late = await settle(
      startApp().catch((error: unknown) => failures.push(`startApp rejected: ${String(error)}`)),
      'startApp',
    );
    if (late) failures.push(late);
    const expected = read(state);
    const unreadable = NAMES.filter((name) => !expected[name].ok);
    const auth = expected.auth.value as { password: unknown; pin: unknown } | undefined;
    const cards = expected.cards.value as CardCollection | undefined;
    const hasSecret = !!auth && (auth.password !== null || auth.pin !== null);
    if (cards?.type === 'ENCRYPTED' && Object.keys(cards.cards).length > 0 && expected.auth.ok && !hasSecret) {
      unreadable.push('cards');
    }
    const after = snapshot();
    const accountLeft = unreadable.length === 0 && !!auth && auth.password !== null;
    if (accountLeft) {
      // Nobody is signed in for this device's account: its data left, preferences stay (src/state/leave.ts).
      const left = before[STORAGE_KEYS.preferences];
      const kept = left === undefined ? {} : { [STORAGE_KEYS.preferences]: left };
      if (JSON.stringify(after) !== JSON.stringify(kept)) failures.push('the account left, but not exactly its data');
    } else if (JSON.stringify(after) !== JSON.stringify(before)) {
      const changed = Object.keys({ ...before, ...after }).filter((key) => before[key] !== after[key]);
      failures.push(`storage changed: ${changed.join(', ')}`);
    }
    outcome = accountLeft
      ? 'account left'
      : appState.phase === 'ready'
        ? appState.locked
          ? 'locked'
          : 'open'
        : appState.phase;
    if (appState.phase === 'problem') {
      if (appState.problems.length === 0) failures.push('a storage problem without a reason');
      for (const problem of appState.problems) {
        const wrong = plainReasonProblem(problem.reason);
        if (wrong) failures.push(`problem with ${problem.name}: ${wrong}`);
      }
      const named = appState.problems.map((problem) => problem.name).sort();
      if (named.join() !== [...new Set(unreadable)].sort().join()) {
        failures.push(`problems named ${named.join() || 'nothing'}, expected ${unreadable.join() || 'none'}`);
      }
    } else if (appState.phase === 'ready') {
      if (unreadable.length > 0) failures.push(`ready although ${unreadable.join(', ')} cannot be read`);
      if (appState.locked) {
        if (cardsState.cards.length > 0) failures.push('locked, yet cards are shown');
        if (!hasSecret) failures.push('locked without a PIN or password');
        if (auth?.pin && !accountLeft && random() < 0.3) {
          let message: string | null = null;
          const late = await settle(
            unlockWithPin(PIN).catch((error: unknown) => {
              message = error instanceof Error ? error.message : String(error);
            }),
            'unlockWithPin',
          );
          if (late) failures.push(late);
          outcome = message === null ? 'unlocked' : 'unlock refused';
          if (message !== null) {
            const wrong = plainReasonProblem(message);
            if (wrong) failures.push(`unlocking failed without a plain message: ${wrong}`);
            if (!appState.locked) failures.push('unlocking failed, yet the app is open');
          } else {
            if (appState.locked) failures.push('unlocked, yet still locked');
            accounted(failures, 'unlocked', cards);
          }
          const counted = await getEngine().pinAttempts(auth.pin as PinRecord);
          const changed = unlockChangeProblem(before, snapshot(), message === null, counted);
          if (changed) failures.push(changed);
        }
      } else if (!accountLeft) {
        accounted(failures, 'open', cards ?? { cards: {} });
      }
    } else {
      failures.push(`the app ended in phase ${appState.phase}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const reason of rejections) failures.push(`unhandled rejection: ${String(reason)}`);
  } finally {
    window.removeEventListener('unhandledrejection', onRejection);
  }
  if (failures.length === 0) return { failures, outcome };
  const shown = NAMES.map((name) => `${name}=${state[name] === undefined ? 'absent' : excerpt(state[name], 160)}`);
  const failure = `case seed ${seed} (${steps.join('; ')}): ${failures.join(' | ')}\n    ${shown.join('\n    ')}`;
  return { failures: [failure], outcome };
}

/**
 * Case seeds a run once failed on, replayed every run. 2528163672: a PIN record beside a `password` member stored
 * under another name, so absent; binding the PIN wrote the password as none (null), which is how it was read.
 */
const PINNED_CASES = [2528163672];

describe('starting the app on damaged storage', () => {
  test('the case seeds that once failed', async () => {
    for (const seed of PINNED_CASES) expect((await runCase(seed)).failures.join('\n')).toBe('');
  });

  test(`${CASES} device states from base seed ${BASE}`, async () => {
    const failures: string[] = [];
    const outcomes = new Map<string, number>();
    for (let index = 0; index < CASES; index++) {
      const result = await runCase(caseSeed(BASE, index));
      failures.push(...result.failures);
      outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
    }
    console.info(
      `corpus-start: ${CASES} states from base seed ${BASE}: ${JSON.stringify(Object.fromEntries(outcomes))}`,
    );
    expect(failures.slice(0, 10).join('\n'), `base seed ${BASE}, ${failures.length} failing states`).toBe('');
  }, 120_000);
});
