/**
 * How busy the machine was while the benchmark ran, written beside the figures: the load average at the start and
 * at the end, and the share of CPU time the hypervisor took (steal, from /proc/stat; null where there is none). On a
 * shared 2-core machine these move every figure, so a run is read with them.
 *
 * Also what memory costs the first time it is used (`memory_first_touch_us`): the time of one 4 KiB page's first
 * write, past the write itself. The speed factor (OpenSSL's derivation) runs in the processor's cache and cannot see
 * it, yet the browser pays it for every buffer it maps: a fresh renderer, a large string copied into storage, a
 * WebAssembly heap. Usual machines take well under a microsecond; some virtual machines, where each such page is
 * a trip to the host, take tens, and every figure of the browser's is slower there by far more than the factor says.
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';

/** CPU time counters of all cores together, or null off Linux. */
async function cpuTimes() {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal …
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { total, steal: values[7] ?? 0 };
  } catch {
    return null;
  }
}

const PAGE = 4096;

/**
 * Microseconds a page for first use: a fresh 64 MiB buffer written twice, the first write's extra time over the
 * second's, divided by its pages; the median of three. Node allocates a buffer this large straight from the system,
 * so each round's pages are new to the process.
 */
export function firstTouchMicros() {
  const size = 64 * 2 ** 20;
  /** @type {number[]} */
  const perPage = [];
  for (let round = 0; round < 3; round++) {
    const buffer = Buffer.allocUnsafeSlow(size);
    let start = performance.now();
    buffer.fill(1);
    const first = performance.now() - start;
    start = performance.now();
    buffer.fill(2);
    const again = performance.now() - start;
    perPage.push((1000 * Math.max(0, first - again)) / (size / PAGE));
  }
  perPage.sort((a, b) => a - b);
  return Number((perPage[1] ?? 0).toFixed(2));
}

/** Above this, the run's browser figures are not to be set beside a usual machine's (see above). */
const SLOW_FIRST_TOUCH_US = 2;

/** A line for under the table when memory's first use is that slow, or ''. @param {Record<string, unknown>} results */
export function firstTouchNote(results) {
  const micros = results.memory_first_touch_us;
  if (typeof micros !== 'number' || micros <= SLOW_FIRST_TOUCH_US) return '';
  return (
    `note: memory's first use took ${micros} µs a page here (usual machines: under 1). The browser's figures are ` +
    'slower than the speed factor says; compare them only with runs on the same machine.\n'
  );
}

/** Starts watching; `end()` gives the machine's figures for the run. */
export async function watchMachine() {
  const startLoad = loadavg()[0] ?? 0;
  const start = await cpuTimes();
  const firstTouch = firstTouchMicros();
  return {
    async end() {
      const end = await cpuTimes();
      const steal =
        start && end && end.total > start.total ? (100 * (end.steal - start.steal)) / (end.total - start.total) : null;
      return {
        load_average_start: Number(startLoad.toFixed(2)),
        load_average_end: Number((loadavg()[0] ?? 0).toFixed(2)),
        cpu_steal_pct: steal === null ? null : Number(steal.toFixed(1)),
        memory_first_touch_us: firstTouch,
      };
    },
  };
}
