/**
 * Key custody at the worker boundary (DESIGN.md invariant 1): an engine whose every message, in both directions,
 * is recorded, and the check that none of them is or contains a CryptoKey, 32 raw key bytes or derived bits.
 */
import { expect } from 'vitest';
import { createEngine } from '../../src/engine';

/** A fresh engine worker whose messages are all kept, in the order they crossed. */
export function recordedEngine() {
  const worker = new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module' });
  const messages: unknown[] = [];
  const send = worker.postMessage.bind(worker) as (message: unknown, transfer?: Transferable[]) => void;
  worker.postMessage = ((message: unknown, transfer?: Transferable[]) => {
    // A copy: the buffers a message transfers (large values' parts) are emptied on this side once sent.
    messages.push(structuredClone(message));
    send(message, transfer ?? []);
  }) as Worker['postMessage'];
  worker.addEventListener('message', (event) => messages.push(event.data));
  return { engine: createEngine(worker), messages, stop: () => worker.terminate() };
}

/** JSON text, as large values' parts cross the boundary (src/domain/card-parts.ts), read back as data. */
function parsedJson(text: string): unknown {
  if (!/^[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Every leaf reachable from `value`, with its path, so a failure says where the offending value was. Strings that
 * hold JSON are searched inside too, so nothing hides in a collection sent as text.
 */
function* leaves(value: unknown, path = '$', seen = new Set<unknown>()): Generator<[string, unknown]> {
  yield [path, value];
  if (typeof value === 'string') {
    const inner = parsedJson(value);
    if (inner !== undefined) yield* leaves(inner, `${path}<json>`, seen);
    return;
  }
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  // A part of a large value: UTF-8 JSON, searched inside like a string.
  if (value instanceof Uint8Array) {
    const inner = parsedJson(new TextDecoder().decode(value));
    if (inner !== undefined) yield* leaves(inner, `${path}<json>`, seen);
    return;
  }
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return;
  for (const [key, child] of Object.entries(value)) yield* leaves(child, `${path}.${key}`, seen);
}

const decodesTo32Bytes = (text: string): boolean => /^[A-Za-z0-9+/]{43}=$/.test(text) && atob(text).length === 32;

/** Fails on any message that is or holds a key, raw 32-byte key material, or a base64 string of 32 bytes. */
export function expectNoKeyMaterial(messages: readonly unknown[]): void {
  for (const message of messages) {
    for (const [path, value] of leaves(message)) {
      expect(value instanceof CryptoKey, path).toBe(false);
      if (value instanceof ArrayBuffer) expect(value.byteLength, path).not.toBe(32);
      if (ArrayBuffer.isView(value)) expect(value.byteLength, path).not.toBe(32);
      if (typeof value === 'string') expect(decodesTo32Bytes(value), `${path} = ${value}`).toBe(false);
    }
  }
}
