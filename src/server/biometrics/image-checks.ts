import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { FaceDetector } from './face-detector';

import type { CaptureType, ImageErrorCode } from '../../shared/contract';

export type { CaptureType, ImageErrorCode };

/**
 * Limits and thresholds of the checks. The luminance and sharpness figures are measured on a copy scaled to
 * ANALYSIS_SIZE pixels on its longer side, so they do not depend on the camera's resolution; they were tuned
 * on the pictures of testing/test-images.ts (see image-checks.test.ts for the values measured).
 */
export const IMAGE_LIMITS = {
  /** Decoding stops above this many pixels (a small file can claim a huge picture: a decompression bomb). */
  maxPixels: 40_000_000,
  minSize: { biometrics: { width: 600, height: 800 }, passport: { width: 1000, height: 600 } },
  analysisSize: 640,
  /** Mean grey level (0-255) of the analysis copy. */
  minMeanLuminance: 55,
  maxMeanLuminance: 235,
  /** Share of the picture that may be burnt out (grey level 250 or more). */
  maxClippedShare: 0.35,
  /** Sharpness (variance of the Laplacian of the sharpest tiles, see `sharpness`); below it the picture is out of focus. */
  minSharpness: 100,
  /** The face's width as a share of the selfie's width. */
  minFaceShare: 0.2,
  /** Side of the copy given to the face detector. */
  faceDetectionSize: 640,
} as const;

/** Re-encoded photo kept for the applicant: upright, metadata removed, JPEG. */
export interface CheckedImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

export type ImageCheckResult =
  | { ok: true; image: CheckedImage; measures: ImageMeasures }
  | { ok: false; code: ImageErrorCode; measures?: Partial<ImageMeasures> };

/** What the checks measured, for logs and for tuning. */
export interface ImageMeasures {
  width: number;
  height: number;
  meanLuminance: number;
  clippedShare: number;
  sharpness: number;
  faces?: number;
  faceShare?: number;
}

export interface ImageCheckOptions {
  maxBytes: number;
  /** Looks for the face on selfies; without it the face checks are skipped. */
  faceDetector?: FaceDetector;
}

type Sniffed = 'jpeg' | 'png' | 'webp';

/** The format told by the file's first bytes (never by its name or a declared type). */
export function sniffImageType(data: Buffer): Sniffed | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

/** Variance of the 4-neighbour Laplacian over a window of a greyscale picture: high for sharp edges, low when blurred. */
export function laplacianVariance(
  grey: Uint8Array,
  width: number,
  height: number,
  window = { x: 0, y: 0, width, height },
): number {
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  const top = Math.max(1, window.y);
  const bottom = Math.min(height - 1, window.y + window.height);
  const left = Math.max(1, window.x);
  const right = Math.min(width - 1, window.x + window.width);
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) {
      const i = y * width + x;
      const value = grey[i - width] + grey[i + width] + grey[i - 1] + grey[i + 1] - 4 * grey[i];
      sum += value;
      sumSquares += value * value;
      count += 1;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return sumSquares / count - mean * mean;
}

/**
 * Sharpness of a picture: the variance of the Laplacian in tiles of `tile` pixels, averaged over the sharpest
 * quarter of the tiles. A plain background (which travellers are asked for) would drag a whole-picture
 * variance down; the subject's edges decide here.
 */
export function sharpness(grey: Uint8Array, width: number, height: number, tile = 64): number {
  const scores: number[] = [];
  for (let y = 0; y < height; y += tile) {
    for (let x = 0; x < width; x += tile)
      scores.push(laplacianVariance(grey, width, height, { x, y, width: tile, height: tile }));
  }
  scores.sort((a, b) => b - a);
  const top = scores.slice(0, Math.max(1, Math.ceil(scores.length / 4)));
  return top.reduce((total, score) => total + score, 0) / top.length;
}

/** Mean grey level and share of burnt-out pixels. */
export function luminance(grey: Uint8Array): { mean: number; clippedShare: number } {
  let sum = 0;
  let clipped = 0;
  for (const value of grey) {
    sum += value;
    if (value >= 250) clipped += 1;
  }
  return { mean: grey.length ? sum / grey.length : 0, clippedShare: grey.length ? clipped / grey.length : 0 };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Checks a photo the way a border officer would want it, cheapest checks first, and answers the first problem
 * found or the photo to keep. Content is recognised by its magic bytes (JPEG, PNG, WebP only), the pixel count
 * is read from the header before anything is decoded, the EXIF orientation is applied, and the kept copy is a
 * fresh JPEG without any metadata (camera, place, owner).
 */
export async function checkImage(
  data: Buffer,
  type: CaptureType,
  options: ImageCheckOptions,
): Promise<ImageCheckResult> {
  if (data.length > options.maxBytes) return { ok: false, code: 'IMAGE_TOO_LARGE' };
  const sniffed = sniffImageType(data);
  if (!sniffed) return { ok: false, code: 'IMAGE_TYPE_NOT_ALLOWED' };

  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, code: 'IMAGE_UNREADABLE' };
  }
  if (metadata.format !== sniffed || !metadata.width || !metadata.height)
    return { ok: false, code: 'IMAGE_UNREADABLE' };
  if (metadata.width * metadata.height > IMAGE_LIMITS.maxPixels) return { ok: false, code: 'IMAGE_TOO_LARGE' };

  // Decoded once, upright; every later step works from this buffer.
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(data, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error' })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, code: 'IMAGE_UNREADABLE' };
  }
  const { width, height, channels } = upright.info;
  const raw = { raw: { width, height, channels } };
  const min = IMAGE_LIMITS.minSize[type];
  if (width < min.width || height < min.height)
    return { ok: false, code: 'IMAGE_TOO_SMALL', measures: { width, height } };

  const grey = await sharp(upright.data, raw)
    .resize({ width: IMAGE_LIMITS.analysisSize, height: IMAGE_LIMITS.analysisSize, fit: 'inside' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const light = luminance(grey.data);
  const measures: ImageMeasures = {
    width,
    height,
    meanLuminance: round(light.mean),
    clippedShare: round(light.clippedShare, 3),
    sharpness: round(sharpness(grey.data, grey.info.width, grey.info.height)),
  };
  if (light.mean < IMAGE_LIMITS.minMeanLuminance) return { ok: false, code: 'IMAGE_TOO_DARK', measures };
  if (light.mean > IMAGE_LIMITS.maxMeanLuminance || light.clippedShare > IMAGE_LIMITS.maxClippedShare)
    return { ok: false, code: 'IMAGE_TOO_BRIGHT', measures };
  if (measures.sharpness < IMAGE_LIMITS.minSharpness) return { ok: false, code: 'IMAGE_BLURRED', measures };

  if (type === 'biometrics' && options.faceDetector) {
    const small = await sharp(upright.data, raw)
      .resize({ width: IMAGE_LIMITS.faceDetectionSize, height: IMAGE_LIMITS.faceDetectionSize, fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const faces = await options.faceDetector.detect({
      data: small.data,
      width: small.info.width,
      height: small.info.height,
    });
    measures.faces = faces.length;
    if (faces.length === 0) return { ok: false, code: 'FACE_NOT_FOUND', measures };
    if (faces.length > 1) return { ok: false, code: 'MULTIPLE_FACES', measures };
    measures.faceShare = round(faces[0].width / small.info.width, 3);
    if (measures.faceShare < IMAGE_LIMITS.minFaceShare) return { ok: false, code: 'FACE_TOO_SMALL', measures };
  }

  // sharp writes no metadata unless asked to (no EXIF, GPS, XMP or ICC profile is carried over).
  const jpeg = await sharp(upright.data, raw).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  return { ok: true, image: { jpeg, width, height }, measures };
}
