/**
 * The card reader's network (scripts/card-reader/model.py, trained by scripts/card-reader/train.py) written out in
 * TensorFlow.js ops on its WebAssembly backend: seven convolutions with ReLU and max pooling, then a per-column
 * head and a softmax. The layers' shapes come from the manifest beside the weights; the weights (fp16) are the file
 * the page hands over, and the backend's wasm is handed over as bytes too: this worker fetches nothing.
 */
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import manifest from '../reader/card-reader.json';
import { type Grey, resizeToHeight } from './grey';

interface Layer {
  /** PyTorch's layout: out, in, kernel height, kernel width. */
  shape: [number, number, number, number];
  padding: [number, number];
  dilation: [number, number];
  pool: [number, number] | null;
  relu: boolean;
  /** Where the layer's weights start in the file, in fp16 values; its biases follow them. */
  offset: number;
}

/** The character of each of the network's outputs; class 0 is CTC's blank. */
export const CLASSES: readonly string[] = manifest.classes;
/** The network's input height; the width is the band's, padded to a multiple of `WIDTH_STEP`. */
export const INPUT_HEIGHT: number = manifest.height;
export const WIDTH_STEP = 4;

interface Loaded {
  filter: tf.Tensor4D;
  bias: tf.Tensor1D;
  layer: Layer;
}

/** IEEE 754 half precision to a number: the weights are stored in 16 bits, the backend computes in 32. */
function halfToFloat(half: number): number {
  const exponent = (half >> 10) & 0x1f;
  const fraction = half & 0x3ff;
  const sign = half & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

function load(weights: ArrayBuffer): Loaded[] {
  const halves = new Uint16Array(weights);
  return (manifest.layers as Layer[]).map((layer) => {
    const [out, input, height, width] = layer.shape;
    const count = out * input * height * width;
    const values = Float32Array.from(halves.subarray(layer.offset, layer.offset + count), halfToFloat);
    const biases = Float32Array.from(halves.subarray(layer.offset + count, layer.offset + count + out), halfToFloat);
    // PyTorch's [out, in, h, w] to TensorFlow's [h, w, in, out].
    const filter = tf.tidy(() => tf.transpose(tf.tensor4d(values, [out, input, height, width]), [2, 3, 1, 0]));
    return { filter: filter as tf.Tensor4D, bias: tf.tensor1d(biases), layer };
  });
}

let started: Promise<Loaded[]> | null = null;

/**
 * Starts the backend from its wasm's bytes and loads the weights, once; a failed start is not remembered, so the
 * page may hand the files over again.
 */
export function startNetwork(weights: ArrayBuffer, wasm: ArrayBuffer): Promise<void> {
  if (!started) {
    // The backend asks the platform's fetch for its wasm by name: the bytes handed over answer it.
    const name = 'tfjs-backend-wasm-simd.wasm';
    setWasmPaths({ [name]: name, 'tfjs-backend-wasm.wasm': name, 'tfjs-backend-wasm-threaded-simd.wasm': name }, true);
    tf.env().platform.fetch = async () => new Response(wasm, { headers: { 'Content-Type': 'application/wasm' } });
    started = tf.setBackend('wasm').then(async (ready) => {
      if (!ready) throw new Error('The card reader could not start');
      const layers = load(weights);
      // One run on a blank band: the backend sets each layer's kernels up on first use, which would otherwise be paid
      // by the first frame.
      await forward(layers, new Float32Array(INPUT_HEIGHT * WARM_WIDTH).fill(1), WARM_WIDTH);
      return layers;
    });
    started.catch(() => {
      started = null;
    });
  }
  return started.then(() => undefined);
}

/**
 * The class probabilities of each column step of a band: `input` is `INPUT_HEIGHT` rows of `width` values from 0
 * (black) to 1 (white). Returns `steps` × `CLASSES.length` values.
 */
export async function runNetwork(
  input: Float32Array,
  width: number,
): Promise<{ probabilities: Float32Array; steps: number }> {
  const layers = await (started ?? Promise.reject(new Error('The card reader has not been started')));
  return forward(layers, input, width);
}

/** A band's width for the warm-up run: about a number line's. */
const WARM_WIDTH = 256;

async function forward(
  layers: Loaded[],
  input: Float32Array,
  width: number,
): Promise<{ probabilities: Float32Array; steps: number }> {
  const output = tf.tidy(() => {
    let x: tf.Tensor4D = tf.sub(tf.mul(tf.tensor4d(input, [1, INPUT_HEIGHT, width, 1]), 2), 1);
    for (const { filter, bias, layer } of layers) {
      const [top, left] = layer.padding;
      x = tf.fused.conv2d({
        x,
        filter,
        bias,
        strides: 1,
        pad: [
          [0, 0],
          [top, top],
          [left, left],
          [0, 0],
        ],
        dilations: layer.dilation,
        activation: layer.relu ? 'relu' : 'linear',
      });
      if (layer.pool) x = tf.maxPool(x, layer.pool, layer.pool, 'valid');
    }
    return tf.softmax(tf.reshape(x, [-1, CLASSES.length]));
  });
  const probabilities = (await output.data()) as Float32Array;
  const steps = output.shape[0] ?? 0;
  output.dispose();
  return { probabilities, steps };
}

/**
 * A band as the network takes it: scaled to its height (area averaging, as it was trained), 0 for black to 1 for
 * white, padded white on the right to a whole number of the network's column steps.
 */
export function networkInput(band: Grey): { input: Float32Array; width: number } {
  const scaled = resizeToHeight(band, INPUT_HEIGHT);
  const width = Math.ceil(scaled.width / WIDTH_STEP) * WIDTH_STEP;
  const input = new Float32Array(width * INPUT_HEIGHT).fill(1);
  for (let row = 0; row < INPUT_HEIGHT; row += 1) {
    for (let column = 0; column < scaled.width; column += 1) {
      input[row * width + column] = (scaled.data[row * scaled.width + column] ?? 255) / 255;
    }
  }
  return { input, width };
}
