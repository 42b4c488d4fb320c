/**
 * Reading a Chromium trace (`browser.startTracing`/`stopTracing`) for the tools that say where a moment's time goes,
 * as the benchmark's figures cannot.
 *
 * @typedef {{ name: string, ph: string, ts: number, dur: number, pid: number, tid: number, args?: any }} TraceEvent
 */

/** The renderer's main-thread events of a trace, complete ones only. @param {Buffer} trace */
export function mainThreadEvents(trace) {
  /** @type {TraceEvent[]} */
  const events = JSON.parse(trace.toString()).traceEvents;
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return events.filter((event) => event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`));
}

/** Whether `inner` ran inside `outer`. */
export const within = (/** @type {TraceEvent} */ outer, /** @type {TraceEvent} */ inner) =>
  inner !== outer && inner.ts >= outer.ts && inner.ts + inner.dur <= outer.ts + outer.dur;

/** A trace's microseconds as milliseconds, to a tenth. */
export const ms = (/** @type {number} */ us) => (us / 1000).toFixed(1);

/** A tool's numeric option, `--name=N`, or `fallback`. */
export const option = (/** @type {string} */ name, /** @type {number} */ fallback) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
