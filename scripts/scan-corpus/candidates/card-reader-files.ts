/**
 * The project's card reader's files (scan-worker/reader/, scripts/card-reader/), fetched from the dev server as the
 * shipped reader's are (src/scanner/reader-files.ts): its fp16 weights and TensorFlow.js's wasm backend.
 */
import wasmUrl from '../../../node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import modelUrl from '../../../scan-worker/reader/card-reader.bin?url';

async function bytesOf(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The card reader's file ${url} could not be fetched (${response.status})`);
  return response.arrayBuffer();
}

export async function fetchCardReaderFiles(): Promise<{ model: ArrayBuffer; wasm: ArrayBuffer }> {
  const [model, wasm] = await Promise.all([bytesOf(modelUrl), bytesOf(wasmUrl)]);
  return { model, wasm };
}
