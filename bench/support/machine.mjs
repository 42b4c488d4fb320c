/**
 * How busy the machine was while the benchmark ran, written beside the figures: the load average at the start and
 * at the end, and the share of CPU time the hypervisor took (steal, from /proc/stat; null where there is none). On a
 * shared 2-core machine these move every figure, so a run is read with them.
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

/** Starts watching; `end()` gives the machine's figures for the run. */
export async function watchMachine() {
  const startLoad = loadavg()[0] ?? 0;
  const start = await cpuTimes();
  return {
    async end() {
      const end = await cpuTimes();
      const steal =
        start && end && end.total > start.total ? (100 * (end.steal - start.steal)) / (end.total - start.total) : null;
      return {
        load_average_start: Number(startLoad.toFixed(2)),
        load_average_end: Number((loadavg()[0] ?? 0).toFixed(2)),
        cpu_steal_pct: steal === null ? null : Number(steal.toFixed(1)),
      };
    },
  };
}
