import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyFaceDetector } from '../face-detector';
import { checkImage } from '../image-checks';
import { rgbToI420, writeFakeCameraVideo } from './fake-camera';

/** The first frame of a Y4M file as RGB (the reverse of the conversion, as Chromium decodes it). */
function firstFrame(file: Buffer): { rgb: Buffer; width: number; height: number } {
  const headerEnd = file.indexOf(0x0a);
  const header = file.toString('latin1', 0, headerEnd);
  const width = Number(/ W(\d+)/.exec(header)?.[1]);
  const height = Number(/ H(\d+)/.exec(header)?.[1]);
  const start = file.indexOf('FRAME\n', headerEnd, 'latin1') + 'FRAME\n'.length;
  const cw = Math.ceil(width / 2);
  const ch = Math.ceil(height / 2);
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const luma = file[start + y * width + x];
      const u = file[start + width * height + Math.floor(y / 2) * cw + Math.floor(x / 2)] - 128;
      const v = file[start + width * height + cw * ch + Math.floor(y / 2) * cw + Math.floor(x / 2)] - 128;
      const p = (y * width + x) * 3;
      rgb[p] = Math.max(0, Math.min(255, Math.round(luma + 1.402 * v)));
      rgb[p + 1] = Math.max(0, Math.min(255, Math.round(luma - 0.344136 * u - 0.714136 * v)));
      rgb[p + 2] = Math.max(0, Math.min(255, Math.round(luma + 1.772 * u)));
    }
  }
  return { rgb, width, height };
}

describe('fake camera videos', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'eta-fake-camera-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('converts white, black and red to the expected Y, U and V', () => {
    const planes = rgbToI420(Buffer.from([255, 255, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0]), 2, 2);
    expect([...planes.subarray(0, 4)]).toEqual([255, 0, 76, 76]);
    // One chroma sample for the 2x2 block: the average of the four pixels.
    expect(planes).toHaveLength(6);
  });

  it.each([
    ['selfie', 'biometrics', 720, 960],
    ['passport', 'passport', 1280, 900],
  ] as const)('writes a %s video whose frames pass the server checks', async (scene, captureType, width, height) => {
    const file = await writeFakeCameraVideo(scene, { dir, frames: 2 });
    expect(path.basename(file)).toBe(`${scene}-${width}x${height}.y4m`);
    const data = await readFile(file);
    expect(data.toString('latin1', 0, 60)).toMatch(
      new RegExp(`^YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\n`),
    );
    const frameBytes = 'FRAME\n'.length + width * height * 1.5;
    expect(data.length).toBe(data.indexOf(0x0a) + 1 + 2 * frameBytes);
    const frame = firstFrame(data);
    const jpeg = await sharp(frame.rgb, { raw: { width: frame.width, height: frame.height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const result = await checkImage(jpeg, captureType, {
      maxBytes: 10 * 1024 * 1024,
      faceDetector: tinyFaceDetector(),
    });
    expect(result.ok ? 'OK' : result.code).toBe('OK');
  });
});
