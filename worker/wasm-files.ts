import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The tfjs wasm backend's binaries for the image check (nsfw-model.ts). The instance runs the worker as
 * one file (worker.mjs, an S3 asset boot.sh copies): infra/lib/constructs/gpu-instance-config.ts defines
 * WORKER_WASM_FILES (base64) when it bundles, so they ship inside it. From source (the local runtime,
 * tests, the bench) they are read from node_modules.
 */
declare const WORKER_WASM_FILES: Record<string, string> | undefined;

/** The three names tfjs asks for (the threaded one is never loaded under Node, but setWasmPaths wants it named). */
export const WASM_NAMES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'] as const;

/** The binaries as base64: from the bundle when it carries them, else from node_modules. */
export function wasmFiles(): Record<string, string> {
  if (typeof WORKER_WASM_FILES !== 'undefined') return WORKER_WASM_FILES;
  const require = createRequire(import.meta.url);
  return Object.fromEntries(
    WASM_NAMES.map((name) => [name, readFileSync(require.resolve(`@tensorflow/tfjs-backend-wasm/dist/${name}`)).toString('base64')]),
  );
}
