/**
 * The benchmark's cards and collections, all from the one seeded generator the tests use
 * (tests/support/seeded.ts, loaded through Vite's module runner since Node 20 cannot run TypeScript itself).
 */
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { encryptCard, encryptCollection, makeSecret, plainCollection, recordFor } from './encrypt.mjs';

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
/** The benchmark accounts' password, and the new one the change of password sets (both as the e2e tests use). */
export const PASSWORD = 'Correct-Horse-42!';
export const NEW_PASSWORD = 'Battery Staple #7é';

/**
 * @typedef {import('./encrypt.mjs').PlainCard} PlainCard
 * @typedef {import('./encrypt.mjs').EncryptedCollection} EncryptedCollection
 */

/**
 * Everything the scenarios need, made once per run of the benchmark.
 * @param {{ small: number, large: number, startup: number }} sizes
 */
export async function makeData(sizes) {
  const seeded = await loadSeeded();
  const makeCards = (/** @type {number} */ seed, /** @type {number} */ count) =>
    seeded.makeCards(seed, count).map(enterable);
  const { dek, record } = makeSecret(PIN);
  const small = makeCards(SEED, sizes.small);
  const large = makeCards(SEED + 1, sizes.large);
  const startup = makeCards(SEED + 2, sizes.startup);
  return {
    pin: PIN,
    newPin: NEW_PIN,
    record,
    auth: { password: null, pin: record },
    password: PASSWORD,
    newPassword: NEW_PASSWORD,
    /** The account's password record: the same data key as the PIN's, so the same ciphertext opens with either. */
    passwordRecord: recordFor(dek, PASSWORD),
    small: { plain: small, encrypted: encryptCollection(dek, small) },
    large: { plain: large, encrypted: encryptCollection(dek, large) },
    startup: plainCollection(startup),
    merge: mergeCase(dek, makeCards(SEED + 3, sizes.large + sizes.large / 2), sizes.large),
  };
}

/**
 * The seeded card as Sleeve's card form would have taken it: the generator gives every card 16 digits and a 3-digit
 * code, which the form and the import refuse for American Express (15 digits, 4-digit code). Those cards are trimmed
 * to their brand, so the benchmark's edits save and its imports take every card.
 * @template {PlainCard} Card
 * @param {Card} card
 * @returns {Card}
 */
function enterable(card) {
  if (card.data.network !== 'AMEX') return card;
  const cvv = card.data.cvv === '' ? '' : `${card.data.cvv}${card.data.number.at(-1)}`;
  return { ...card, data: { ...card.data, number: card.data.number.slice(0, 15), cvv } };
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

/** Bitwarden's names for the networks, as its card editor offers them. */
const BITWARDEN_BRANDS = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  RUPAY: 'RuPay',
  DISCOVER: 'Discover',
  DINERS: 'Diners Club',
  AMEX: 'Amex',
  OTHER: 'Other',
};

/**
 * An unencrypted Bitwarden JSON export of `cards`, as Bitwarden writes one (card items, `type: 3`; the item's name is
 * the issuer, or the brand when there is none), made here from Bitwarden's format rather than by the app's writer.
 * @param {readonly PlainCard[]} cards
 */
export function bitwardenExport(cards) {
  const items = cards.map((card, index) => {
    const [month, year] = card.data.expiry.split('/');
    const brand = BITWARDEN_BRANDS[/** @type {keyof typeof BITWARDEN_BRANDS} */ (card.data.network)] ?? 'Other';
    return {
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      organizationId: null,
      folderId: null,
      type: 3,
      reprompt: 0,
      name: card.data.issuer || brand,
      notes: null,
      favorite: false,
      card: {
        cardholderName: card.data.cardholder,
        brand,
        number: card.data.number,
        expMonth: String(Number(month)),
        expYear: `20${year}`,
        code: card.data.cvv || null,
      },
      collectionIds: null,
      revisionDate: '2026-11-01T10:00:00.000Z',
      creationDate: '2026-11-01T10:00:00.000Z',
      deletedDate: null,
    };
  });
  return JSON.stringify({ encrypted: false, folders: [], items }, null, 2);
}
