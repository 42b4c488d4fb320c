/**
 * A Chromium whose tabs are really hidden when another tab is in front (`document.visibilityState`, the
 * `visibilitychange` event), as in a browser a person uses.
 *
 * Pages that Playwright opens in its own contexts never are: it turns on focus emulation for each of them, which keeps
 * every page visible and focused, so a page behind another still reports 'visible'. Chromium is therefore started
 * here on its own, with a fresh profile, and Playwright attaches to it over CDP with `noDefaults`, which leaves the
 * browser's default context (where these tabs live) as the browser made it. Playwright still drives every page.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright';
import { afterEach } from 'vitest';
import { CHROMIUM_ARGS, requireChromium } from '../../../scripts/chromium.mjs';

export interface RealTabs {
  /** The profile's one context; `newPage()` opens a tab in front of the others. */
  context: BrowserContext;
  close(): Promise<void>;
}

/** Resolves to the DevTools address Chromium prints once it listens. */
function devtoolsAddress(started: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let printed = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const address = /DevTools listening on (ws:\/\/\S+)/.exec(printed)?.[1];
      if (address) resolve(address);
    });
    started.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before it listened:\n${printed}`)));
  });
}

async function launchRealTabs(): Promise<RealTabs> {
  const profile = await mkdtemp(join(tmpdir(), 'sleeve-real-tabs-'));
  const started = spawn(
    requireChromium(),
    [
      ...CHROMIUM_ARGS,
      '--headless',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--window-size=480,960',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close().catch(() => undefined);
    if (started.exitCode === null && started.signalCode === null) {
      const exited = new Promise((resolve) => started.once('exit', resolve));
      started.kill();
      await exited;
    }
    await rm(profile, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    browser = await chromium.connectOverCDP(await devtoolsAddress(started), { noDefaults: true });
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    return { context, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A real-tabs Chromium per test, closed after it. */
export function realTabsPerTest(): () => Promise<RealTabs> {
  let opened: RealTabs | null = null;
  afterEach(async () => {
    await opened?.close();
    opened = null;
  });
  return async () => {
    opened = await launchRealTabs();
    return opened;
  };
}
