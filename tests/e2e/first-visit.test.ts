/**
 * What only a real browser shows: storage the browser refuses at start, the app's script not arriving, a tab's
 * script slow to arrive, a sign-in that cannot reach Google, and a PIN pasted from the clipboard into the unlock
 * screen of the built app.
 */
import { expect, it } from 'vitest';
import { Audit } from './support/axe-audit';
import { appUrl, contextPerTest } from './support/browser';
import { createPinFromSecurity } from './support/pin-flows';

const newContext = contextPerTest();

it('a browser that refuses site data gets a screen saying so and what to try, not a splash', async () => {
  const context = await newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const page = await context.newPage();
  await page.goto(appUrl('/home'));
  await page.getByRole('heading', { name: "Sleeve cannot use this browser's storage", level: 1 }).waitFor();
  await page.getByText(/Allow site data/).waitFor();
  expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
});

it("the app's own script not arriving ends on a screen saying so, and Reload starts Sleeve once it can", async () => {
  const context = await newContext();
  // The second script (the app's code, which the first loads: src/main.tsx) is refused, as a dropped connection would.
  const appScript = /\/assets\/app-[\w-]+\.js$/;
  await context.route(appScript, (route) => route.abort('connectionfailed'));
  const page = await context.newPage();
  await page.goto(appUrl('/home'));
  await page.getByRole('heading', { name: 'Part of Sleeve could not be loaded', level: 1 }).waitFor();
  await context.unroute(appScript);
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.getByText('No cards found').waitFor();
});

it('a tab whose script is slow to arrive is marked at once, and after a moment a sign says its screen is coming', async () => {
  // The Content-Security-Policy bypassed for axe, which goes in as an inline script.
  const context = await newContext({ bypassCSP: true, reducedMotion: 'reduce' });
  // The You area's script held back until released, as a slow network holds it on a first visit.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/assets\/YouRoutes-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto(appUrl('/home'));
  await page.getByText('No cards found').waitFor();
  const you = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'You' });
  await you.click();
  const sign = page.getByRole('status', { name: 'Loading' });
  await sign.waitFor();
  // Home stays meanwhile, the tab chosen marked.
  expect(await you.getAttribute('aria-current')).toBe('page');
  expect(await page.getByRole('heading', { name: 'Home', level: 1 }).isVisible()).toBe(true);
  const audit = new Audit(page);
  await audit.check('Home, the You tab chosen, its script on its way');
  expect(audit.found).toEqual([]);
  release();
  await page.getByRole('heading', { name: 'You', level: 1 }).waitFor();
  await sign.waitFor({ state: 'detached' });
});

it('a sign-in that cannot reach Google says so within ten seconds and the button works again', async () => {
  const context = await newContext();
  // Google's script never answers, as offline or behind a blocker that stalls it.
  await context.route('https://apis.google.com/**', () => undefined);
  const page = await context.newPage();
  await page.goto(appUrl('/user/account'));
  const button = page.getByRole('button', { name: 'Sign in with Google' });
  await button.click();
  const clicked = Date.now();
  await page
    .getByText('Could not reach Google to sign in. Check your connection and try again.')
    .first()
    .waitFor({ timeout: 15_000 });
  expect(Date.now() - clicked).toBeLessThan(12_000);
  expect(await button.isEnabled()).toBe(true);
});

it('a PIN pasted from the clipboard unlocks, and the fields carry what password managers look for', async () => {
  const context = await newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(appUrl('/home'));
  await page.getByText('No cards found').waitFor();
  await createPinFromSecurity(page, '274951');
  await page.getByRole('button', { name: 'Lock now' }).first().click();
  await page.getByText('Unlock using your PIN.').waitFor();

  const field = page.getByLabel('PIN', { exact: true });
  expect(await field.getAttribute('autocomplete')).toBe('current-password');
  expect(await field.getAttribute('inputmode')).toBe('numeric');
  expect(await page.locator('input[autocomplete="username"]').inputValue()).toBe('Sleeve PIN');

  await page.evaluate(() => navigator.clipboard.writeText('274 951'));
  await field.focus();
  await page.keyboard.press('Control+V');
  await page.getByText('Unlock using your PIN.').waitFor({ state: 'detached' });
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
});
