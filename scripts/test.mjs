// `npm test`: the preflight first, then `vitest run` with the type checks and Biome's check beside it, at the lowest
// CPU priority. On two cores vitest keeps both busy but for its last minutes, when only end-to-end files are left and
// one core waits on them; the checks (about 50 CPU-seconds) used to run before vitest, alone, for half a minute. Run
// beside it, they take what vitest leaves. A failed check stops vitest at once, as Ctrl-C would, and fails the run;
// its output is printed whole when it ends. Arguments go to vitest: `npm test -- tests/e2e/lock.test.ts`.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const node = process.execPath;

/** A package's command, as npm would run it. @param {string} name @param {string} command */
function bin(name, command) {
  const manifest = require.resolve(`${name}/package.json`);
  return join(dirname(manifest), require(manifest).bin[command]);
}

/** Runs a command to its end with the given stdio. @param {string[]} args @param {import('node:child_process').SpawnOptions} options */
function start(args, options) {
  const child = spawn(node, args, options);
  return { child, done: new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1))) };
}

const preflight = start(['scripts/preflight.mjs'], { stdio: 'inherit' });
if ((await preflight.done) !== 0) process.exit(1);

/**
 * The lowest CPU priority for a process in a session of its own. Where Linux groups the scheduling of each session
 * (autogroup), a process's nice value counts only within its session, and the session as a whole has one of its own:
 * both are set. Where neither can be, the check still runs, only less politely.
 * @param {number} pid
 */
function lowestPriority(pid) {
  try {
    setPriority(pid, 19);
    if (existsSync(`/proc/${pid}/autogroup`)) writeFileSync(`/proc/${pid}/autogroup`, '19');
  } catch {
    // As above.
  }
}

/** Set once the run is stopped from outside; the check running then. */
let stopped = false;
/** @type {import('node:child_process').ChildProcess | null} */
let check = null;

/** The checks, one after another, each at the lowest priority (its own children inherit it). @returns {Promise<boolean>} */
async function checks() {
  /** @type {[string, string[]][]} */
  const steps = [
    ['npm run typecheck', ['scripts/typecheck.mjs']],
    ['npm run lint', [bin('@biomejs/biome', 'biome'), 'ci', '.']],
  ];
  for (const [name, args] of steps) {
    if (stopped) return false;
    const { child, done } = start(args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    check = child;
    if (child.pid) lowestPriority(child.pid);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const code = await done;
    if (stopped) return false;
    process.stdout.write(`\n${name}: ${code === 0 ? 'passed' : 'FAILED'}\n${code === 0 ? '' : output}`);
    if (code !== 0) return false;
  }
  return true;
}

// Each command in a process group of its own, so that stopping it reaches its workers and their browsers too, as
// Ctrl-C in a terminal reaches every process of the foreground group; a stop of this script is passed on to both.
const vitest = start([bin('vitest', 'vitest'), 'run', ...process.argv.slice(2)], { stdio: 'inherit', detached: true });
/** Stops a process and everything it started. @param {import('node:child_process').ChildProcess | null} child @param {NodeJS.Signals} signal */
function stopGroup(child, signal) {
  try {
    if (child?.pid) process.kill(-child.pid, signal);
  } catch {
    // It has already ended.
  }
}
for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    stopped = true;
    stopGroup(check, signal);
    stopGroup(vitest.child, signal);
  });
}
const checked = checks().then((passed) => {
  if (!passed && !stopped) {
    process.stdout.write('A check failed: stopping the tests.\n');
    stopGroup(vitest.child, 'SIGINT');
  }
  return passed;
});
const [passed, code] = await Promise.all([checked, vitest.done]);
process.exit(passed && code === 0 ? 0 : 1);
