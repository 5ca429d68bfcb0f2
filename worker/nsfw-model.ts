import type { NSFWJS } from 'nsfwjs/core';
import { PNG } from 'pngjs';
import { NSFW_CLASSES, type NsfwScores } from '../shared/image-check';
import { WASM_NAMES, wasmFiles } from './wasm-files';

/**
 * nsfwjs's MobileNetV2 (224×224 input; its weights are JavaScript modules inside the npm package, so
 * nothing is fetched from a network) on TensorFlow.js's wasm backend. Loaded once per process: the first
 * caller pays the load (a few seconds), every picture after it one inference.
 *
 * The wasm binaries (wasm-files.ts) reach tfjs as data: urls through its fetch path (setWasmPaths(…, true)):
 * no file beside the one-file bundle, no network. Node has no wasm threads for tfjs (its flag is false
 * under Node), so the single-threaded SIMD binary runs, or the plain one where SIMD is missing.
 */
/** The model's input side: nsfwjs's MobileNetV2 takes 224×224 RGB. */
const SIZE = 224;

/**
 * TensorFlow.js and nsfwjs, imported on first use: loading the worker's code does not evaluate them (a
 * large module graph), only the first picture or `prepare` does.
 */
async function runtime() {
  const [tf, wasm, nsfw, mobilenet] = await Promise.all([
    import('@tensorflow/tfjs'),
    import('@tensorflow/tfjs-backend-wasm'),
    import('nsfwjs/core'),
    import('nsfwjs/models/mobilenet_v2'),
  ]);
  return { tf, setWasmPaths: wasm.setWasmPaths, load: nsfw.load, MobileNetV2Model: mobilenet.MobileNetV2Model };
}

let loading: Promise<NSFWJS> | undefined;

/** The model, loaded on first use; a failed load is forgotten, so the next picture tries again. */
export function nsfwModel(): Promise<NSFWJS> {
  loading ??= loadModel().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

async function loadModel(): Promise<NSFWJS> {
  const { tf, setWasmPaths, load, MobileNetV2Model } = await runtime();
  const files = wasmFiles();
  setWasmPaths(Object.fromEntries(WASM_NAMES.map((name) => [name, `data:application/wasm;base64,${files[name]}`])), true);
  if (!(await tf.setBackend('wasm'))) throw new Error('the tfjs wasm backend did not initialise');
  // nsfwjs announces the model it loads on console.info; the worker's logger says it once instead.
  const info = console.info;
  console.info = () => {};
  try {
    return await load('MobileNetV2', { size: SIZE, modelDefinitions: [MobileNetV2Model] });
  } finally {
    console.info = info;
  }
}

/**
 * The PNG decoded (pngjs: pure JavaScript, so the one-file bundle carries it; the instance has no sharp)
 * and shrunk to 224×224 by averaging each output pixel's source area: one pass over the pixels, no
 * full-size tensor (a 1024×1024 picture as a tensor costs more than the inference). Alpha is ignored.
 */
export function modelInput(png: Buffer): Int32Array {
  const { width, height, data } = PNG.sync.read(png);
  const sums = new Float64Array(SIZE * SIZE * 3);
  const counts = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < height; y++) {
    const row = Math.min(SIZE - 1, Math.floor((y * SIZE) / height)) * SIZE;
    for (let x = 0; x < width; x++) {
      const o = row + Math.min(SIZE - 1, Math.floor((x * SIZE) / width));
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) sums[o * 3 + c] = (sums[o * 3 + c] as number) + (data[i + c] as number);
      counts[o] = (counts[o] as number) + 1;
    }
  }
  const out = new Int32Array(SIZE * SIZE * 3);
  for (let o = 0; o < SIZE * SIZE; o++) {
    // A picture narrower than 224 leaves some cells empty: they take the nearest filled one to their left or above.
    const n = counts[o] as number;
    for (let c = 0; c < 3; c++) out[o * 3 + c] = n ? Math.round((sums[o * 3 + c] as number) / n) : o ? (out[(o - 1) * 3 + c] as number) : 0;
  }
  return out;
}

/** The five class scores of one picture. */
export async function nsfwScores(png: Buffer): Promise<NsfwScores> {
  const model = await nsfwModel();
  const { tf } = await runtime();
  const input = tf.tensor3d(modelInput(png), [SIZE, SIZE, 3], 'int32');
  try {
    const predictions = await model.classify(input, NSFW_CLASSES.length);
    const scores = Object.fromEntries(NSFW_CLASSES.map((c) => [c, 0])) as NsfwScores;
    for (const p of predictions) scores[p.className as keyof NsfwScores] = p.probability;
    return scores;
  } finally {
    input.dispose();
  }
}
