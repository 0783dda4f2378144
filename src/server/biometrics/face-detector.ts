import { createRequire } from 'node:module';
import path from 'node:path';

/** A face found in a picture, in the picture's pixels. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Confidence between 0 and 1. */
  score: number;
}

/** Raw RGB pixels (3 bytes a pixel, rows top to bottom). */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Finds faces in a picture. */
export interface FaceDetector {
  detect(image: RgbImage): Promise<FaceBox[]>;
}

/** Faces found with less confidence than this are not counted. */
export const FACE_SCORE_THRESHOLD = 0.5;
/** The detector's input square; larger finds smaller faces but costs more. */
const INPUT_SIZE = 416;

// Only what this module uses of @vladmandic/face-api (its node-wasm build, on tfjs-core with its WebAssembly
// backend: no native addon and nothing downloaded at run time; packages/tfjs-core-only says why not all of tfjs).
interface Tensor {
  dispose(): void;
}
interface FaceApi {
  tf: {
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  };
  nets: { tinyFaceDetector: { loadFromDisk(folder: string): Promise<void> } };
  TinyFaceDetectorOptions: new (options: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(
    input: Tensor,
    options: unknown,
  ): Promise<{ score: number; box: { x: number; y: number; width: number; height: number } }[]>;
}

const require = createRequire(import.meta.url);

async function loadFaceApi(): Promise<FaceApi> {
  const faceApi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  await faceApi.tf.setBackend('wasm');
  await faceApi.tf.ready();
  // The tiny face detector's weights (190 kB) ship inside the npm package.
  const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceApi.nets.tinyFaceDetector.loadFromDisk(models);
  return faceApi;
}

let loading: Promise<FaceApi> | undefined;

/**
 * The tiny face detector of @vladmandic/face-api on tfjs's WebAssembly backend, loaded on first use (about
 * 0.4 s) and shared by the process; a detection on a 640-pixel copy takes 0.1-0.6 s on one core.
 */
export function tinyFaceDetector(): FaceDetector {
  return {
    async detect(image) {
      loading ??= loadFaceApi().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      const faceApi = await loading;
      const input = faceApi.tf.tensor3d(
        new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
        [image.height, image.width, 3],
        'int32',
      );
      try {
        const found = await faceApi.detectAllFaces(
          input,
          new faceApi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: FACE_SCORE_THRESHOLD }),
        );
        return found.map(({ score, box }) => ({ score, x: box.x, y: box.y, width: box.width, height: box.height }));
      } finally {
        input.dispose();
      }
    },
  };
}
