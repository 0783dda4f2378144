/** Largest side an image is scaled down to before looking for a code: enough for a seal, quick on a phone. */
const MAX_SIDE = 1600;

/** The text of the QR code in an image's pixels, if one can be read (the reader is loaded on first use). */
export async function readQr(image: ImageData): Promise<string | undefined> {
  const { default: jsQR } = await import('jsqr');
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return code?.data || undefined;
}

/** Draws a picture (a photo's bitmap or a video frame) on a canvas and reads the QR code in it. */
export async function readQrFrom(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): Promise<string | undefined> {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height, 1));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return readQr(context.getImageData(0, 0, canvas.width, canvas.height));
}

/** The text of the QR code in a photo the user chose; undefined when the photo cannot be read or has none. */
export async function readQrFromPhoto(photo: Blob): Promise<string | undefined> {
  try {
    const bitmap = await createImageBitmap(photo);
    try {
      return await readQrFrom(bitmap, bitmap.width, bitmap.height);
    } finally {
      bitmap.close();
    }
  } catch {
    return undefined;
  }
}
