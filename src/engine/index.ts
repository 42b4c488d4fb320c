/**
 * The only door to the worker. It creates the engine worker, wraps it with Comlink and hands out a proxy typed by
 * the worker's API type; the app never sees the worker's code, only `EngineApi`.
 */
import { type Remote, transferHandlers, wrap } from 'comlink';
import type { EngineApi } from '../../worker/api';
import { registerTransfers } from '../domain/transfers';

let instance: Remote<EngineApi> | undefined;

/** The app's one engine, started on first use. */
export function getEngine(): Remote<EngineApi> {
  instance ??= createEngine(new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module' }));
  return instance;
}

/**
 * Wraps a given engine worker. Tests use it to start a fresh worker, or to watch every message that crosses the
 * boundary; errors are made to keep their kind and cause before the first call can fail.
 */
export function createEngine(worker: Worker): Remote<EngineApi> {
  registerTransfers(transferHandlers);
  return wrap<EngineApi>(worker);
}
