/**
 * Just enough of protobuf's wire format to rewrite a few fields of a large message and copy every other byte as it
 * was: no schema, so nothing the rewrite does not name can be lost or reordered.
 *
 * @typedef {object} Field one field of a message, as encoded
 * @property {number} number the field's number
 * @property {number} wireType 0 a varint, 1 and 5 fixed-size, 2 length-delimited
 * @property {number} value a varint's value (0 for the other types)
 * @property {Uint8Array} body a length-delimited field's bytes (empty for the other types)
 * @property {number} start where the field's encoding starts (its key)
 * @property {number} end where it ends
 */

/** @param {Uint8Array} bytes @param {number} offset @returns {[number, number]} the value and the offset after it */
export function readVarint(bytes, offset) {
  let value = 0;
  let scale = 1;
  let at = offset;
  for (;;) {
    const byte = bytes[at];
    if (byte === undefined) throw new Error('The message ends inside a number');
    at += 1;
    value += (byte & 0x7f) * scale;
    if (!(byte & 0x80)) return [value, at];
    scale *= 128;
  }
}

/** @param {number} value a non-negative integer */
export function varint(value) {
  const out = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 128) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return Uint8Array.from(out);
}

const EMPTY = new Uint8Array(0);

/**
 * The fields of one message, in order, each with its whole encoding's place so that it can be copied unchanged.
 * @param {Uint8Array} bytes @param {number} [start] @param {number} [end] @returns {Field[]}
 */
export function fields(bytes, start = 0, end = bytes.length) {
  /** @type {Field[]} */
  const out = [];
  let at = start;
  while (at < end) {
    const fieldStart = at;
    const [key, afterKey] = readVarint(bytes, at);
    const number = Math.floor(key / 8);
    const wireType = key % 8;
    at = afterKey;
    if (wireType === 0) {
      const [value, next] = readVarint(bytes, at);
      out.push({ number, wireType, value, body: EMPTY, start: fieldStart, end: next });
      at = next;
    } else if (wireType === 2) {
      const [length, bodyStart] = readVarint(bytes, at);
      at = bodyStart + length;
      out.push({ number, wireType, value: 0, body: bytes.subarray(bodyStart, at), start: fieldStart, end: at });
    } else if (wireType === 1 || wireType === 5) {
      at += wireType === 1 ? 8 : 4;
      out.push({ number, wireType, value: 0, body: EMPTY, start: fieldStart, end: at });
    } else {
      throw new Error(`Unexpected wire type ${wireType}`);
    }
  }
  if (at !== end) throw new Error('A field runs past its message');
  return out;
}

/** @param {Field} field a string field */
export const text = (field) => new TextDecoder().decode(field.body);

/** @param {number} number @param {number} value */
export const numberField = (number, value) => concat([varint(number * 8), varint(value)]);

/** @param {number} number @param {Uint8Array} body */
export const bytesField = (number, body) => concat([varint(number * 8 + 2), varint(body.length), body]);

/**
 * The message again, each field passed through `change`: it returns the field's new encoding (none, one or more
 * whole fields), or undefined to keep the original bytes.
 * @param {Uint8Array} bytes @param {(field: Field) => Uint8Array | undefined} change
 */
export function rewrite(bytes, change) {
  return concat(fields(bytes).map((field) => change(field) ?? bytes.subarray(field.start, field.end)));
}

/** @param {Uint8Array[]} parts */
export function concat(parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
