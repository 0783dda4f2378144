import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_PAGE_MRZ, faceSvg, passportPage } from './test-images';

/**
 * Video files for Chromium's fake camera (`--use-fake-device-for-media-stream --use-fake-ui-for-media-stream
 * --use-file-for-fake-video-capture=<file>.y4m`), so that journeys photograph a well-lit, sharp face-like
 * portrait or a passport-like data page that pass the server's photo checks (face included).
 */

/** What the fake camera shows. */
export type FakeCameraScene = 'selfie' | 'passport';

export interface FakeCameraOptions {
  /** Folder to write into (default `.cache/fake-camera` at the repository root). */
  dir?: string;
  /** Frame size; defaults: selfie 720x960 (portrait, above the 600x800 minimum), passport 1280x900. */
  width?: number;
  height?: number;
  /** Frames in the file; Chromium loops it (default 4 at 15 fps). */
  frames?: number;
}

/** The repository's `.cache/fake-camera` folder. */
export const FAKE_CAMERA_DIR = fileURLToPath(new URL('../../../../.cache/fake-camera/', import.meta.url));

const SIZES: Record<FakeCameraScene, { width: number; height: number }> = {
  selfie: { width: 720, height: 960 },
  passport: { width: 1280, height: 900 },
};

/** Y'CbCr 4:2:0 planes (full range, BT.601: Chromium's C420jpeg) of an RGB picture. */
export function rgbToI420(rgb: Buffer, width: number, height: number): Buffer {
  const lumaSize = width * height;
  const chromaWidth = Math.ceil(width / 2);
  const chromaHeight = Math.ceil(height / 2);
  const out = Buffer.alloc(lumaSize + 2 * chromaWidth * chromaHeight);
  const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value));
  for (let i = 0; i < lumaSize; i += 1) {
    const r = rgb[i * 3];
    const g = rgb[i * 3 + 1];
    const b = rgb[i * 3 + 2];
    out[i] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
  }
  const uOffset = lumaSize;
  const vOffset = lumaSize + chromaWidth * chromaHeight;
  for (let cy = 0; cy < chromaHeight; cy += 1) {
    for (let cx = 0; cx < chromaWidth; cx += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let dy = 0; dy < 2; dy += 1) {
        for (let dx = 0; dx < 2; dx += 1) {
          const x = cx * 2 + dx;
          const y = cy * 2 + dy;
          if (x >= width || y >= height) continue;
          const p = (y * width + x) * 3;
          r += rgb[p];
          g += rgb[p + 1];
          b += rgb[p + 2];
          n += 1;
        }
      }
      r /= n;
      g /= n;
      b /= n;
      out[uOffset + cy * chromaWidth + cx] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      out[vOffset + cy * chromaWidth + cx] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return out;
}

/** A Y4M file (YUV4MPEG2, 4:2:0) repeating one RGB picture `frames` times. */
export function y4m(rgb: Buffer, width: number, height: number, frames: number, fps = 15): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`, 'latin1');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'latin1'), rgbToI420(rgb, width, height)]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/** The picture a scene shows, as raw RGB (the passport page with an MRZ the reader reads). */
export async function fakeCameraPicture(scene: FakeCameraScene, width: number, height: number): Promise<Buffer> {
  const picture =
    scene === 'selfie'
      ? Buffer.from(faceSvg(width, height))
      : await passportPage(width, height, DEFAULT_PAGE_MRZ, 'png');
  return sharp(picture).removeAlpha().raw().toBuffer();
}

/**
 * Writes `<dir>/<scene>-<width>x<height>.y4m` (once: an existing file is rewritten, it is cheap) and answers its
 * absolute path, ready for `--use-file-for-fake-video-capture`. Example (Playwright):
 *   const file = await writeFakeCameraVideo('selfie');
 *   chromium.launch({ args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`] });
 */
export async function writeFakeCameraVideo(scene: FakeCameraScene, options: FakeCameraOptions = {}): Promise<string> {
  const { width, height } = {
    ...SIZES[scene],
    ...(options.width ? { width: options.width } : {}),
    ...(options.height ? { height: options.height } : {}),
  };
  const dir = options.dir ?? FAKE_CAMERA_DIR;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${scene}-${width}x${height}.y4m`);
  await writeFile(file, y4m(await fakeCameraPicture(scene, width, height), width, height, options.frames ?? 4));
  return file;
}
