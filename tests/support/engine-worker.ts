/**
 * A fresh engine worker per test, so held keys and derivation counts never leak from one test to the next.
 * Call `stopEngines()` in afterEach to terminate every worker started.
 */
import { createEngine } from '../../src/engine';

const started: Worker[] = [];

export function startEngine(): ReturnType<typeof createEngine> {
  const worker = new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module' });
  started.push(worker);
  return createEngine(worker);
}

export function stopEngines(): void {
  for (const worker of started.splice(0)) worker.terminate();
}
