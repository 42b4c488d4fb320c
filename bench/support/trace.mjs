/**
 * Reading a Chromium trace (`browser.startTracing`/`stopTracing`) for the tools that say where a moment's time goes,
 * as the benchmark's figures cannot.
 *
 * @typedef {{ name: string, ph: string, ts: number, dur: number, pid: number, tid: number, id?: string, args?: any }} TraceEvent
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

/** What the task tools trace: the timeline's tasks, events, script and layout phases, and the font lookups. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink',
  'fonts',
  'disabled-by-default-fonts',
];

/**
 * The font lookups in a trace (Chromium's `FontCache::GetFontPlatformData`, traced under the `fonts` categories):
 * outermost only, as a lookup calls itself again for the next name in a stack. @param {TraceEvent[]} events
 */
export function fontLookups(events) {
  const lookups = events.filter((event) => event.name === 'FontCache::GetFontPlatformData');
  return lookups.filter((lookup) => !lookups.some((other) => other.dur > lookup.dur && within(other, lookup)));
}

/** A task's parts worth naming: what ran, not the scheduler's wrappers around it. */
const PARTS = new Set(['EventDispatch', 'FunctionCall', 'RunMicrotasks', 'FireIdleCallback', 'FireAnimationFrame']);
/** A task, as the trace names it (by Chromium's version). */
export const TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);
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
    const what = event.args?.data?.type ?? event.args?.data?.functionName ?? event.args?.beginData?.dirtyObjects ?? '';
    return `${'  '.repeat(depth + 2)}${event.name} ${what} ${ms(event.dur)}`.replace(/ {2,}(?=\d)/, ' ');
  });
}

/** With `--functions`, the task tools also sample the page's script and name the functions each long task ran. */
export const withFunctions = process.argv.includes('--functions');

/** What a task tool traces: the categories above, and the script sampler when `--functions` asks for it. */
export const toolCategories = () =>
  withFunctions ? [...TRACE_CATEGORIES, 'disabled-by-default-v8.cpu_profiler'] : TRACE_CATEGORIES;

/**
 * The main thread's script samples in a trace that sampled it: each sample's time (the trace's clock) and the
 * functions on its stack, innermost first, as `name file:line`.
 * @param {Buffer} trace
 */
export function scriptSamples(trace) {
  /** @type {TraceEvent[]} */
  const events = JSON.parse(trace.toString()).traceEvents;
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const profiles = events.filter(
    (event) => event.name === 'Profile' && event.pid === main?.pid && event.tid === main?.tid,
  );
  /** @type {{ ts: number, stack: string[] }[]} */
  const samples = [];
  for (const profile of profiles) {
    const chunks = events.filter(
      (event) => event.name === 'ProfileChunk' && event.pid === profile.pid && event.id === profile.id,
    );
    /** @type {Map<number, { name: string, parent?: number }>} */
    const nodes = new Map();
    for (const chunk of chunks) {
      for (const node of chunk.args.data.cpuProfile?.nodes ?? []) {
        const { functionName, url, lineNumber } = node.callFrame;
        const file = url ? ` ${url.split('/').pop()}:${lineNumber + 1}` : '';
        nodes.set(node.id, { name: `${functionName || '(anonymous)'}${file}`, parent: node.parent });
      }
    }
    let at = profile.args.data.startTime;
    for (const chunk of chunks) {
      const ids = chunk.args.data.cpuProfile?.samples ?? [];
      const deltas = chunk.args.data.timeDeltas ?? [];
      ids.forEach((/** @type {number} */ id, /** @type {number} */ index) => {
        at += deltas[index] ?? 0;
        const stack = [];
        for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
          stack.push(node.name);
        }
        samples.push({ ts: at, stack });
      });
    }
  }
  return samples;
}

const NOT_SCRIPT = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);

/** The functions that ran longest in `task`, counting each function once per sample it is on the stack of. */
export function taskFunctions(
  /** @type {TraceEvent} */ task,
  /** @type {{ ts: number, stack: string[] }[]} */ samples,
) {
  /** @type {Map<string, number>} */
  const time = new Map();
  let previous = null;
  for (const sample of samples) {
    const inTask = sample.ts >= task.ts && sample.ts <= task.ts + task.dur;
    if (inTask && previous !== null) {
      for (const name of new Set(sample.stack)) {
        if (!NOT_SCRIPT.has(name)) time.set(name, (time.get(name) ?? 0) + (sample.ts - previous));
      }
    }
    previous = sample.ts;
  }
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .slice(0, option('top', 8))
    .filter(([, us]) => us >= option('least', 2) * 1000)
    .map(([name, us]) => `      ${ms(us)} ms in ${name}`);
}

/**
 * Prints each main-thread task of 50 ms or more in `trace`, from the first, with its parts (and with `--functions`,
 * the functions it ran), under `title`.
 * @param {Buffer} trace @param {string} title
 */
export function printLongTasks(trace, title) {
  const events = mainThreadEvents(trace);
  const samples = withFunctions ? scriptSamples(trace) : [];
  const tasks = longTasksOf(events);
  const start = tasks[0]?.ts ?? 0;
  const lookups = fontLookups(events);
  const lookupTime = lookups.reduce((sum, lookup) => sum + lookup.dur, 0);
  console.log(`${title}: ${tasks.length} tasks of 50 ms or more; ${lookups.length} font lookups, ${ms(lookupTime)} ms`);
  for (const task of tasks) {
    console.log(`  task at ${ms(task.ts - start)} ms: ${ms(task.dur)} ms`);
    for (const line of taskParts(task, events)) console.log(line);
    if (withFunctions) for (const line of taskFunctions(task, samples)) console.log(line);
  }
  return events;
}
