/**
 * Running one sequence: the actions started among everything else that may happen (a random choice at each step
 * among the flows that can go on, storage events, network deliveries and Firebase's events), then things settle and
 * the invariants are checked. A failing sequence is shrunk to its shortest action list and reported with a trace.
 */
import type { AuthRecords } from '../../../src/domain/secret';
import type { Random } from '../seeded';
import { mulberry32, randomInt } from '../seeded';
import type { Action } from './actions';
import { describeAction, makeActions, startAction } from './actions';
import { openTab } from './app';
import type { Flow, Run } from './core';
import { ModelFailure, TABS_PER_DEVICE } from './core';
import type { Tab } from './device';
import type { Fixes } from './fixes';
import { check } from './invariants';
import { deliverDown, deliverUp, setOnline } from './network';
import { keepDeviceKey } from './newer-password';
import { checkForged, decideKeptApart } from './old-keys';
import { lockDevice, unlock } from './secrets';
import { storageEventArrives } from './tabs';
import { keyOfRecord, shownSummary, storedSummary } from './tokens';
import { World } from './world';

/** Scheduler steps a sequence may take to settle before it counts as never settling (livelock). */
const SETTLE_LIMIT = 20_000;

export interface Outcome {
  ok: boolean;
  /** The random run the sequence belongs to (see `Run`). */
  run: Run;
  failure?: ModelFailure;
  dump?: string[];
  log: string[];
  stats: World['stats'];
}

type Choice = { label: string; run: () => void };

function choices(world: World): Choice[] {
  const list: Choice[] = [];
  for (const co of world.cos) {
    if (world.runnable(co)) list.push({ label: `${co.tab.name} ${co.name}`, run: () => world.advance(co) });
  }
  for (const device of world.devices) {
    for (const tab of device.tabs) {
      if (!tab.alive) continue;
      const fb = tab.fb;
      if (tab.storageEvents.length > 0)
        list.push({ label: `${tab.name} storage event`, run: () => storageEventArrives(world, tab) });
      if (device.online && fb.pending.some((write) => !write.sent))
        list.push({ label: `${tab.name} uplink`, run: () => deliverUp(world, tab) });
      if (device.online && fb.downlink.length > 0)
        list.push({ label: `${tab.name} downlink`, run: () => deliverDown(world, tab) });
      const connection = fb.connection;
      if (connection && fb.noticed !== fb.socketUp)
        list.push({
          label: `${tab.name} .info/connected`,
          run: () => {
            fb.noticed = fb.socketUp;
            connection.connectionChanged(fb.socketUp);
          },
        });
      const listener = fb.cards;
      const view = fb.valueEvents[0];
      if (listener && view)
        list.push({
          label: `${tab.name} value event`,
          run: () => {
            fb.valueEvents.shift();
            listener.serverCards(view);
          },
        });
      const auth = fb.auth;
      const heard = fb.auths[0];
      if (auth && device.online && heard)
        list.push({
          label: `${tab.name} password record`,
          run: () => {
            fb.auths.shift();
            auth.authHeard(heard.password, heard.retiredKeys);
          },
        });
      const session = tab.session;
      if (session?.keepDue)
        list.push({
          label: `${tab.name} keep for offline`,
          run: () => session.spawn('keep for offline', session.keepForOffline()),
        });
      const users = fb.users;
      if (users && fb.userNotices.length > 0)
        list.push({ label: `${tab.name} auth state`, run: () => users.userChanged(fb.userNotices.shift() ?? null) });
    }
  }
  return list;
}

function quiesce(world: World, random: Random, what: string): void {
  for (let step = 0; ; step++) {
    if (step > SETTLE_LIMIT) throw new ModelFailure('settles', `still busy after ${SETTLE_LIMIT} steps (${what})`);
    const list = choices(world);
    if (list.length === 0) return;
    step1(world, random, list);
  }
}

function step1(world: World, random: Random, list: Choice[]): void {
  const choice = list[randomInt(random, list.length)]!;
  world.time += randomInt(random, 3);
  world.stats.steps += 1;
  if (world.verbose) world.note(`· ${choice.label}`);
  choice.run();
  world.cos = world.cos.filter((co) => !co.done);
  checkForged(world);
}

export function runSequence(
  seed: number,
  fixes: Fixes,
  given?: readonly Action[],
  verbose = false,
  run: Run = 'twoDevices',
): Outcome & { actions: Action[] } {
  const actionRandom = mulberry32(seed);
  const actions = given ? [...given] : makeActions(actionRandom, run);
  const random = mulberry32(seed ^ 0x5eed);
  const world = new World(random, fixes, verbose, run);
  for (const device of world.devices) {
    for (let slot = 0; slot < TABS_PER_DEVICE; slot++) openTab(world, device, slot);
  }
  try {
    let index = 0;
    let guard = 0;
    while (index < actions.length) {
      if (++guard > SETTLE_LIMIT) throw new ModelFailure('settles', 'actions never got their turn');
      const list = choices(world);
      if (list.length === 0 || random() < 0.3) {
        const outcome = startAction(world, actions[index]!);
        if (outcome !== 'wait') {
          index += 1;
          continue;
        }
      }
      if (list.length === 0) continue;
      step1(world, random, list);
    }
    settle(world, random);
    check(world);
    return { ok: true, log: world.log, stats: world.stats, actions, run };
  } catch (error) {
    if (!(error instanceof ModelFailure)) throw error;
    return {
      ok: false,
      failure: error,
      dump: dumpWorld(world),
      log: world.log,
      stats: world.stats,
      actions,
      run,
    };
  }
}

/** Rounds of settling before a tab still waiting for a newer password counts as never settling. */
const SETTLE_ROUNDS = 4;

/**
 * Every device online, everything delivered, then every locked tab unlocked, then everything delivered again. A tab
 * waiting for a newer password gets it entered; where its key is refused, the person keeps this device's key, which
 * other devices then hear as a newer record: so in rounds.
 */
function settle(world: World, random: Random): void {
  world.note('--- settling ---');
  for (const device of world.devices) setOnline(world, device, true);
  quiesce(world, random, 'delivering');
  unlockAll(world, random);
  // Cards kept apart (saved with a retired key after its replacement) wait for the person; then tabs settle again.
  for (let round = 0; round < SETTLE_ROUNDS && decideKeptApart(world); round++) {
    quiesce(world, random, 'deciding on cards kept apart');
    unlockAll(world, random);
  }
}

/** The rounds of unlocking (see `settle`). */
function unlockAll(world: World, random: Random): void {
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const tabs = world.devices.flatMap((device) => device.tabs);
    // Once every tab was unlocked, another round only for a newer password heard meanwhile: a tab still locked
    // after its unlock is a failure to report, not to unlock again. Where the record may change (another client, a
    // replaced key), a tab may also follow its other tab's newer record, and lock, after its own unlock: the person
    // unlocks it again.
    const again = (tab: Tab) => tab.passwordStale || (world.recordMayChange && tab.locked);
    if (round > 0 && !tabs.some(again)) return;
    const waiting = tabs.filter((tab) => tab.phase === 'ready' && (tab.locked || tab.passwordStale));
    if (waiting.length === 0) return;
    for (const tab of waiting) {
      world.spawn(tab, 'unlock', settleTab(world, tab), (error) => {
        if (error === undefined) return;
        // A newer password's way may meet another tab's doing (it kept the key a moment before): the next round
        // tries again, and a tab that never settles fails the invariants.
        if (tab.passwordStale || world.recordMayChange) return world.unexpected(tab, 'unlock', error);
        throw new ModelFailure('unlocks', `${tab.name} cannot be unlocked: ${(error as Error).message}`);
      });
    }
    quiesce(world, random, 'unlocking');
  }
}

/** The person unlocks the tab: with the newer password where one waits (keeping this device's key if refused). */
function* settleTab(world: World, tab: Tab): Flow {
  if (tab.passwordStale) {
    if (!tab.locked) yield* lockDevice(tab);
    try {
      yield* unlock(world, tab, false);
      return;
    } catch (error) {
      if (!tab.keyConflict) throw error;
    }
    yield* keepDeviceKey(world, tab);
  }
  if (tab.locked) yield* unlock(world, tab);
}

/** Each device's storage and each tab's memory, for a failure's report. */
function dumpWorld(world: World): string[] {
  const retired = world.server.retiredKeys ? `, retired keys ${world.server.retiredKeys.ciphertext}` : '';
  const lines: string[] = [`server: [${storedSummary({ type: 'ENCRYPTED', cards: world.server.cards })}]${retired}`];
  for (const device of world.devices) {
    const stored = world.read(device);
    const keys = (auth: AuthRecords) =>
      `pin ${auth.pin ? keyOfRecord(auth.pin) : '-'} password ${auth.password ? keyOfRecord(auth.password) : '-'}`;
    lines.push(
      `${device.name} ${device.online ? 'online' : 'offline'}: ${stored.cards.type} [${storedSummary(stored.cards)}], ${keys(stored.auth)}, outbox [${Object.keys(stored.outbox.cards).join(' ')}]`,
    );
    for (const tab of device.tabs) {
      const waiting = world.cos
        .filter((co) => co.tab === tab && !co.done)
        .map((co) => `${co.name}(${co.wait.kind}${'ticket' in co.wait ? ` ${co.wait.ticket}` : ''})`);
      if (waiting.length > 0 || tab.session?.rendering)
        lines.push(
          `  ${tab.name} waiting: ${waiting.join(' ')} worker answered ${tab.workerAnswered}/${tab.workerIssued}${tab.session?.rendering ? ' rendering' : ''}`,
        );
      lines.push(
        `  ${tab.name}#${tab.incarnation} ${tab.phase}${tab.locked ? ' locked' : ''} key ${tab.key ?? '-'}${tab.retired ? ` (retired ${tab.retired.ciphertext})` : ''} ${keys(tab.records)}; ` +
          `shows [${shownSummary(tab.shown)}]; stored collection ${tab.collection.type} [${storedSummary(tab.collection)}]` +
          (tab.session
            ? `; session server [${tab.session.server ? storedSummary(tab.session.server) : 'none'}] outbox [${Object.keys(tab.session.outbox.cards).join(' ')}]`
            : ''),
      );
    }
  }
  return lines;
}

/** The shortest action list (by removing actions one at a time) that still fails the same invariant. */
function shrink(seed: number, fixes: Fixes, actions: readonly Action[], invariant: string, run: Run): Action[] {
  let best = [...actions];
  let improved = true;
  while (improved) {
    improved = false;
    for (let index = 0; index < best.length; index++) {
      const candidate = best.filter((_, at) => at !== index);
      const outcome = runSequence(seed, fixes, candidate, false, run);
      if (!outcome.ok && outcome.failure?.invariant === invariant) {
        best = candidate;
        improved = true;
        index -= 1;
      }
    }
  }
  return best;
}

/** A failing sequence's report: its shortest action list, the last `traceLines` of that replay's trace, the state. */
export function report(
  seed: number,
  fixes: Fixes,
  outcome: Outcome & { actions: Action[] },
  traceLines: number,
): string {
  const invariant = outcome.failure?.invariant ?? '';
  const shortest = shrink(seed, fixes, outcome.actions, invariant, outcome.run);
  const replay = runSequence(seed, fixes, shortest, true, outcome.run);
  return [
    `seed ${seed} fails: ${outcome.failure?.message}`,
    `shortest actions (${shortest.length} of ${outcome.actions.length}): ${shortest.map(describeAction).join(', ')}`,
    `replay with these actions: ${replay.failure?.message ?? 'passes (the failure needs the longer list)'}`,
    'trace of the shortest replay:',
    ...replay.log.slice(-traceLines).map((line) => `  ${line}`),
    'at the failure:',
    ...(replay.dump ?? []).map((line) => `  ${line}`),
  ].join('\n');
}
