/**
 * The only door to the worker. It creates the engine worker, wraps it with Comlink and hands out a proxy typed by
 * the worker's API type; the app never sees the worker's code, only `EngineApi`.
 */
import { type Remote, wrap } from 'comlink';
import type { EngineApi } from '../../worker/api';

let instance: Remote<EngineApi> | undefined;

export function getEngine(): Remote<EngineApi> {
  instance ??= wrap<EngineApi>(new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module' }));
  return instance;
}
