/**
 * The only door to the worker. It creates the engine worker, wraps it with Comlink and hands out a proxy typed by
 * the worker's API type; the app never sees the worker's code, only `EngineApi`.
 */
import { type Remote, transferHandlers, wrap } from 'comlink';
import type { EngineApi } from '../../worker/api';
import { inParts } from '../domain/collection-transfer';
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
