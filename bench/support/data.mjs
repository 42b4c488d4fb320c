/**
 * The benchmark's cards and collections, all from the one seeded generator the tests use
 * (tests/support/seeded.ts, loaded through Vite's module runner since Node 20 cannot run TypeScript itself).
 */
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { encryptCard, encryptCollection, makeSecret, plainCollection } from './encrypt.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** @returns {Promise<typeof import('../../tests/support/seeded.ts')>} */
async function loadSeeded() {
  const { module } = await runnerImport(`${ROOT}tests/support/seeded.ts`, { configFile: false, logLevel: 'warn' });
  return /** @type {typeof import('../../tests/support/seeded.ts')} */ (module);
}

/** The app's own search rule, so the benchmark knows what each keystroke must show. */
export async function loadSearch() {
  const { module } = await runnerImport(`${ROOT}src/domain/search.ts`, { configFile: false, logLevel: 'warn' });
  return /** @type {typeof import('../../src/domain/search.ts')} */ (module);
}

export const SEED = 20261122;
export const PIN = '274951';
export const NEW_PIN = '813406';

/**
 * @typedef {import('./encrypt.mjs').PlainCard} PlainCard
 * @typedef {import('./encrypt.mjs').EncryptedCollection} EncryptedCollection
 */

/**
 * Everything the scenarios need, made once per run of the benchmark.
 * @param {{ small: number, large: number, startup: number }} sizes
 */
export async function makeData(sizes) {
  const { makeCards } = await loadSeeded();
  const { dek, record } = makeSecret(PIN);
  const small = makeCards(SEED, sizes.small);
  const large = makeCards(SEED + 1, sizes.large);
  const startup = makeCards(SEED + 2, sizes.startup);
  return {
    pin: PIN,
    newPin: NEW_PIN,
    record,
    auth: { password: null, pin: record },
    small: { plain: small, encrypted: encryptCollection(dek, small) },
    large: { plain: large, encrypted: encryptCollection(dek, large) },
    startup: plainCollection(startup),
    merge: mergeCase(dek, makeCards(SEED + 3, sizes.large + sizes.large / 2), sizes.large),
  };
}

/**
 * `count` local cards and `count` remote ones, half of them the same ids: of those, half changed later on the other
 * device (remote wins) and half earlier (local wins); the other half of the remote cards are new here.
 * @param {Buffer} dek
 * @param {PlainCard[]} cards
 * @param {number} count
 * @returns {{ local: EncryptedCollection, remote: EncryptedCollection }}
 */
function mergeCase(dek, cards, count) {
  const local = cards.slice(0, count);
  const shared = local.slice(count / 2).map((card, index) => ({
    ...card,
    data: { ...card.data, issuer: `${card.data.issuer} (other device)` },
    modifiedAt: card.modifiedAt + (index % 2 === 0 ? 60_000 : -60_000),
  }));
  const remote = [...shared, ...cards.slice(count)];
  return {
    local: encryptCollection(dek, local),
    remote: { type: 'ENCRYPTED', cards: Object.fromEntries(remote.map((card) => [card.id, encryptCard(dek, card)])) },
  };
}
