/**
 * Stored cards that cannot be opened never block the others. A plain wallet seeded with two good cards and four
 * entries that are not cards (an unknown network, an unknown theme, no number, an id that does not match its key)
 * opens with the good cards and a notice; each bad entry is listed by id, can be kept or deleted one by one, and
 * 'Delete all cards' deletes only what can be seen. A PIN-protected wallet with one damaged ciphertext still unlocks.
 */
import type { Page } from 'playwright';
import { expect, it } from 'vitest';
import { addCard, MASTERCARD, storedItem, type TypedCard, typePin, VISA } from './support/actions';
import { appUrl, contextPerTest, watchPageErrors } from './support/browser';
import { createPinFromSecurity } from './support/pin-flows';

const PIN = '274951';
const DISCOVER: TypedCard = {
  number: '6011000990139424',
  expiry: '0330',
  holder: 'Katherine Johnson',
  issuer: 'Bee Savings',
  cvv: '456',
  network: 'DISCOVER',
};

type Entry = { id: string; modifiedAt: number; data: Record<string, unknown> };
type Collection = { type: string; cards: Record<string, Entry> };

const goodData = {
  number: '4111111111111111',
  expiry: '12/29',
  cardholder: 'Ada Lovelace',
  issuer: 'First Bank',
  cvv: '123',
  network: 'VISA',
  theme: 'SKY',
};

const SEEDED: Collection = {
  type: 'UNENCRYPTED',
  cards: {
    GoodVis1: { id: 'GoodVis1', modifiedAt: 1_760_000_000_000, data: goodData },
    GoodMas2: {
      id: 'GoodMas2',
      modifiedAt: 1_760_000_100_000,
      data: {
        number: '5500005555555559',
        expiry: '07/31',
        cardholder: 'Grace Hopper',
        issuer: 'Harbour Credit',
        cvv: '',
        network: 'MASTERCARD',
        theme: 'TEAL',
      },
    },
    EloCard1: {
      id: 'EloCard1',
      modifiedAt: 1_760_000_200_000,
      data: { ...goodData, number: '6362970000457013', issuer: 'Elo Bank', network: 'ELO' },
    },
    ThemeBad: { id: 'ThemeBad', modifiedAt: 1_760_000_300_000, data: { ...goodData, theme: 'GOLD' } },
    NoNumber: {
      id: 'NoNumber',
      modifiedAt: 1_760_000_400_000,
      data: Object.fromEntries(Object.entries(goodData).filter(([name]) => name !== 'number')),
    },
    KeyAbcd1: { id: 'Other123', modifiedAt: 1_760_000_500_000, data: goodData },
  },
};

/** Each bad entry, by the key it is stored under, and why it cannot be opened. */
const UNREADABLE: Record<string, string> = {
  EloCard1: 'its network "ELO" is unknown',
  ThemeBad: 'its theme "GOLD" is unknown',
  NoNumber: 'its number is missing',
  KeyAbcd1: 'its id does not match where it is stored',
};

const openContext = contextPerTest();

const cardLink = (page: Page, issuer: string) =>
  page.getByRole('link', { name: new RegExp(`^${issuer} .*ending \\d{4}, `) });
const storedCards = async (page: Page): Promise<Collection> => (await storedItem(page, 'sleeve/cards')) as Collection;
const unreadableList = (page: Page) => page.getByRole('list', { name: 'Cards that could not be opened' });
const unreadableItem = (page: Page, id: string) =>
  unreadableList(page)
    .getByRole('listitem')
    .filter({ hasText: `Card ${id}` });

/** The seeded collection without the given keys. */
function seededWithout(...ids: string[]): Collection {
  return {
    type: SEEDED.type,
    cards: Object.fromEntries(Object.entries(SEEDED.cards).filter(([id]) => !ids.includes(id))),
  };
}

async function openReview(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Review' }).click();
  await page.waitForURL(/\/home\/unreadable$/);
  await page.getByRole('heading', { name: 'Cards that could not be opened' }).waitFor();
}

it('opens the good cards of a plain wallet, lists the entries that are not cards, keeps or deletes them one by one', async () => {
  const context = await openContext();
  // Seeded before the app's first load only; what the app stores afterwards stays.
  await context.addInitScript((seed) => {
    if (localStorage.getItem('sleeve/cards') === null) localStorage.setItem('sleeve/cards', seed);
  }, JSON.stringify(SEEDED));
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(appUrl('/home'));

  await cardLink(page, 'First Bank').waitFor();
  await cardLink(page, 'Harbour Credit').waitFor();
  expect(await page.locator('a.card-link').count()).toBe(2);
  await page.getByText('4 cards could not be opened').waitFor();

  await openReview(page);
  expect(await unreadableList(page).getByRole('listitem').count()).toBe(4);
  for (const [id, reason] of Object.entries(UNREADABLE)) {
    const item = unreadableItem(page, id);
    await item.waitFor();
    expect(await item.textContent()).toContain(`Why: ${reason}`);
    expect(await item.textContent()).toContain('Last changed');
  }

  // Keep: the entry stays stored, marked kept, and Home stops counting it.
  await unreadableItem(page, 'ThemeBad').getByRole('button', { name: 'Keep' }).click();
  await unreadableItem(page, 'ThemeBad').getByText('Kept', { exact: true }).waitFor();
  expect(await unreadableItem(page, 'ThemeBad').getByRole('button', { name: 'Keep' }).count()).toBe(0);
  expect(await storedCards(page)).toEqual(SEEDED);

  // Delete, confirmed in the dialog: exactly that entry leaves storage.
  await unreadableItem(page, 'NoNumber').getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete card' });
  await dialog.getByText('Are you sure you want to delete this card?').waitFor();
  await dialog.getByText('This action cannot be undone.').waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Card deleted').waitFor();
  await expect.poll(() => unreadableItem(page, 'NoNumber').count()).toBe(0);
  expect(await unreadableList(page).getByRole('listitem').count()).toBe(3);
  expect(await storedCards(page)).toEqual(seededWithout('NoNumber'));

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByText('2 cards could not be opened').waitFor();
  expect(await page.locator('a.card-link').count()).toBe(2);

  // Delete all cards deletes the cards that can be seen; what could not be opened stays stored.
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'Data Management' }).click();
  await page.getByRole('button', { name: 'Delete all cards' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Deleted all cards').waitFor();
  expect(await storedCards(page)).toEqual(seededWithout('NoNumber', 'GoodVis1', 'GoodMas2'));
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByText('No cards found').waitFor();
  await page.getByText('2 cards could not be opened').waitFor();

  // After a reload the entries left are listed again, and nothing else was written.
  await page.reload();
  await page.getByText('No cards found').waitFor();
  await openReview(page);
  for (const id of ['EloCard1', 'ThemeBad', 'KeyAbcd1']) await unreadableItem(page, id).waitFor();
  expect(await unreadableList(page).getByRole('listitem').count()).toBe(3);
  expect(await storedCards(page)).toEqual(seededWithout('NoNumber', 'GoodVis1', 'GoodMas2'));
  expect(errors).toEqual([]);
});

it('unlocks a PIN-protected wallet with one damaged ciphertext: the others open, the damaged one is listed', async () => {
  const context = await openContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(appUrl('/home'));
  const visa = await addCard(page, VISA);
  const mastercard = await addCard(page, MASTERCARD);
  const discover = await addCard(page, DISCOVER);
  await createPinFromSecurity(page, PIN);
  const sealed = await storedCards(page);
  expect(sealed.type).toBe('ENCRYPTED');

  // One character of the Mastercard's ciphertext changes; it is still base64 of the same length.
  const original = sealed.cards[mastercard]?.data.cipherText as string;
  const at = Math.floor(original.length / 2);
  const altered = `${original.slice(0, at)}${original[at] === 'A' ? 'B' : 'A'}${original.slice(at + 1)}`;
  const damaged: Collection = structuredClone(sealed);
  (damaged.cards[mastercard] as Entry).data.cipherText = altered;
  await page.evaluate((value) => localStorage.setItem('sleeve/cards', value), JSON.stringify(damaged));

  await page.reload();
  await page.waitForURL(/\/pin\/unlock$/);
  await typePin(page, PIN);
  await page.waitForURL(/\/home$/);
  await cardLink(page, 'First Bank').waitFor();
  await cardLink(page, 'Bee Savings').waitFor();
  expect(await cardLink(page, 'Harbour Credit').count()).toBe(0);
  expect(await page.getByText('Entered PIN is incorrect').count()).toBe(0);
  await page.getByText('1 card could not be opened').waitFor();

  await openReview(page);
  expect(await unreadableList(page).getByRole('listitem').count()).toBe(1);
  await unreadableItem(page, mastercard).waitFor();
  // Kept exactly as it was until the person decides.
  expect(await storedCards(page)).toEqual(damaged);

  await unreadableItem(page, mastercard).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete card' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Card deleted').waitFor();
  await page.getByText('Every card opened. Nothing needs your attention.').waitFor();
  const after = await storedCards(page);
  expect(after.type).toBe('ENCRYPTED');
  expect(Object.keys(after.cards).sort()).toEqual([visa, discover].sort());
  expect(after.cards[visa]).toEqual(sealed.cards[visa]);
  expect(after.cards[discover]).toEqual(sealed.cards[discover]);

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await cardLink(page, 'First Bank').waitFor();
  expect(await page.getByText(/could not be opened/).count()).toBe(0);
  expect(errors).toEqual([]);
});
