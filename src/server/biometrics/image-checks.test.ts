import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { tinyFaceDetector } from './face-detector';
import {
  checkImage,
  IMAGE_LIMITS,
  laplacianVariance,
  luminance,
  sniffImageType,
  type CaptureType,
  type ImageCheckResult,
} from './image-checks';
import * as images from './testing/test-images';

const faceDetector = tinyFaceDetector();
const check = (data: Buffer, type: CaptureType, maxBytes = 10 * 1024 * 1024) =>
  checkImage(data, type, { maxBytes, faceDetector });
const codeOf = (result: ImageCheckResult) => (result.ok ? 'OK' : result.code);

let selfie: Buffer;
let passport: Buffer;
beforeAll(async () => {
  selfie = await images.validSelfie();
  passport = await images.validPassportPage();
});

describe('content type', () => {
  it('is told by the magic bytes of JPEG, PNG and WebP only', async () => {
    expect(sniffImageType(selfie)).toBe('jpeg');
    expect(sniffImageType(await sharp(selfie).png().toBuffer())).toBe('png');
    expect(sniffImageType(await sharp(selfie).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await sharp(selfie).gif().toBuffer())).toBeUndefined();
    expect(sniffImageType(Buffer.from('%PDF-1.7\n'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });

  it('accepts valid selfies as JPEG, PNG and WebP', async () => {
    for (const data of [
      selfie,
      await sharp(selfie).png().toBuffer(),
      await sharp(selfie).webp({ quality: 95 }).toBuffer(),
    ]) {
      expect(codeOf(await check(data, 'biometrics'))).toBe('OK');
    }
  });

  it('refuses other formats and files that only pretend to be images', async () => {
    expect(codeOf(await check(await sharp(selfie).gif().toBuffer(), 'biometrics'))).toBe('IMAGE_TYPE_NOT_ALLOWED');
    expect(codeOf(await check(await sharp(selfie).tiff().toBuffer(), 'biometrics'))).toBe('IMAGE_TYPE_NOT_ALLOWED');
    expect(codeOf(await check(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'biometrics'))).toBe(
      'IMAGE_TYPE_NOT_ALLOWED',
    );
    // JPEG magic bytes followed by rubbish, and a JPEG cut in half.
    expect(
      codeOf(await check(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), 'biometrics')),
    ).toBe('IMAGE_UNREADABLE');
    expect(codeOf(await check(selfie.subarray(0, Math.floor(selfie.length / 2)), 'biometrics'))).toBe(
      'IMAGE_UNREADABLE',
    );
    // A PNG header on a JPEG body.
    expect(
      codeOf(
        await check(
          Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), selfie]),
          'biometrics',
        ),
      ),
    ).toBe('IMAGE_UNREADABLE');
  });
});

describe('size', () => {
  it('refuses files over the byte limit before looking inside', async () => {
    expect(codeOf(await check(selfie, 'biometrics', selfie.length - 1))).toBe('IMAGE_TOO_LARGE');
    expect(codeOf(await check(selfie, 'biometrics', selfie.length))).toBe('OK');
  });

  it('refuses a small file that claims a huge picture (decompression bomb) from its header', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(8000 * 6000).toBeGreaterThan(IMAGE_LIMITS.maxPixels);
    expect(codeOf(await check(bomb, 'biometrics'))).toBe('IMAGE_TOO_LARGE');
  });

  it('asks for at least 600x800 for a selfie and 1000 pixels across for a passport page', async () => {
    expect(codeOf(await check(await images.validSelfie(600, 800), 'biometrics'))).toBe('OK');
    const small = await check(await images.shrunk(selfie, 450), 'biometrics');
    expect(codeOf(small)).toBe('IMAGE_TOO_SMALL');
    expect(small.measures).toMatchObject({ width: 450, height: 600 });
    // Wide enough but not tall enough: a landscape webcam frame.
    expect(codeOf(await check(await images.validSelfie(1280, 720), 'biometrics'))).toBe('IMAGE_TOO_SMALL');
    expect(codeOf(await check(await images.shrunk(passport, 900), 'passport'))).toBe('IMAGE_TOO_SMALL');
    expect(codeOf(await check(await images.validPassportPage(1000, 704), 'passport'))).toBe('OK');
  });
});

describe('light and focus', () => {
  it('refuses a dark photo', async () => {
    for (const [data, type] of [
      [await images.darkened(selfie), 'biometrics'],
      [await images.darkened(passport), 'passport'],
    ] as const) {
      const result = await check(data, type);
      expect(codeOf(result)).toBe('IMAGE_TOO_DARK');
      expect(result.measures?.meanLuminance).toBeLessThan(IMAGE_LIMITS.minMeanLuminance);
    }
  });

  it('refuses a washed-out photo', async () => {
    for (const [data, type] of [
      [await images.overexposed(selfie), 'biometrics'],
      [await images.overexposed(passport), 'passport'],
    ] as const) {
      const result = await check(data, type);
      expect(codeOf(result)).toBe('IMAGE_TOO_BRIGHT');
      expect(result.measures?.clippedShare).toBeGreaterThan(IMAGE_LIMITS.maxClippedShare);
    }
  });

  it('refuses a blurred photo and keeps a clear margin from sharp ones', async () => {
    const sharpSelfie = await check(selfie, 'biometrics');
    const sharpPage = await check(passport, 'passport');
    expect(sharpSelfie.measures?.sharpness).toBeGreaterThan(IMAGE_LIMITS.minSharpness * 4);
    expect(sharpPage.measures?.sharpness).toBeGreaterThan(IMAGE_LIMITS.minSharpness * 4);
    for (const [data, type] of [
      [await images.blurred(selfie), 'biometrics'],
      [await images.blurred(selfie, 2), 'biometrics'],
      [await images.blurred(passport), 'passport'],
    ] as const) {
      const result = await check(data, type);
      expect(codeOf(result)).toBe('IMAGE_BLURRED');
      expect(result.measures?.sharpness).toBeLessThan(IMAGE_LIMITS.minSharpness / 2);
    }
  });

  it('measures luminance and the Laplacian as expected on plain pictures', () => {
    const flat = new Uint8Array(100).fill(128);
    expect(luminance(flat)).toEqual({ mean: 128, clippedShare: 0 });
    expect(laplacianVariance(flat, 10, 10)).toBe(0);
    const checker = Uint8Array.from({ length: 100 }, (_, i) => (((i % 10) + Math.floor(i / 10)) % 2 ? 255 : 0));
    expect(laplacianVariance(checker, 10, 10)).toBeGreaterThan(100_000);
  });
});

describe('face', () => {
  it('finds the face of a valid selfie', async () => {
    const result = await check(selfie, 'biometrics');
    expect(codeOf(result)).toBe('OK');
    expect(result.measures).toMatchObject({ faces: 1 });
    expect(result.measures?.faceShare).toBeGreaterThan(0.5);
  });

  it('refuses a selfie without a face, with two faces, or with a face too far away', async () => {
    expect(codeOf(await check(await images.faceless(), 'biometrics'))).toBe('FACE_NOT_FOUND');
    expect(codeOf(await check(await images.twoFaces(), 'biometrics'))).toBe('MULTIPLE_FACES');
    const distant = await check(await images.distantFace(), 'biometrics');
    expect(codeOf(distant)).toBe('FACE_TOO_SMALL');
    expect(distant.measures?.faceShare).toBeLessThan(IMAGE_LIMITS.minFaceShare);
  });

  it('does not look for a face on the passport page, nor at all without a detector', async () => {
    expect(codeOf(await check(await images.faceless(1250, 880), 'passport'))).toBe('OK');
    expect(codeOf(await checkImage(await images.faceless(), 'biometrics', { maxBytes: 1e7 }))).toBe('OK');
  });
});

describe('the copy that is kept', () => {
  it('is upright: the EXIF orientation of a photo stored on its side is applied', async () => {
    const sideways = await images.storedSideways(selfie);
    const stored = await sharp(sideways).metadata();
    expect([stored.width, stored.height, stored.orientation]).toEqual([960, 720, 6]);
    const result = await check(sideways, 'biometrics');
    if (!result.ok) throw new Error(result.code);
    const kept = await sharp(result.image.jpeg).metadata();
    expect([kept.width, kept.height, kept.orientation]).toEqual([720, 960, undefined]);
  });

  it('is a JPEG without any metadata of the camera or its owner', async () => {
    const tagged = await images.withCameraMetadata(await sharp(selfie).png().toBuffer());
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const result = await check(tagged, 'biometrics');
    if (!result.ok) throw new Error(result.code);
    const kept = await sharp(result.image.jpeg).metadata();
    expect(kept.format).toBe('jpeg');
    expect(kept.exif).toBeUndefined();
    expect(kept.icc).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(result.image.jpeg.includes(Buffer.from('Amelie Dubois'))).toBe(false);
  });
});
