/**
 * Another tab changes a full wallet while Home shows a search (bench/groups/tab-change.mjs): `node
 * bench/tab-change.mjs` runs it with the benchmark's 10,000 plain cards (the build already in `dist/`) and prints
 * the time from the other tab's write to the summary that counts one card fewer, and the page's tasks of 50 ms or
 * more after the write. Options: `--runs=N` (default 3), `--throttle=R` (default 4), `--cards=N` (default 10,000),
 * `--pin` (the cards encrypted under a PIN, which the page is unlocked with first), `--functions` (the page's CPU
 * profile: the functions that took the most time of their own, from the write on).
 */
import { tabChange } from './groups/tab-change.mjs';
import { launchBenchBrowser } from './support/browser.mjs';
import { makeData, plainWalletSeed } from './support/data.mjs';
import { serveApp } from './support/servers.mjs';
import { round } from './support/stats.mjs';
import { option, withFunctions } from './support/trace.mjs';

const count = option('cards', 10_000);
const data = process.argv.includes('--pin') ? await makeData({ small: 10, large: count, startup: 10 }) : null;
const seed = data
  ? { 'sleeve/cards': JSON.stringify(data.large.encrypted), 'sleeve/auth': JSON.stringify(data.auth) }
  : await plainWalletSeed(count);
const app = await serveApp();
const browser = await launchBenchBrowser();
try {
  for (let run = 1; run <= option('runs', 3); run++) {
    const { ms, tasks, cpu } = await tabChange(browser, app.url, seed, {
      rate: option('throttle', 4),
      count,
      pin: data?.pin,
      profile: withFunctions,
    });
    const listed = tasks.map((task) => `at ${round(task.start)} ms, ${round(task.ms)} ms`).join('; ');
    console.log(
      `run ${run}: write to summary ${round(ms)} ms; ` +
        `tasks of 50 ms or more after the write: ${tasks.length}${listed ? ` (${listed})` : ''}`,
    );
    if (cpu) printProfile(cpu);
  }
} finally {
  await browser.close();
  await app.close();
}

/** The functions with the most time of their own. @param {{ profile: any }} result */
function printProfile({ profile }) {
  const nodes = new Map(profile.nodes.map((/** @type {any} */ node) => [node.id, node]));
  /** @type {Map<string, number>} */
  const self = new Map();
  profile.samples.forEach((/** @type {number} */ id, /** @type {number} */ index) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (['(idle)', '(program)'].includes(functionName)) return;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
}
