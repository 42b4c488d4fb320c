/** Whether two data keys are the same key, compared inside the worker; the raw bytes never leave this function. */
import type { DataKey } from './keys';

export async function sameKey(a: DataKey, b: DataKey): Promise<boolean> {
  if (a === b) return true;
  const [x, y] = await Promise.all([crypto.subtle.exportKey('raw', a), crypto.subtle.exportKey('raw', b)]);
  const left = new Uint8Array(x);
  const right = new Uint8Array(y);
  let difference = left.length ^ right.length;
  for (let index = 0; index < left.length; index++) difference |= (left[index] ?? 0) ^ (right[index] ?? 0);
  left.fill(0);
  right.fill(0);
  return difference === 0;
}
