/**
 * What the benchmark asks of Chromium through the DevTools protocol, beside what Playwright offers: CPU throttling, and
 * reaching the page's dedicated workers (the app's engine worker) for their heap or for a derivation timed there.
 *
 * Workers: Playwright's `page.workers()` can evaluate in a worker but not read its heap, and a CDP session from
 * `newCDPSession` is for a page or frame only. What works: on the page's own CDP session, `Target.setAutoAttach`
 * with `flatten: false` attaches every dedicated worker of the page (those running and those started later) as a
 * child session, and `Target.sendMessageToTarget` carries protocol commands to it (answers come back as
 * `Target.receivedMessageFromTarget`). A worker target takes `Runtime` and `HeapProfiler` commands this way; it
 * refuses `Emulation.setCPUThrottlingRate` ("only supported for pages").
 *
 * @typedef {import('playwright').Page} Page
 * @typedef {import('playwright').CDPSession} CDPSession
 */

/** Chromium's CPU throttling for a mid-range phone: every task of the page's main thread takes 4 times as long. */
export const SLOW_RATE = 4;

/**
 * Throttles the page's renderer main thread (`Emulation.setCPUThrottlingRate`) until the page closes; it holds across
 * navigations of the page. Returns the CDP session.
 * @param {Page} page @param {number} [rate]
 */
export async function throttle(page, rate = SLOW_RATE) {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  return session;
}

/**
 * Runs `work` with the page of `session` (from `throttle(page, 1)`) throttled, and only while it runs: a throttled
 * page left open slows the browser's other pages, so between its scenarios it runs at full speed.
 * @template T @param {import('playwright').CDPSession | null} session @param {() => Promise<T>} work
 */
export async function whileThrottled(session, work) {
  await session?.send('Emulation.setCPUThrottlingRate', { rate: SLOW_RATE });
  try {
    return await work();
  } finally {
    await session?.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

/**
 * The page's dedicated workers, attached through the page's CDP session; commands go to the first one that runs
 * `script` (matched against the worker's URL), which is the app's engine worker.
 * @param {Page} page
 */
export async function pageWorkers(page) {
  const session = await page.context().newCDPSession(page);
  /** @type {{ sessionId: string, url: string }[]} */
  const workers = [];
  /** @type {Map<number, { resolve: (value: any) => void, reject: (error: Error) => void }>} */
  const pending = new Map();
  let nextId = 1;
  session.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker') workers.push({ sessionId: event.sessionId, url: event.targetInfo.url });
  });
  session.on('Target.detachedFromTarget', (event) => {
    const index = workers.findIndex((worker) => worker.sessionId === event.sessionId);
    if (index >= 0) workers.splice(index, 1);
  });
  session.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message);
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`${message.error.message} (${message.error.code})`));
    else waiting.resolve(message.result);
  });
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });

  /** @param {string} sessionId @param {string} method @param {object} [params] @returns {Promise<any>} */
  const send = (sessionId, method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      session
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
        .catch(reject);
    });

  /** The engine worker, once it has started (the app starts it while the PIN is typed, or at the first card). */
  const engine = async () => {
    const deadline = Date.now() + 10_000;
    while (workers.length === 0) {
      if (Date.now() > deadline) throw new Error('The page has no worker');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return /** @type {{ sessionId: string, url: string }} */ (workers[0]);
  };

  return {
    /**
     * Evaluates an expression in the engine worker (its global scope, not the app's modules) and returns its value.
     * @param {string} expression
     */
    async evaluate(expression) {
      const { sessionId } = await engine();
      const answer = await send(sessionId, 'Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      });
      if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? 'worker error');
      return answer.result.value;
    },
    /** The engine worker's JavaScript heap in use after a full collection, in bytes. */
    async heapUsed() {
      const { sessionId } = await engine();
      await send(sessionId, 'HeapProfiler.collectGarbage');
      const usage = await send(sessionId, 'Runtime.getHeapUsage');
      return /** @type {number} */ (usage.usedSize);
    },
    detach: () => session.detach(),
  };
}

/** The page's (main thread's) JavaScript heap in use after a full collection, in bytes. @param {Page} page */
export async function pageHeapUsed(page) {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    const usage = await session.send('Runtime.getHeapUsage');
    return usage.usedSize;
  } finally {
    await session.detach();
  }
}

/**
 * One PBKDF2 derivation as the engine runs it (WebCrypto, SHA-512, 210,000 iterations, 256 bits), timed inside the
 * page's engine worker: the derivation of that page, throttled or not, beside what the page itself measured.
 * @param {Awaited<ReturnType<typeof pageWorkers>>} workers
 */
export function kdfInWorker(workers) {
  return workers.evaluate(`(async () => {
    const start = performance.now();
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('274951'), 'PBKDF2', false, ['deriveBits']);
    await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt: new Uint8Array(16), iterations: 210000 }, key, 256);
    return performance.now() - start;
  })()`);
}

/** A fixed piece of plain JavaScript work (no I/O, no allocation to speak of), timed where it runs. */
const LOOP = `(() => {
  const start = performance.now();
  let sum = 0;
  for (let index = 0; index < 5e6; index++) sum += Math.sqrt(index);
  return sum > 0 ? performance.now() - start : -1;
})()`;

/**
 * The same plain work timed on the page's main thread and in its engine worker: what CPU throttling reaches.
 * @param {Page} page @param {Awaited<ReturnType<typeof pageWorkers>>} workers
 */
export async function loopTimes(page, workers) {
  const main = /** @type {number} */ (await page.evaluate(LOOP));
  const worker = /** @type {number} */ (await workers.evaluate(LOOP));
  return { main, worker };
}
