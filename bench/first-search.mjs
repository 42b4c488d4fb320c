/**
 * A fresh page's first search, key by key, beside the same page's later ones: `node bench/first-search.mjs` opens
 * Home with the benchmark's 10,000 plain cards (the build already in `dist/`) in a fresh profile, waits as long as the
 * `search` group's throttled page does before it types (the search index is whole by then), and types the group's
 * first queries, four keys each, with the page throttled and traced. For each key it prints the time from its
 * keydown to the summary's change in the DOM (none when the count shown stays), its task, the `input` event in it
 * (the app's answer: the search, React's render and commit of the rows), V8's own work in the task (compiling
 * functions, moving them up a tier, dropping optimized code) and the browser's font lookups in it. Then, over every
 * page, the median of each for the first query's keys and for the later queries' keys. With `--functions`, the
 * functions that ran longest in each of the first query's keys, from the trace's script samples (named as in the
 * source with a build made by `npx vite build --minify false`). Options: `--pages=N` (default 4), `--queries=N`
 * (default 3), `--throttle=R` (default 4), `--cards=N` (default 10,000), `--wait=MS` (default 1,500).
 */
import { QUERIES } from './groups/search.mjs';
import { launchBenchBrowser } from './support/browser.mjs';
import { throttle } from './support/cdp.mjs';
import { plainWalletSeed } from './support/data.mjs';
import { freshPage } from './support/pages.mjs';
import { serveApp } from './support/servers.mjs';
import { median, round } from './support/stats.mjs';
import {
  fontLookups,
  mainThreadEvents,
  option,
  scriptSamples,
  TASKS,
  TRACE_CATEGORIES,
  taskFunctions,
  withFunctions,
  within,
} from './support/trace.mjs';

/** @typedef {import('./support/trace.mjs').TraceEvent} TraceEvent */
/**
 * A key typed, with its times in ms: to the summary's change in the DOM (null when the count stayed), its task, the
 * `input` event in it and V8's own work in it; and the font lookups in its task.
 * @typedef {{ key: string, first: boolean, dom: number | null, task: number, input: number, v8: number }} Timed
 * @typedef {Timed & { fonts: number }} Key
 */

/** V8's own work, as the trace names it: compiling, tiering up and down, and the interrupts that do it. */
const V8_WORK = new RegExp(
  '^V8\\.(Compile|Optimize|Maglev|FinalizeBaseline|FinalizeMaglev|InstallOptimized|Deoptimize|StackGuard|' +
    'HandleInterrupts|BytecodeBudgetInterrupt)|^FlushInstructionCache$',
);
/** The user timing mark each keydown leaves, followed by its key. */
const KEY_MARK = 'bench-key:';

const rate = option('throttle', 4);
const queries = QUERIES.slice(0, option('queries', 3));
const seed = await plainWalletSeed(option('cards', 10_000));
const app = await serveApp();
const browser = await launchBenchBrowser();
/** @type {Key[]} */
const keys = [];
try {
  for (let page = 1; page <= option('pages', 4); page++) {
    const typed = await typeOnFreshPage();
    console.log(`page ${page}:`);
    for (const key of typed) {
      const dom = key.dom === null ? 'no change' : `${round(key.dom)} ms to the DOM`;
      console.log(
        `  ${JSON.stringify(key.key)}${key.first ? ' (first query)' : ''}: ${dom}; task ${round(key.task)} ms, ` +
          `input event ${round(key.input)} ms, V8's own work ${round(key.v8)} ms, ${key.fonts} font lookups`,
      );
    }
    keys.push(...typed);
  }
  for (const first of [true, false]) {
    const these = keys.filter((key) => key.first === first);
    const of = (/** @type {(key: Key) => number | null} */ pick) =>
      round(median(these.map(pick).filter((value) => value !== null)));
    console.log(
      `${first ? "the first query's" : "the later queries'"} ${these.length} keys, medians: ` +
        `to the DOM ${of((key) => key.dom)} ms, task ${of((key) => key.task)} ms, ` +
        `input event ${of((key) => key.input)} ms, V8's own work ${of((key) => key.v8)} ms`,
    );
  }
} finally {
  await browser.close();
  await app.close();
}

/** One fresh page's keys, as `Key`s, in the order typed. */
async function typeOnFreshPage() {
  const { context, page } = await freshPage(browser, seed);
  // Each key's keydown marked in the trace with the key, told apart from the keys the box's emptying presses.
  await page.addInitScript(
    (mark) => addEventListener('keydown', (event) => performance.mark(`${mark}${event.key}`), { capture: true }),
    KEY_MARK,
  );
  try {
    await page.goto(`${app.url}/home`);
    await page.waitForFunction(() => /** @type {any} */ (window).__bench.firstCardAt !== null);
    await page.waitForTimeout(option('wait', 1_500));
    const categories = [...TRACE_CATEGORIES, 'blink.user_timing', 'v8', 'disabled-by-default-v8.compile'];
    if (withFunctions) categories.push('disabled-by-default-v8.cpu_profiler');
    await browser.startTracing(page, { categories });
    const session = await throttle(page, rate);
    const box = page.getByRole('searchbox', { name: 'Search cards' });
    /** @type {{ key: string, first: boolean, dom: number | null }[]} */
    const pressed = [];
    for (const [index, query] of queries.entries()) {
      await box.fill('');
      await page.waitForFunction(() => !document.querySelector('.search-summary'));
      await box.focus();
      for (let length = 1; length <= Math.min(4, query.length); length++) {
        const key = /** @type {string} */ (query[length - 1]);
        const before = await page.evaluate(() => /** @type {any} */ (window).__bench.summaries.length);
        await page.keyboard.press(key);
        const dom = await page
          .waitForFunction(
            (count) => {
              const state = /** @type {any} */ (window).__bench;
              return state.summaries.length > count && state.summaries.at(-1).changedAt - state.keydownAt;
            },
            before,
            { polling: 'raf', timeout: 700 },
          )
          .then((handle) => /** @type {Promise<number>} */ (handle.jsonValue()))
          // The count shown did not change (the same cards match).
          .catch(() => null);
        pressed.push({ key: query.slice(0, length), first: index === 0, dom });
      }
    }
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const trace = await browser.stopTracing();
    return keysOf(trace, pressed);
  } finally {
    await context.close();
  }
}

/**
 * The keys' tasks, found in the trace from their `keydown` events, one a key in the order pressed: the task that
 * dispatches it and, where the browser dispatches the key's `input` event in a later task (a page's first key can),
 * that task too.
 * @param {Buffer} trace @param {{ key: string, first: boolean, dom: number | null }[]} pressed
 * @returns {Key[]}
 */
function keysOf(trace, pressed) {
  const events = mainThreadEvents(trace);
  const dispatched = (/** @type {string} */ type) =>
    events.filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === type);
  /** @type {TraceEvent[]} */
  const marks = JSON.parse(trace.toString()).traceEvents.filter(
    (/** @type {TraceEvent} */ event) => event.name.startsWith(KEY_MARK) && event.name.length === KEY_MARK.length + 1,
  );
  const keydowns = dispatched('keydown').filter((keydown) =>
    marks.some((mark) => mark.ts >= keydown.ts && mark.ts <= keydown.ts + keydown.dur),
  );
  const inputs = dispatched('input');
  const taskOf = (/** @type {TraceEvent} */ event) =>
    events.find((task) => TASKS.has(task.name) && within(task, event));
  const samples = withFunctions ? scriptSamples(trace) : [];
  const lookups = fontLookups(events);
  return pressed.map((key, index) => {
    const keydown = keydowns[index];
    const task = keydown && taskOf(keydown);
    if (!keydown || !task) throw new Error(`No task in the trace for the key ${JSON.stringify(key.key)}`);
    const next = keydowns[index + 1]?.ts ?? Number.POSITIVE_INFINITY;
    const input = inputs.find((event) => event.ts > keydown.ts && event.ts < next);
    const inputTask = input && taskOf(input);
    const tasks = inputTask && inputTask !== task ? [task, inputTask] : [task];
    const inside = events.filter((event) => tasks.some((one) => within(one, event)));
    const work = inside.filter((event) => V8_WORK.test(event.name));
    const outermost = work.filter((event) => !work.some((other) => within(other, event)));
    if (withFunctions && key.first) {
      console.log(`  ${JSON.stringify(key.key)}, the functions that ran longest in its task:`);
      for (const line of tasks.flatMap((one) => taskFunctions(one, samples))) console.log(line);
    }
    return {
      ...key,
      task: tasks.reduce((sum, one) => sum + one.dur, 0) / 1000,
      input: (input?.dur ?? 0) / 1000,
      v8: outermost.reduce((sum, event) => sum + event.dur, 0) / 1000,
      fonts: lookups.filter((lookup) => tasks.some((one) => within(one, lookup))).length,
    };
  });
}
