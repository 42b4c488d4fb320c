/**
 * A start that cannot finish says what happened and what to try, never a splash that stays. The engine test is the
 * only one here that starts the engine, so it is the first start of this file's engine (each test file has its own).
 */
import { expect, onTestFinished, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { Router } from 'wouter';
import { App } from '../../src/app/App';
import { SLOW_START_MS, Splash } from '../../src/app/Splash';
import { StartBoundary } from '../../src/app/StartBoundary';
import { startApp } from '../../src/state/lifecycle';
import { appState, resetDevice } from '../../src/state/store';
import { renderComponent, seedStorage } from '../support/render';

async function startWholeApp(): Promise<void> {
  await resetDevice();
  await renderComponent(
    <Router>
      <App />
    </Router>,
  );
  await startApp();
}

test('storage the browser refuses (site data blocked) shows what happened and what to try', async () => {
  await seedStorage();
  const original = Object.getOwnPropertyDescriptor(window, 'localStorage') as PropertyDescriptor;
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  });
  onTestFinished(() => {
    Object.defineProperty(window, 'localStorage', original);
  });
  await startWholeApp();
  await expect
    .element(page.getByRole('heading', { name: "Sleeve cannot use this browser's storage", level: 1 }))
    .toBeVisible();
  await expect.element(page.getByText(/Allow site data/)).toBeVisible();
  await expect.element(page.getByText(/private window/)).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect.element(page.getByRole('img', { name: 'Sleeve' })).not.toBeInTheDocument();
});

/** The engine's script cannot be fetched, as when the app was updated while offline. */
function breakEngineScript(): void {
  const RealWorker = globalThis.Worker;
  globalThis.Worker = class extends RealWorker {
    constructor(_url: string | URL, options?: WorkerOptions) {
      super(new URL('/no-such-engine-script.js', window.location.href), options);
    }
  };
  onTestFinished(() => {
    globalThis.Worker = RealWorker;
  });
}

test('an engine worker that cannot load ends on a screen that says so, and storage is untouched', async () => {
  breakEngineScript();
  const stored = '{"type":"UNENCRYPTED","cards":{}}';
  await seedStorage({ raw: { cards: stored } });
  await startWholeApp();
  // Plain cards need no engine to be shown: Home opens without its worker.
  await expect.element(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  // Saving does: the editor starts it as it opens, so the failure is said before anything is typed.
  await page.getByRole('link', { name: 'Add Card', exact: true }).click();
  await page.getByRole('link', { name: 'Add card manually' }).click();
  await expect
    .element(page.getByRole('heading', { name: "Sleeve's encryption could not start", level: 1 }))
    .toBeVisible();
  await expect.element(page.getByText(/Your saved cards have not been changed/)).toBeVisible();
  expect(appState.phase).toBe('failed');
  expect(localStorage.getItem('sleeve/cards')).toBe(stored);
});

test('a screen whose code could not be fetched shows what to try instead of a blank page', async () => {
  const Broken = () => {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/ExportScreen.js');
  };
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await renderComponent(
    <StartBoundary>
      <Broken />
    </StartBoundary>,
  );
  await expect
    .element(page.getByRole('heading', { name: 'Part of Sleeve could not be loaded', level: 1 }))
    .toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});

test('a splash that waits too long says what it is waiting for and offers a reload', async () => {
  // Reset before the clock is faked: the reset waits for the engine's worker to drop its key.
  await resetDevice();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  appState.remoteReady = false;
  await renderComponent(<Splash />);
  await vi.advanceTimersByTimeAsync(SLOW_START_MS - 1);
  await expect.element(page.getByRole('status')).not.toBeInTheDocument();
  await vi.advanceTimersByTimeAsync(1);
  await expect.element(page.getByRole('status')).toHaveTextContent(/taking longer than usual to reach your account/);
  await expect.element(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});
