/**
 * Device states for the start-up corpus (tests/state/corpus-start.test.ts), each from its seed: no secret with plain
 * cards, or a genuine PIN record with the cards its engine encrypted (sometimes another wallet's) and sometimes a
 * count of wrong PINs, sometimes an account's password record; then values damaged, dropped or cut. Each stored
 * value is the text a storage key would hold.
 */
import type { CardCollection, PlainCollection } from '../../../src/domain/card';
import type { PinAttempts } from '../../../src/domain/pin-attempts';
import type { SecretRecord } from '../../../src/domain/secret';
import type { StoredValueName } from '../../../src/storage/local-storage';
import { startEngine, stopEngines } from '../engine-worker';
import { makeCards, pick, type Random, randomInt } from '../seeded';
import { buildOutbox, buildPlainCollection, buildPreferences, buildRecord } from './builders';
import { damage, damageText } from './damage';
import { copyOf, toText } from './values';

/** A PIN record and the cards its engine encrypted under it; two of them, so a record can meet another's cards. */
export const wallets: { record: SecretRecord; cards: CardCollection }[] = [];

/** Makes the two wallets, each under `pin` and dated `now`, by an engine of their own. */
export async function makeWallets(pin: string, now: number): Promise<void> {
  for (const seed of [61, 62]) {
    const cards = makeCards(seed, 6);
    const plain: PlainCollection = {
      type: 'UNENCRYPTED',
      cards: Object.fromEntries(cards.map((card) => [card.id, card])),
    };
    const { record, collection } = await startEngine().createSecret(pin, plain, now);
    wallets.push({ record, cards: collection });
  }
  stopEngines();
}

export type State = Partial<Record<StoredValueName, string>>;

function stored(random: Random, value: unknown, steps: string[], name: StoredValueName, damageRate: number): string {
  let text = toText(value);
  if (random() < damageRate) {
    const damaged = damage(random, copyOf(value), 1 + randomInt(random, 3));
    steps.push(...damaged.steps.map((step) => `${name}: ${step}`));
    text = toText(damaged.value);
  }
  if (random() < 0.05) {
    const cut = damageText(random, text);
    steps.push(`${name}: ${cut.step}`);
    text = cut.text;
  }
  return text;
}

export function buildState(random: Random, steps: string[]): State {
  const state: State = {};
  const scenario = random() < 0.45 ? 'plain' : random() < 0.93 ? 'pin' : 'account';
  steps.push(scenario);
  if (random() < 0.8) state.preferences = stored(random, buildPreferences(random), steps, 'preferences', 0.15);
  if (random() < 0.5) state.outbox = stored(random, buildOutbox(random), steps, 'outbox', 0.15);
  if (scenario === 'plain') {
    if (random() < 0.6) state.auth = stored(random, { password: null, pin: null }, steps, 'auth', 0.2);
    if (random() < 0.9) state.cards = stored(random, buildPlainCollection(random), steps, 'cards', 0.5);
    return state;
  }
  const wallet = pick(random, wallets);
  const other = random() < 0.2 ? pick(random, wallets) : wallet;
  const password = scenario === 'account' ? buildRecord(random) : null;
  state.auth = stored(random, { password, pin: wallet.record }, steps, 'auth', 0.2);
  state.cards = stored(random, other.cards, steps, 'cards', 0.5);
  if (random() < 0.3)
    state.pinAttempts = stored(random, buildAttempts(random, wallet.record), steps, 'pinAttempts', 0.2);
  return state;
}

/** A count of wrong PINs: this PIN's or another's, below the wait, waiting (over or not), or stopped. */
function buildAttempts(random: Random, record: SecretRecord): PinAttempts {
  const wrongInARow = randomInt(random, 12);
  const tryAgainAt = wrongInARow >= 5 && random() < 0.8 ? Date.now() + (random() < 0.5 ? -1 : 1) * 60_000 : null;
  return { pinSalt: random() < 0.8 ? record.salt : wallets[1]!.record.salt, wrongInARow, tryAgainAt };
}
