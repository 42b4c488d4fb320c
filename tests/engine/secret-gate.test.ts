/**
 * The engine guards the key, not the screens (DESIGN.md invariant 9), through the real engine worker: page code that
 * holds an unlocked key cannot wrap it under a secret of its own without showing a secret that opens an existing
 * record, by the proof a verify left or by the secret itself; with no key held, a new secret makes a new wallet and
 * exposes nothing that exists.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { EncryptedCollection, PlainCollection } from '../../src/domain/card';
import { emptyPlainCollection } from '../../src/domain/card';
import { InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import type { SecretRecord } from '../../src/domain/secret';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

const PASSWORD = 'correct horse battery staple';
const PIN = '480213';
const MINE = '135790';
const NOW = 1_722_000_000_000;
const cards = makeCards(81, 3);
const plain = (): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, card])),
});

type Engine = ReturnType<typeof startEngine>;

/** An unlocked wallet under PASSWORD: the key held, its record and its cards. */
async function unlockedWallet() {
  const engine = startEngine();
  const { record, collection } = await engine.createSecret(PASSWORD, plain(), NOW);
  return { engine, record, collection };
}

/** What a call gave, and what it cost in derivations. */
async function attempt<T>(
  engine: Engine,
  call: () => Promise<T>,
): Promise<{ outcome: { value: T } | { error: Error & { kind?: string } }; derivations: number }> {
  const before = await engine.derivationCount();
  const outcome = await call().then(
    (value) => ({ value }),
    (error: Error) => ({ error }),
  );
  return { outcome, derivations: (await engine.derivationCount()) - before };
}

/** Whether `record`, in a worker that never held the key, opens with `secret` to the wallet's cards. */
async function opensTheCards(secret: string, record: SecretRecord, collection: EncryptedCollection) {
  const other = startEngine();
  const opened = await other.unlock(secret, record, collection).catch(() => null);
  return opened !== null && opened.cards.length === cards.length;
}

describe('page code holding the unlocked key', () => {
  test('cannot add a secret of its own without a proof: refused before anything is derived', async () => {
    const { engine, collection } = await unlockedWallet();
    for (const kind of ['pin', 'password'] as const) {
      const { outcome, derivations } = await attempt(engine, () =>
        engine.createSecret(MINE, collection, NOW, { kind }),
      );
      expect(derivations).toBe(0);
      expect('error' in outcome && outcome.error).toBeInstanceOf(InvalidStateError);
      expect('error' in outcome && outcome.error.message).toBe(Messages.verifyFirst);
    }
    // Plain cards offered with it are not encrypted under the held key either: nothing comes back.
    const { outcome } = await attempt(engine, () => engine.createSecret(MINE, plain(), NOW));
    expect(outcome).not.toHaveProperty('value');
    expect(await engine.hasKey()).toBe(true);
  });

  test('cannot with a wrong current secret: refused as a wrong secret is, and nothing is made', async () => {
    const { engine, record, collection } = await unlockedWallet();
    const current = { secret: `${PASSWORD}!`, record };
    const { outcome, derivations } = await attempt(engine, () =>
      engine.createSecret(MINE, collection, NOW, { kind: 'pin', current }),
    );
    expect(derivations).toBe(1);
    if (!('error' in outcome)) throw new Error('a record was made');
    expect(outcome.error).toBeInstanceOf(SleeveError);
    expect(outcome.error.message).toBe('');
    expect((outcome.error.cause as Error).message).toBe(Messages.decryptFailed);
    // Nor after a verify of the right secret: the proof is for that secret only.
    expect(await engine.verify(PASSWORD, record)).toBe(true);
    const again = await attempt(engine, () => engine.createSecret(MINE, collection, NOW, { current }));
    expect('error' in again.outcome && again.outcome.error.message).toBe('');
  });

  test("cannot with a secret that opens another wallet's record: refused with refreshAndUnlock", async () => {
    const { engine, collection } = await unlockedWallet();
    // The page knows a secret: the one of a record it made itself, over a key of its own.
    const { record: own } = await startEngine().createSecret(MINE, emptyPlainCollection(), NOW);
    for (const verifyFirst of [false, true]) {
      if (verifyFirst) expect(await engine.verify(MINE, own)).toBe(true);
      const { outcome } = await attempt(engine, () =>
        engine.createSecret(MINE, collection, NOW, { current: { secret: MINE, record: own } }),
      );
      expect('error' in outcome && outcome.error.message).toBe(Messages.refreshAndUnlock);
    }
  });

  test('cannot change a secret without the current one', async () => {
    const { engine, record } = await unlockedWallet();
    const error = await rejectionOf(engine.changeSecret('a guess', record, MINE, NOW + 1));
    expect(error.message).toBe('');
    expect((error.cause as Error).message).toBe(Messages.decryptFailed);
  });
});

describe('someone who knows the current secret', () => {
  test('adds a PIN over the same key: one derivation after a verify, two with the secret alone', async () => {
    const { engine, record, collection } = await unlockedWallet();
    const current = { secret: PASSWORD, record };
    expect(await engine.verify(PASSWORD, record)).toBe(true);
    const proven = await attempt(engine, () => engine.createSecret(PIN, collection, NOW + 1, { kind: 'pin', current }));
    expect(proven.derivations).toBe(1);
    if (!('value' in proven.outcome)) throw proven.outcome.error;
    expect(proven.outcome.value.collection).toEqual(collection);
    expect(await opensTheCards(PIN, proven.outcome.value.record, collection)).toBe(true);

    const unproven = await attempt(engine, () => engine.createSecret(PIN, collection, NOW + 2, { current }));
    expect(unproven.derivations).toBe(2);
    if (!('value' in unproven.outcome)) throw unproven.outcome.error;
    expect(await opensTheCards(PIN, unproven.outcome.value.record, collection)).toBe(true);
  });

  test('a current secret shown while no key is held is refused rather than a new key wrapped beside the old', async () => {
    const { engine, record, collection } = await unlockedWallet();
    await engine.lock();
    const { outcome, derivations } = await attempt(engine, () =>
      engine.createSecret(PIN, collection, NOW, { current: { secret: PASSWORD, record } }),
    );
    expect(derivations).toBe(0);
    expect('error' in outcome && outcome.error.message).toBe(Messages.refreshAndUnlock);
    expect(await engine.hasKey()).toBe(false);
  });
});

describe('with no key held', () => {
  test('a new secret makes a new wallet: its key opens none of the cards that exist', async () => {
    const { collection } = await unlockedWallet();
    const stranger = startEngine();
    const { record } = await stranger.createSecret(MINE, emptyPlainCollection(), NOW, { kind: 'pin' });
    expect(await stranger.hasKey()).toBe(true);
    const opened = await stranger.openCollection(collection);
    expect(opened.cards).toEqual([]);
    expect(opened.unreadable).toHaveLength(cards.length);
    expect(await opensTheCards(MINE, record, collection)).toBe(false);
  });

  test('and existing encrypted cards offered, it refuses: a new key would orphan them', async () => {
    const { collection } = await unlockedWallet();
    const stranger = startEngine();
    const error = await rejectionOf(stranger.createSecret(MINE, collection, NOW));
    expect(error.message).toBe(Messages.keyMissingEncrypt);
    expect(await stranger.hasKey()).toBe(false);
  });
});
