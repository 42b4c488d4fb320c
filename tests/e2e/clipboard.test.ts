/**
 * A card detail copied in the built app leaves the clipboard after 30 seconds (the default), and the copy's
 * confirmation counts them down; something copied since stays. The clipboard is Chromium's own, read and written
 * with the permissions a person would grant; time is Playwright's clock, paused so it moves only when a test moves it.
 */
import type { BrowserContext, Page } from 'playwright';
import { expect, it } from 'vitest';
import { addCard, VISA } from './support/actions';
import { appUrl, contextPerTest, watchPageErrors } from './support/browser';
import { openSecurity } from './support/pin-flows';

const openContext = contextPerTest();
const BOTH = ['clipboard-read', 'clipboard-write'];

interface Wallet {
  context: BrowserContext;
  page: Page;
  errors: string[];
  cardId: string;
}

/** The app with its clock installed and the clipboard permissions given, on a new Visa card's detail screen. */
async function walletOnDetail(permissions = BOTH): Promise<Wallet> {
  const context = await openContext();
  await context.grantPermissions(permissions, { origin: new URL(appUrl()).origin });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.clock.install();
  await page.goto(appUrl('/home'));
  const cardId = await addCard(page, VISA);
  return { context, page, errors, cardId };
}

async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

const clipboardText = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());
const putOnClipboard = (page: Page, text: string): Promise<void> =>
  page.evaluate((value) => navigator.clipboard.writeText(value), text);
const countdown = (page: Page, text: string) => page.getByText(text, { exact: true });
/** Gone once the clearing has been done (or found something else on the clipboard). */
const countdownsGone = (page: Page) => page.locator('.copy-countdown').first().waitFor({ state: 'detached' });

it('clears a copied number after 30 s, counting down, and copies it without spaces', async () => {
  const { page, errors } = await walletOnDetail();
  await pauseClock(page);
  await page.getByRole('button', { name: 'Copy Card number' }).click();
  expect(await clipboardText(page)).toBe('4111111111111111');
  await countdown(page, 'Clears in 30 s').waitFor();
  // Said once to assistive technology, with the copy's confirmation.
  await page.getByText('Copied. Clears in 30 s', { exact: true }).waitFor({ state: 'attached' });
  await page.clock.runFor(10_000);
  await countdown(page, 'Clears in 20 s').waitFor();
  expect(await clipboardText(page)).toBe('4111111111111111');
  await page.clock.runFor(20_000);
  await countdownsGone(page);
  expect(await clipboardText(page)).toBe('');
  expect(errors).toEqual([]);
});

it('leaves something copied since in place', async () => {
  const { page, errors } = await walletOnDetail();
  await pauseClock(page);
  // The CVV is hidden on screen, and copies all the same.
  await page.getByRole('button', { name: 'Copy CVV' }).click();
  expect(await clipboardText(page)).toBe('123');
  await countdown(page, 'Clears in 30 s').waitFor();
  await putOnClipboard(page, 'a note of my own');
  await page.clock.runFor(30_000);
  await countdownsGone(page);
  expect(await clipboardText(page)).toBe('a note of my own');
  expect(errors).toEqual([]);
});

it('gives a later copy its own 30 s', async () => {
  const { page, errors } = await walletOnDetail();
  await pauseClock(page);
  await page.getByRole('button', { name: 'Copy Card number' }).click();
  // The copy starts its 30 s once the clipboard has taken it; the clock moves only after that.
  await countdown(page, 'Clears in 30 s').waitFor();
  await page.clock.runFor(20_000);
  await countdown(page, 'Clears in 10 s').waitFor();
  await page.getByRole('button', { name: 'Copy Expiry' }).click();
  expect(await clipboardText(page)).toBe('12/29');
  await countdown(page, 'Clears in 30 s').waitFor();
  // Only the latest copy counts down.
  expect(await page.locator('.copy-countdown').count()).toBe(1);
  await page.clock.runFor(15_000);
  expect(await clipboardText(page)).toBe('12/29');
  await page.clock.runFor(15_000);
  await countdownsGone(page);
  expect(await clipboardText(page)).toBe('');
  expect(errors).toEqual([]);
});

it("keeps the copy with 'Clear copied details after' set to Never, and copies a masked number whole", async () => {
  const { page, errors, cardId } = await walletOnDetail();
  await openSecurity(page);
  await page.getByRole('combobox', { name: 'Clear copied details after' }).selectOption('Never');
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await page.getByRole('link', { name: 'User Interface' }).click();
  await page.getByRole('switch', { name: 'Mask card number' }).click();
  // The switch turns once the choice is stored; the reload below must find it there.
  await page.getByRole('switch', { name: 'Mask card number', checked: true }).waitFor();
  await page.goto(appUrl(`/home/cards/${cardId}`));
  await page.getByRole('button', { name: 'Reveal card number' }).waitFor();
  expect(await page.evaluate(() => document.body.textContent)).not.toContain('4111 1111 1111 1111');
  await pauseClock(page);
  await page.getByRole('button', { name: 'Copy Card number' }).click();
  expect(await clipboardText(page)).toBe('4111111111111111');
  await page.getByText('Copied', { exact: true }).waitFor({ state: 'attached' });
  expect(await page.locator('.copy-countdown').count()).toBe(0);
  await page.clock.runFor(10 * 60_000);
  expect(await clipboardText(page)).toBe('4111111111111111');
  expect(errors).toEqual([]);
});

it('clears the clipboard after its time even where Sleeve may not read it', async () => {
  // Only writing is allowed: Sleeve cannot tell what the clipboard holds, and it copied nothing else since.
  const { context, page, errors } = await walletOnDetail(['clipboard-write']);
  await pauseClock(page);
  await page.getByRole('button', { name: 'Copy Card number' }).click();
  await countdown(page, 'Clears in 30 s').waitFor();
  await page.clock.runFor(30_000);
  await countdownsGone(page);
  await context.grantPermissions(BOTH, { origin: new URL(appUrl()).origin });
  expect(await clipboardText(page)).toBe('');
  expect(errors).toEqual([]);
});
