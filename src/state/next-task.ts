/**
 * A break between two pieces of work, so each runs as a task of its own rather than one long task the person feels
 * as a stutter: input and painting get their turn in between.
 *
 * `scheduler.yield()` where the browser has it (the rest keeps its priority, ahead of other queued tasks); else a
 * message to a `MessageChannel`, which, unlike a zero timeout, is never clamped to 4 ms nor faked by a test's clock.
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
