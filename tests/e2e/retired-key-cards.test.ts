/**
 * Cards saved with a retired key, against the local backend: after the phone replaces the key, whoever still holds
 * the old one (the old password and a copy of the old record, and a way to write to the account) saves a card of
 * their own under it and changes one of the person's. Neither joins the cards: both are listed apart, as cards saved
 * with the old key after the key was replaced, with what each is; the person keeps one, which then shows and goes to
 * the server under the new key, and deletes the other.
 */
import { expect, it } from 'vitest';
import { openCard, openSeedRecord, sealCard, type WireEncryptedCard, type WireRecord } from '../interop/seed-client.ts';
import {
  createPassword,
  NEW_PASSWORD,
  PASSWORD,
  readServer,
  signedInUid,
  signInWithGoogle,
  writeServer,
} from './support/account-flows';
import { addCard, VISA } from './support/actions';
import { Audit } from './support/axe-audit';
import { cardLink, devicesOnOneBrowser } from './support/devices';
import { changePassword } from './support/password-flows';

const device = devicesOnOneBrowser();

interface Account {
  auth: { password: WireRecord };
  cards: Record<string, WireEncryptedCard>;
  deleted?: Record<string, number>;
}
const account = async (uid: string) => ((await readServer()) as Record<string, Account>)[uid] as Account;

it('a card saved with the old key after the key was replaced is kept apart until the person keeps or deletes it', async () => {
  const { page, errors } = await device({ bypassCSP: true });
  await addCard(page, VISA);
  await signInWithGoogle(page, 'ada.retired-key-cards@example.com', 'Ada Lovelace');
  await createPassword(page, PASSWORD);
  const uid = await signedInUid(page);
  const before = await account(uid);
  const [visa] = Object.values(before.cards) as [WireEncryptedCard];

  await changePassword(page, { replaceKey: true });
  await page.getByText('Password and encryption key have been changed', { exact: true }).waitFor();

  // The old key, from the old password and the old record, seals two cards after the replacement.
  const oldKey = openSeedRecord(PASSWORD, before.auth.password);
  const now = (await account(uid)).auth.password.modifiedAt + 1000;
  const theirs = sealCard(oldKey, {
    id: 'Str4nger',
    data: {
      ...openCard(oldKey, visa),
      number: '5500005555555559',
      cardholder: 'Eve',
      issuer: 'Elsewhere',
      network: 'MASTERCARD',
    },
    modifiedAt: now,
  });
  const changed = sealCard(oldKey, {
    id: visa.id,
    data: { ...openCard(oldKey, visa), cardholder: 'Mallory' },
    modifiedAt: now,
  });
  await writeServer(`${uid}/cards/${theirs.id}`, theirs);
  await writeServer(`${uid}/cards/${changed.id}`, changed);

  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByText('2 cards could not be opened').waitFor();
  expect(await cardLink(page, 'First Bank').count()).toBe(0);
  await page.getByRole('link', { name: 'Review' }).click();
  await page.getByRole('heading', { name: 'Cards that could not be opened' }).waitFor();
  const item = (id: string) => page.getByRole('listitem').filter({ hasText: `Card ${id}` });
  await expect.poll(() => page.getByText('Why: saved with your old key after the key was replaced').count()).toBe(2);
  await item(theirs.id).getByText('Mastercard ending 5559, Eve').waitFor();
  await item(visa.id).getByText('Visa ending 1111, Mallory').waitFor();
  const audit = new Audit(page);
  await audit.check('Cards saved with the old key after the key was replaced');
  expect(audit.found).toEqual([]);

  // Kept: it joins the cards, and the server holds it under the new key, its date unchanged.
  await item(theirs.id).getByRole('button', { name: 'Keep' }).click();
  await page.getByText('Card kept').waitFor();
  await expect
    .poll(async () => {
      const held = await account(uid);
      const newKey = openSeedRecord(NEW_PASSWORD, held.auth.password);
      try {
        return {
          ...openCard(newKey, held.cards[theirs.id] as WireEncryptedCard),
          at: held.cards[theirs.id]?.modifiedAt,
        };
      } catch {
        return 'not under the new key yet';
      }
    })
    .toMatchObject({ cardholder: 'Eve', at: now });
  // Deleted: gone from the server, with its deletion dated.
  await item(visa.id).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Card deleted').waitFor();
  await expect.poll(async () => (await account(uid)).cards[visa.id]).toBeUndefined();
  expect((await account(uid)).deleted?.[visa.id]).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Home' }).click();
  await cardLink(page, 'Elsewhere').waitFor();
  expect(await page.getByText(/could not be opened/).count()).toBe(0);
  expect(errors).toEqual([]);
});
