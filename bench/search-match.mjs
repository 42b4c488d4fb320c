/**
 * What the search itself costs per keystroke, apart from the page around it (which `search_dom_p95_ms_10k` times
 * whole): `node bench/search-match.mjs` types the `search` group's queries a key at a time into Home's own search
 * index (src/screens/home/search-index.ts, in Node, unthrottled) over the benchmark's 10,000 cards, clearing the box
 * between queries as the group does. It prints each key's time in the first round, where the code runs for the first
 * time as on a page just opened, then the mean and largest time of a query's first key (every card searched) and of
 * the keys after it (among the last matches), over all rounds. Options: `--rounds=N` (default 3), `--cards=N`.
 */
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { QUERIES } from './groups/search.mjs';
import { makeData } from './support/data.mjs';
import { option } from './support/trace.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { module } = await runnerImport(`${ROOT}src/screens/home/search-index.ts`, {
  configFile: false,
  logLevel: 'warn',
});
const { searchIndex, searchIndexOf } = /** @type {typeof import('../src/screens/home/search-index.ts')} */ (module);

const rounds = option('rounds', 3);
const data = await makeData({ small: 10, large: option('cards', 10_000), startup: 10 });
const index = searchIndexOf(data.large.plain, {});

/** @type {{ first: number[], later: number[] }} */
const times = { first: [], later: [] };
for (let round = 1; round <= rounds; round++) {
  /** @type {string[]} */
  const line = [];
  for (const query of QUERIES) {
    for (let length = 1; length <= query.length; length++) {
      const typed = query.slice(0, length);
      const start = performance.now();
      const found = searchIndex(index, typed);
      const took = performance.now() - start;
      (length === 1 ? times.first : times.later).push(took);
      if (round === 1)
        line.push(`${typed.trim() === typed ? typed : JSON.stringify(typed)} ${took.toFixed(2)} (${found.length})`);
    }
    // The box cleared: the next query's first key searches every card again.
    searchIndex(index, '');
  }
  if (round === 1) console.log(`round 1, ms per key (matches):\n  ${line.join('\n  ')}`);
}
/** @param {number[]} list */
const summary = (list) =>
  `mean ${(list.reduce((sum, one) => sum + one, 0) / list.length).toFixed(2)} ms, largest ${Math.max(...list).toFixed(2)} ms`;
console.log(`${index.length} cards, ${rounds} rounds`);
console.log(`first keys: ${summary(times.first)}`);
console.log(`later keys: ${summary(times.later)}`);
