/**
 * A seeded operation-sequence fuzz of the state layer's protocol, run as a model: two devices with two tabs each,
 * one server and the network between them. What decides is real code: the storage read-modify-write with its
 * protection rule (src/storage/protection.ts), the stored-collection rules (src/domain/stored-cards.ts), the outbox
 * (src/domain/outbox.ts), the merge (worker/vault/merge.ts with src/domain/merge-decision.ts), the records rule
 * (src/state/device-records.ts) and the key proof for a newer password record (src/domain/key-proof.ts). Around
 * them the model follows src/state/ step by step: every `await` of the real code is a point where anything else may
 * happen first (another tab's lock section, a storage event, a server answer), Web Locks are granted in request order
 * and each tab's worker answers in call order.
 *
 * Cards are tokens: a plain card carries its version in `cardholder`; a sealed one is `{key}|{version}|{nonce}`, so
 * a card opens only under the key it was sealed with. The network is the Firebase client's behaviour: writes shown at
 * once on the writing tab, kept until answered, sent in order, sent again after a reconnect; the server holds the
 * last write, and writes the account's first password record in a transaction (two devices may create it at once).
 * The second random run adds another client of the account that writes a newer password record over a key of its own.
 * The third, from a base seed of its own, lets a device replace the account's key ('Change password' with 'Also
 * replace the encryption key', src/state/replace-key.ts): the server holds retired keys beside the record, sealed under
 * the current key; a key replacement's one update (record, retired keys, every card) is taken or refused whole by the
 * rules; every worker opens a card of a retired key the held key opens, and the sync session seals it again and sends
 * it with its date unchanged. Every password record write there (change password, keep this device's key, replace
 * the key) is a compare-and-set against the record it replaces, refused offline, and with no answer in time settled
 * when the answer comes; a replacement reads the retired keys first and the rules take its list only over the one it
 * names (previous); retired keys carry what each replacement knew, and a card a retired key opens that it did not know
 * is kept apart until the person keeps or deletes it. A client holding a retired key writes cards under it (a new id,
 * a known id dated after the replacement, or, as a late device does, one dated before it).
 *
 * After the operations, things settle (every device online, every message delivered, every locked tab unlocked, a
 * newer password entered or the device's key kept) and the invariants are checked: every acknowledged card is where
 * it should be (in storage while signed out, on the server and on the other device while signed in), no plain card is
 * stored while a secret exists and no device drops the last record of a key that opens its cards (at every step), the
 * account has one key, which opens every acknowledged card and every signed-in device (each of its tabs) holds, and
 * every tab shows exactly what storage (signed in: the server with the outbox laid over it) holds. After a key
 * replacement: no card on the server is left that the account's key does not open (directly or through its retired
 * keys), and with a device signed in, every one is sealed under the current key (the cards of a retired key were
 * sealed again and reached the server).
 *
 * Fixed base seeds; `SLEEVE_FUZZ_RUNS=n` runs more (in each of the three runs), `SLEEVE_FUZZ_SEED=s` starts each from
 * a given base seed (`random`: a new one), `SLEEVE_FUZZ_TRACE=n` prints more of the failing trace. A failing seed is
 * shrunk to its shortest action list and printed with a trace and every tab's state; pin it in the regression seeds
 * of its run (or, for a state-layer bug not fixed yet, in KNOWN_BUG_SEEDS with the model's mirror of its fix in
 * `Fixes`).
 *
 * The model is in tests/support/state-model/: the world (world.ts, device.ts, network.ts, worker.ts), the state
 * layer as modelled (one module per module of src/state/: store.ts, lifecycle.ts, tabs.ts, cards.ts, secrets.ts,
 * sign-in.ts, leave.ts, sync-session.ts, newer-password.ts, retired-keys.ts, replace-key.ts, record-writes.ts; the
 * worker's retired keys in worker-retired.ts, the rules in rules.ts, the retired-key attacker in old-keys.ts), the actions
 * (actions.ts), the run of one sequence with its shrinking and report (run.ts) and the invariants (invariants.ts,
 * invariants-key.ts). This file holds the settings, the pinned seeds and the tests.
 */
import { describe, expect, it } from 'vitest';
import { baseSeed } from '../support/seeded';
import type { Run } from '../support/state-model/core';
import type { Fixes } from '../support/state-model/fixes';
import { ALL_FIXED, AS_IS } from '../support/state-model/fixes';
import { report, runSequence } from '../support/state-model/run';

// ---------------------------------------------------------------------------------------------------------------------
// Settings

/** Sequences of each run by default: at least 5,000 per fixed base seed. */
const DEFAULT_RUNS = 5_000;
const env = (typeof process !== 'undefined' ? process.env : {}) as Record<string, string | undefined>;
const RUNS = Math.max(1, Number(env.SLEEVE_FUZZ_RUNS ?? DEFAULT_RUNS) || DEFAULT_RUNS);
const BASE_SEED = baseSeed(env.SLEEVE_FUZZ_SEED, 1_093_557_201);
/** The run with key replacement starts from a base seed of its own (its sequences are of another kind). */
const REPLACE_KEY_BASE_SEED = baseSeed(env.SLEEVE_FUZZ_SEED, 2_467_150_382);

/**
 * Seeds that once failed (or exercise a path that once failed); each must pass. A seed fixes the whole sequence:
 * the actions and every interleaving.
 */
const REGRESSION_SEEDS: readonly number[] = [
  725, // a change recorded while the card's earlier one was in flight stayed unsent (sync-session.ts `settle`)
  762, // a failed open kept the older stored collection, shown by the next unlock (view.ts `openAndShow`)
  338, // a PIN made once the key was dropped wrapped a new key beside the account's (custody.ts `createSecret`)
  69, // an older open replaced the card a save had just shown (store.ts `showOpened`)
  65786, // a deletion begun signed out was applied after the other tab signed in (cards.ts `deleteCards`)
  1124, // a change recorded after the other tab signed out, never sent (sync-session.ts `record`)
  1180540474, // a sign-in forgot a PIN the other tab created meanwhile (sign-in.ts, records set on sign-in)
  7638, // an unlock kept the key of a record replaced during the derivation (secrets.ts `unlockWith`)
  3804, // a second sign-in emptied the outbox the other tab was sending (sign-in.ts `signedInValues`)
  249747, // locking as the last secret left ended unlocked with no cards (lock.ts `lockDevice`)
  271222, // removing the last PIN left the tab locked with nothing to unlock it (secrets.ts `removePin`)
  296435, // a deletion settled unsent while a write of the card was on another connection (outbox.ts `stillToSend`)
  74, // an older copy of a card, on the other tab's slower connection, overwrote the newer one (database.rules.json)
  2006522, // a deletion made before an edit on the other device, sent later, removed the edited card (deleted/ rules)
  1580, // two devices created the first password at once, the second over the first (database.ts createPasswordRecord)
  1, // the same race, then a tab joining under the second's record dropped the key its cards were under (invariant 11)
  2519, // a late sign-out's discard erased what the other tab stored after it (leave.ts `leaveDevice`)
  283965, // a PIN removed and made again with a new key in another tab, followed as the same key (tabs.ts `follow`)
];

/** Regression seeds of the runs with another client writing the account's password record. */
const OTHER_CLIENT_REGRESSION_SEEDS: readonly number[] = [
  911, // a tab that locked with no card on screen adopted a record over another key (newer-password.ts key proof); and
  // both devices refused another client's record and kept their key, the second refused over the first's re-dated
  // record and waiting for good (newer-password.ts `keepDeviceKey`, `asGood`)
  1093610116, // a tab kept sealing under the old key after another tab adopted a record over another (tabs.ts)
];

/** Regression seeds of the run with key replacement (paths each must keep taking, and passing). */
const REPLACE_KEY_REGRESSION_SEEDS: readonly number[] = [
  2467156485, // a card sealed under the replaced key opens through the retired keys and is sealed again (retired-keys.ts)
  2467152182, // a key replacement refused whole by the server (account-key.ts), then another taken
  2467155944, // a key replacement whose answer ran out of time offline, and which landed once online (answers.ts)
  2467150409, // the replacing tab listed every card unreadable until the next change (replace-key.ts `showAgain`)
  2467150712, // a tab kept the old key beside a replaced key's record, its cards opening under it (tabs.ts, record-keys)
  2467150662, // a tab waited for a record older than the one its other tab stored since (tabs.ts `follow`)
  2467162294, // two replacements from one record both landed, the first's key in no list (rules: retiredKeys/replaced)
  2467159157, // an unlock showed the cards read before the newer record was adopted (secrets.ts `unlockStored`)
  2467177155, // an adoption stored a record no longer waited for, over a newer one (newer-password.ts)
  2467205371, // a sign-in unlocked with the key another tab had just replaced (sign-in.ts `lockedIfKeyReplaced`)
  2467150462, // a card written under a retired key after its replacement, shown where any retired-key card opens (retired.ts `knownTo`)
  2467151060, // a password changed over a record a replacement had replaced, a blind set wrapping the old key (records.ts swap)
  2467154704, // an open shown again under a new ticket dropped the session's newer render (view.ts `showStoredAgain`)
];

/** `SLEEVE_FUZZ_WITHOUT=name,…` leaves those fixes out of the random runs (to find a seed for a known bug). */
const WITHOUT = (env.SLEEVE_FUZZ_WITHOUT ?? '').split(',').filter((name): name is keyof Fixes => name in ALL_FIXED);
const RANDOM_FIXES: Fixes = env.SLEEVE_FUZZ_AS_IS
  ? AS_IS
  : { ...ALL_FIXED, ...Object.fromEntries(WITHOUT.map((name) => [name, false])) };

/**
 * Seeds that show a known bug (see `Fixes`): without its fix the sequence fails the named invariant, with it the
 * sequence holds.
 */
const KNOWN_BUG_SEEDS: readonly { seed: number; fix: keyof Fixes; invariant: string; run?: Run }[] = [];

/** Lines of the failing replay's trace in a failure message (`SLEEVE_FUZZ_TRACE` for more). */
const TRACE_LINES = Number(env.SLEEVE_FUZZ_TRACE ?? 150) || 150;

// ---------------------------------------------------------------------------------------------------------------------

const RUN_NAMES: Record<Run, string> = {
  twoDevices: '',
  otherClient: ' with another client',
  replaceKey: ' with key replacement',
};

/** Runs `RUNS` sequences of one run (see `Run`) from its base seed. */
function randomRuns(run: Run, base: number) {
  const started = performance.now();
  const totals = {
    acked: 0,
    failedOps: 0,
    exempt: 0,
    steps: 0,
    createsLost: 0,
    keysKept: 0,
    keysReplaced: 0,
    resealed: 0,
    passwordsChanged: 0,
    forged: 0,
  };
  for (let index = 0; index < RUNS; index++) {
    const seed = (base + index) >>> 0;
    const outcome = runSequence(seed, RANDOM_FIXES, undefined, false, run);
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += outcome.stats[key];
    if (!outcome.ok)
      expect.fail(
        `${report(seed, RANDOM_FIXES, outcome, TRACE_LINES)}\n(base seed ${base}, sequence ${index}${RUN_NAMES[run]}; pin the seed)`,
      );
  }
  const replaced =
    run === 'replaceKey'
      ? `; ${totals.keysReplaced} keys replaced, ${totals.resealed} cards sealed again, ${totals.passwordsChanged} ` +
        `passwords changed, ${totals.forged} cards written under a retired key`
      : '';
  console.info(
    `state fuzz${RUN_NAMES[run]}: ${RUNS} sequences from base seed ${base} in ` +
      `${Math.round(performance.now() - started)} ms; ${totals.acked} cards acknowledged, ${totals.failedOps} actions ` +
      `refused, ${totals.exempt} exempt, ${totals.steps} steps; ${totals.createsLost} sign-ins joined another ` +
      `device's new account; ${totals.keysKept} devices kept their key over another client's record${replaced}`,
  );
  return totals;
}

describe('state layer model fuzz: two devices, two tabs each, one server', () => {
  it(
    `runs ${RUNS} random sequences (base seed ${BASE_SEED}) and every one settles with its invariants held`,
    () => {
      const totals = randomRuns('twoDevices', BASE_SEED);
      // Guards against a model that quietly does nothing: most sequences must acknowledge cards, and some must reach
      // the race of two devices creating one account's first password.
      expect(totals.acked).toBeGreaterThan(RUNS);
      expect(totals.createsLost).toBeGreaterThan(0);
    },
    60_000 + RUNS * 20,
  );

  it(
    `runs ${RUNS} random sequences (base seed ${BASE_SEED}) with another client writing the account's password record`,
    () => {
      const totals = randomRuns('otherClient', BASE_SEED);
      expect(totals.acked).toBeGreaterThan(RUNS);
      expect(totals.keysKept).toBeGreaterThan(0);
    },
    60_000 + RUNS * 20,
  );

  it(
    `runs ${RUNS} random sequences (base seed ${REPLACE_KEY_BASE_SEED}) where a device may replace the account's key`,
    () => {
      const totals = randomRuns('replaceKey', REPLACE_KEY_BASE_SEED);
      // Guards against a model that never gets there: keys must be replaced, and cards of a retired key sealed again.
      expect(totals.acked).toBeGreaterThan(RUNS);
      expect(totals.keysReplaced).toBeGreaterThan(RUNS / 20);
      expect(totals.resealed).toBeGreaterThan(0);
      // And passwords changed beside them, and cards written under a retired key that the rules took.
      expect(totals.passwordsChanged).toBeGreaterThan(0);
      expect(totals.forged).toBeGreaterThan(0);
    },
    60_000 + RUNS * 20,
  );

  it('runs at least 5,000 sequences by default', () => {
    expect(DEFAULT_RUNS).toBeGreaterThanOrEqual(5_000);
  });

  for (const seed of REGRESSION_SEEDS) {
    it(`regression seed ${seed}`, () => {
      const outcome = runSequence(seed, ALL_FIXED);
      if (!outcome.ok) expect.fail(report(seed, ALL_FIXED, outcome, TRACE_LINES));
    });
  }

  const pinned: [Run, readonly number[]][] = [
    ['otherClient', OTHER_CLIENT_REGRESSION_SEEDS],
    ['replaceKey', REPLACE_KEY_REGRESSION_SEEDS],
  ];
  for (const [run, seeds] of pinned) {
    for (const seed of seeds) {
      it(`regression seed ${seed}${RUN_NAMES[run]}`, () => {
        const outcome = runSequence(seed, ALL_FIXED, undefined, false, run);
        if (!outcome.ok) expect.fail(report(seed, ALL_FIXED, outcome, TRACE_LINES));
      });
    }
  }

  for (const { seed, fix, invariant, run = 'twoDevices' } of KNOWN_BUG_SEEDS) {
    const without: Fixes = { ...ALL_FIXED, [fix]: false };
    const name = `known bug (${fix}), seed ${seed}${RUN_NAMES[run]}`;
    it(`${name}: the model as the code is now fails ${invariant}`, () => {
      const outcome = runSequence(seed, without, undefined, false, run);
      expect(outcome.failure?.invariant, outcome.failure?.message).toBe(invariant);
    });
    it(`${name}: with the fix, it holds`, () => {
      const outcome = runSequence(seed, ALL_FIXED, undefined, false, run);
      if (!outcome.ok) expect.fail(report(seed, ALL_FIXED, outcome, TRACE_LINES));
    });
  }
});
