/**
 * Whether the camera shows a picture yet. A camera that has just started, or whose lens is covered, gives
 * frames that are almost uniformly black; such a frame is never sent (the API would refuse it as too dark and
 * count it as one of the limited attempts).
 */

/** Side of the small copy of a frame that is looked at. */
const SAMPLE_WIDTH = 32;
const SAMPLE_HEIGHT = 24;
/** Mean grey level (0-255) below which a frame may be black... */
const BLACK_MEAN = 20;
/** ...when at most this share of its pixels is brighter than BRIGHT. */
const BRIGHT = 40;
const MAX_BRIGHT_SHARE = 0.02;

/** True when RGBA pixels are almost uniformly black: dark on average, with next to nothing lit. */
export function isAlmostBlack(rgba: ArrayLike<number>): boolean {
  const count = Math.floor(rgba.length / 4);
  if (count === 0) return true;
  let sum = 0;
  let bright = 0;
  for (let i = 0; i < count * 4; i += 4) {
    const grey = 0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2];
    sum += grey;
    if (grey > BRIGHT) bright += 1;
  }
  return sum / count < BLACK_MEAN && bright / count <= MAX_BRIGHT_SHARE;
}

/** The video has decoded a frame of a real size. */
export function hasFrame(video: HTMLVideoElement): boolean {
  return video.readyState >= 2 && video.videoWidth > 0 && video.videoHeight > 0;
}

/** True when the video shows a frame that is not almost black (false before its first frame). */
export function showsPicture(video: HTMLVideoElement): boolean {
  if (!hasFrame(video)) return false;
  const canvas = document.createElement('canvas');
  canvas.width = SAMPLE_WIDTH;
  canvas.height = SAMPLE_HEIGHT;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return false;
  try {
    context.drawImage(video, 0, 0, SAMPLE_WIDTH, SAMPLE_HEIGHT);
    return !isAlmostBlack(context.getImageData(0, 0, SAMPLE_WIDTH, SAMPLE_HEIGHT).data);
  } catch {
    return false;
  }
}
