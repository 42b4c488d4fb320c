/**
 * You → 'Download app' without the deployment's Android app: Sleeve itself installs. Where the browser offered an
 * install (a `beforeinstallprompt` event, dispatched here with a prompt the test answers), pressing the row asks it;
 * where it cannot be asked, the row leads to the how-to screen; once Sleeve runs installed, the row says so.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { type InstallPromptEvent, installState, watchInstall } from '../../src/state/install';
import { expectNoAxeViolations } from '../support/axe';
import { renderApp } from '../support/render';

let stopWatching: (() => void) | null = null;

beforeEach(() => {
  vi.unstubAllEnvs();
});
afterEach(() => {
  stopWatching?.();
  stopWatching = null;
  vi.restoreAllMocks();
});

/** A browser's offer to install: `prompt` records the call, `userChoice` answers with `outcome`. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  }) satisfies InstallPromptEvent;
  window.dispatchEvent(event);
  return { event, prompt };
}

const appInfo = () => page.getByRole('region', { name: 'App info' });

test('where the browser offered an install, pressing Download app asks it, and an accepted install shows', async () => {
  stopWatching = watchInstall(window);
  const { event, prompt } = offerInstall('accepted');
  // Held for the person's press, not shown by the browser on its own.
  expect(event.defaultPrevented).toBe(true);
  await renderApp('/user');
  const download = appInfo().getByRole('button', { name: 'Download app' });
  await expect.element(download).toBeVisible();
  await expectNoAxeViolations();
  await download.click();
  expect(prompt).toHaveBeenCalledOnce();
  await expect.element(appInfo().getByText('Sleeve is installed on this device')).toBeVisible();
  await expect.element(appInfo().getByRole('button', { name: 'Download app' })).not.toBeInTheDocument();
  await expectNoAxeViolations();
});

test('a dismissed prompt leaves the row usable: it leads to the how-to screen until the browser offers again', async () => {
  stopWatching = watchInstall(window);
  const { prompt } = offerInstall('dismissed');
  await renderApp('/user');
  await appInfo().getByRole('button', { name: 'Download app' }).click();
  expect(prompt).toHaveBeenCalledOnce();
  const link = appInfo().getByRole('link', { name: 'Download app' });
  await expect.element(link).toHaveAttribute('href', '/user/install');
  // A later offer is a new event, and the row asks again.
  offerInstall('accepted');
  await expect.element(appInfo().getByRole('button', { name: 'Download app' })).toBeVisible();
});

test('where the browser cannot be asked, Download app shows how to add Sleeve in each browser', async () => {
  stopWatching = watchInstall(window);
  await renderApp('/user');
  await appInfo().getByRole('link', { name: 'Download app' }).click();
  await expect.element(page.getByRole('heading', { name: 'Install Sleeve', level: 1 })).toBeVisible();
  expect(window.location.pathname).toBe('/user/install');
  // The test runs in Chromium, whose way comes first; every other browser's follows.
  const titles = page
    .getByRole('heading', { level: 2 })
    .elements()
    .map((heading) => heading.textContent);
  expect(titles).toEqual(['Chrome or Edge', 'Safari on iPhone or iPad', 'Safari on Mac', 'Firefox']);
  await expect.element(page.getByText("Choose 'Add to Home Screen', then Add.")).toBeVisible();
  await expect.element(page.getByText("choose File, then 'Add to Dock'", { exact: false })).toBeVisible();
  await expect
    .element(page.getByText('Firefox on a computer does not install web apps', { exact: false }))
    .toBeVisible();
  await expectNoAxeViolations();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect.poll(() => window.location.pathname).toBe('/user');
});

test('running installed (display mode standalone), the row says Sleeve is installed', async () => {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
    // A query every page matches stands in for the app window's display mode.
    return real(query === '(display-mode: standalone)' ? '(min-width: 0px)' : query);
  });
  stopWatching = watchInstall(window);
  expect(installState.installed).toBe(true);
  await renderApp('/user');
  await expect.element(appInfo().getByText('Sleeve is installed on this device')).toBeVisible();
  await expect.element(appInfo().getByRole('link', { name: 'Download app' })).not.toBeInTheDocument();
  await expectNoAxeViolations();
});

test("with the deployment's links, Download app and Source code lead there, the version in the app's path", async () => {
  vi.stubEnv('VITE_ANDROID_APP_URL', 'https://example.org/releases/v{version}/app.apk');
  vi.stubEnv('VITE_SOURCE_CODE_URL', 'https://example.org/sleeve');
  stopWatching = watchInstall(window);
  offerInstall('accepted');
  await renderApp('/user');
  // The deployment's app wins over installing Sleeve itself.
  const download = appInfo().getByRole('link', { name: /Download app/ });
  await expect.element(download).toHaveAttribute('href', 'https://example.org/releases/v1.0.2/app.apk');
  await expect.element(download).toHaveAttribute('target', '_blank');
  await expect.element(download).toHaveAttribute('rel', 'noopener noreferrer');
  await page.getByRole('link', { name: 'About' }).click();
  const source = page.getByRole('link', { name: /Source code/ });
  await expect.element(source).toHaveAttribute('href', 'https://example.org/sleeve');
  await expect.element(source).toHaveAttribute('rel', 'noopener noreferrer');
  await expectNoAxeViolations();
});
