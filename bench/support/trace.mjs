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

/** What the task tools trace: the timeline's tasks, events, script and layout phases. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink'];

/** A task's parts worth naming: what ran, not the scheduler's wrappers around it. */
const PARTS = new Set(['EventDispatch', 'FunctionCall', 'RunMicrotasks', 'FireIdleCallback', 'FireAnimationFrame']);
/** A task, as the trace names it (by Chromium's version). */
const TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);
const LAYOUT = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit']);

/** The main thread's tasks of 50 ms or more, a long task's threshold. @param {TraceEvent[]} events */
export const longTasksOf = (events) => events.filter((event) => TASKS.has(event.name) && event.dur >= 50_000);

/** A task's parts of 3 ms or more, outermost first, indented by how deep each runs. @param {TraceEvent[]} events */
export function taskParts(/** @type {TraceEvent} */ task, events) {
  const inside = events.filter(
    (event) => within(task, event) && event.dur >= 3000 && (PARTS.has(event.name) || LAYOUT.has(event.name)),
  );
  return inside.map((event) => {
    const depth = inside.filter((other) => within(other, event)).length;
    const what = event.args?.data?.type ?? event.args?.beginData?.dirtyObjects ?? '';
    return `${'  '.repeat(depth + 2)}${event.name} ${what} ${ms(event.dur)}`.replace(/ {2,}(?=\d)/, ' ');
  });
}
