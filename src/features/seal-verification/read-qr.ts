/** Largest side a camera frame, or a first look at a photo, is scaled down to: enough for a code that fills it. */
const QUICK_SIDE = 1600;
/**
 * Largest side a photo is read at when the quick look finds nothing: a phone's whole photo (4000 x 3000 for 12
 * megapixels, 8160 x 6120 for 50), where a seal on a printed page may be a small part of the picture.
 */
const FULL_SIDE = 8192;

/** The text of the QR code in an image's pixels, if one can be read (the reader is loaded on first use). */
export async function readQr(image: ImageData): Promise<string | undefined> {
  const { default: jsQR } = await import('jsqr');
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return code?.data || undefined;
}

/**
 * Draws a picture (a photo's bitmap or a video frame) on a canvas, scaled down to `maxSide` at most, and reads the
 * QR code in it.
 */
export async function readQrFrom(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
  maxSide = QUICK_SIDE,
): Promise<string | undefined> {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return readQr(context.getImageData(0, 0, canvas.width, canvas.height));
}

/**
 * The text of the QR code in a photo the user chose; undefined when the photo cannot be read or has none. A quick
 * look at the photo scaled down first, then, when that finds nothing, the photo at its full resolution: a code
 * that is a small part of a large photo (a whole printed page) has modules too small to read once scaled down.
 */
export async function readQrFromPhoto(photo: Blob): Promise<string | undefined> {
  try {
    const bitmap = await createImageBitmap(photo);
    try {
      const { width, height } = bitmap;
      const canvas = document.createElement('canvas');
      const quick = await readQrFrom(bitmap, width, height, canvas);
      if (quick || Math.max(width, height) <= QUICK_SIDE) return quick;
      return await readQrFrom(bitmap, width, height, canvas, FULL_SIDE);
    } finally {
      bitmap.close();
    }
  } catch {
    return undefined;
  }
}
