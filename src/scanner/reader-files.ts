/**
 * The card reader's two files, fetched by the page from this site as the build ships them (Vite `?url` imports,
 * hashed names under /assets/, kept by the service worker after the first scan) and handed to the recognition
 * worker, which reaches no network at all (DESIGN.md invariant 12; its policy's `connect-src 'none'`). The runtime's
 * package does not export its wasm, so that is named by its path in node_modules.
 */
import modelUrl from '../../generated/card-reader/card-reader.onnx?url';
import wasmUrl from '../../node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm?url';
import type { ReaderFiles } from '../../scan-worker/api';

async function bytesOf(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The card reader's file ${url} could not be fetched (${response.status})`);
  return response.arrayBuffer();
}

/** Both files, fetched at once. */
export async function fetchReaderFiles(): Promise<ReaderFiles> {
  const [model, wasm] = await Promise.all([bytesOf(modelUrl), bytesOf(wasmUrl)]);
  return { model, wasm };
}
