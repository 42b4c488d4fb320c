/**
 * The only door to the worker. It creates the engine worker, wraps it with Comlink and hands out a proxy typed by
 * the worker's API type; the app never sees the worker's code, only `EngineApi`.
 */
import { type Remote, transferHandlers, wrap } from 'comlink';
import type { EngineApi } from '../../worker/api';
import { partsInSlices } from '../domain/card-parts';
import { PartedValue } from '../domain/collection-transfer';
import { registerTransfers } from '../domain/transfers';

/** The engine as the app holds it: a Comlink proxy whose every call is a message to the worker. */
export type Engine = Remote<EngineApi>;

let instance: Engine | undefined;
let rejectStart: (error: EngineStartError) => void = () => undefined;
/**
 * Rejects with an EngineStartError if the engine's worker, whenever it is first started, fails before it has answered
 * once (its script could not be fetched or threw while loading); never settles otherwise. A worker that failed to load
 * leaves every call waiting forever (Comlink hears nothing back), so the app listens to this from its start on.
 */
const startFailure = new Promise<never>((_, reject) => {
  rejectStart = reject;
});
// Nobody may be listening yet; the failure is still there for the next one who asks.
startFailure.catch(() => undefined);

/** The engine worker could not be loaded or started: Sleeve cannot open or protect a card without it. */
export class EngineStartError extends Error {
  override name = 'EngineStartError';
}

/** The app's one engine, started on first use. */
export function getEngine(): Engine {
  if (instance) return instance;
  const worker = new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module' });
  instance = createEngine(worker);
  watchStart(worker, instance);
  return instance;
}

export const engineStartFailure = (): Promise<never> => startFailure;

/** The engine if it has been started, without starting it (a reset drops its key only if it holds one). */
export const startedEngine = (): Engine | undefined => instance;

function watchStart(worker: Worker, engine: Engine): void {
  let answered = false;
  const onError = (event: Event) => {
    if (answered) return;
    event.preventDefault();
    rejectStart(new EngineStartError('The engine worker could not start'));
  };
  worker.addEventListener('error', onError);
  engine.hasKey().then(
    () => {
      answered = true;
      worker.removeEventListener('error', onError);
    },
    () => undefined,
  );
}

/**
 * Wraps a given engine worker. Tests use it to start a fresh worker, or to watch every message that crosses the
 * boundary; errors are made to keep their kind and cause before the first call can fail.
 */
export function createEngine(worker: Worker): Engine {
  registerTransfers(transferHandlers);
  return inParts(wrap<EngineApi>(worker));
}

/**
 * Every call with large card values made in parts (src/domain/card-parts.ts): those it sends are made into
 * parts, and those it gets back read from theirs, in slices of time, so a wallet of thousands of cards crosses the
 * boundary without a long task on the page.
 */
function inParts(remote: Engine): Engine {
  return new Proxy(remote, {
    get(target, name, receiver) {
      const member: unknown = Reflect.get(target, name, receiver);
      // Comlink's own members (its symbols, and `then`, which awaiting a proxy looks for) stay as they are.
      if (typeof name !== 'string' || name === 'then' || typeof member !== 'function') return member;
      return async (...values: unknown[]) => {
        const sent: unknown[] = [];
        for (const value of values) {
          const parts = await partsInSlices.make(value);
          sent.push(parts ? new PartedValue(parts) : value);
        }
        const result: unknown = await member(...sent);
        return result instanceof PartedValue ? partsInSlices.read(result.parts) : result;
      };
    },
  });
}
