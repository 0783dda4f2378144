import sharp from 'sharp';

/** Photos and pictures in grey, one byte a pixel: the photo decoded and turned upright, scaled, and given to the OCR. */

/** Decoding stops above this many pixels (a small file can claim a huge picture). */
export const MAX_PIXELS = 40_000_000;

/** A greyscale picture, one byte a pixel. */
export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The photo upright (EXIF), in grey. */
export async function greyPhoto(image: Buffer): Promise<Grey> {
  const { data, info } = await sharp(image, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** A grey picture scaled to `width` pixels wide. */
export async function resized(grey: Grey, width: number): Promise<Grey> {
  const { data, info } = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .resize({ width })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** A grey picture as PNG, for the OCR. */
export function png(grey: Grey): Promise<Buffer> {
  return sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
