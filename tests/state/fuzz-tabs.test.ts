/**
 * A seeded operation-sequence fuzz of the real state layer: two tabs of one device (each a same-origin document with
 * its own state modules, engine worker and Firebase client, sharing localStorage, Web Locks, `storage` events and the
 * Firebase sign-in with the other), the local backend as the server, and a second device that writes the account's
 * `{uid}/cards` on the server directly (copies of cards already there: it needs no key). Random actions, some of them
 * at the same moment in both tabs: add, edit, delete, create/remove PIN, lock/unlock, sign in/out, offline/online,
 * reload, and the other device's adds, edits and deletions.
 *
 * Checked at every write to storage (the page hears each tab's write as a `storage` event): no plain card is stored
 * beside a PIN or password record. Checked once things settle (online, every locked tab unlocked): every card a tab
 * saved (and the person was told so) is stored (signed out) or on the server (signed in), unless deleted later;
 * each tab shows exactly what storage (signed in: the server) holds, and both tabs show the same cards.
 *
 * A few sequences per run from a fixed base seed (printed on failure, with the actions and each tab's state);
 * `VITE_SLEEVE_FUZZ_RUNS=n` runs more, `VITE_SLEEVE_FUZZ_SEED=s` replays from base seed s and
 * `VITE_SLEEVE_FUZZ_SEED=random` draws a new one (the browser sees only `VITE_` settings). Failing seeds go to
 * REGRESSION_SEEDS.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { auth as pageAuth } from '../../src/remote/firebase';
import { Sequence } from '../support/fuzz-tabs/sequence';
import { closeEveryTab } from '../support/fuzz-tabs/tabs';
import { baseSeed } from '../support/seeded';

const fuzzEnv = import.meta.env as Record<string, string | undefined>;
const setting = (name: string): string | undefined => fuzzEnv[name] ?? fuzzEnv[`VITE_${name}`];
const DEFAULT_RUNS = 10;
const RUNS = Math.max(1, Number(setting('SLEEVE_FUZZ_RUNS') ?? DEFAULT_RUNS) || DEFAULT_RUNS);
const BASE_SEED = baseSeed(setting('SLEEVE_FUZZ_SEED'), 1_630_492_815);

/** Seeds that once failed; each must pass. */
const REGRESSION_SEEDS: readonly number[] = [
  // A tab following another tab's sign-in asked its own Firebase, which had not read the shared session yet, and
  // cleared the account off the device.
  1275554474, 1275554492,
  // A tab that locked only as it followed the last change was left locked when the check began. Later, rarely: a tab
  // following the other's sign-in began its session on the earlier sequence's account, which its Firebase still held.
  720264867,
  // A change that left the outbox after another device deleted its card went on showing the card.
  519832993,
  // Signing in and out at once in one tab while the other waited to hear of the sign-in left the other loading.
  1186933055,
  // A PIN changed as the check began: the other tab's unlock is refused once, then succeeds.
  240527831,
  // A PIN created and removed at once in the other tab: the check began while this tab still followed the removal.
  378175533,
];

afterAll(async () => {
  closeEveryTab();
  // The tabs' Firebase session is this origin's, which later test files share.
  await firebaseSignOut(pageAuth).catch(() => {});
  localStorage.clear();
});

async function runSeed(seed: number): Promise<void> {
  const sequence = new Sequence(seed);
  try {
    await sequence.start();
    await sequence.run();
    await sequence.settle();
  } catch (error) {
    throw new Error(
      `seed ${seed} (base seed ${BASE_SEED}) fails: ${(error as Error).message}\n${sequence.describe()}\n` +
        'Replay it with VITE_SLEEVE_FUZZ_SEED and VITE_SLEEVE_FUZZ_RUNS=1, then pin it in REGRESSION_SEEDS.',
      { cause: error },
    );
  } finally {
    sequence.stop();
  }
}

describe('state layer fuzz in real tabs, against the local backend', () => {
  it(
    `runs ${RUNS} random sequences from base seed ${BASE_SEED}; every one settles with its invariants held`,
    async () => {
      const started = Date.now();
      let ran = 0;
      for (let index = 0; index < RUNS; index++) {
        await runSeed((BASE_SEED + index) >>> 0);
        ran += 1;
      }
      expect(ran).toBe(RUNS);
      console.info(`tab fuzz: ${RUNS} sequences from base seed ${BASE_SEED} in ${Math.round(Date.now() - started)} ms`);
    },
    30_000 + RUNS * 40_000,
  );

  for (const seed of REGRESSION_SEEDS) {
    it(`regression seed ${seed}`, () => runSeed(seed), 60_000);
  }
});
