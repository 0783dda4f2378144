import sharp from 'sharp';
import { page } from './data-page';
import type { identity } from './identity';
import type { Random } from './random';

/**
 * A generated data page photographed as a phone does it: on a desk, rotated and in perspective, lit unevenly, with
 * glare, blur, sensor noise and JPEG compression.
 */

/** The homography taking the four points `from` to the four points `to` (3 x 3, row by row, h33 = 1). */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  // Gaussian elimination with partial pivoting.
  for (let col = 0; col < 8; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < 8; row += 1) if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) pivot = row;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    [b[col], b[pivot]] = [b[pivot], b[col]];
    for (let row = 0; row < 8; row += 1) {
      if (row === col) continue;
      const factor = a[row][col] / a[col][col];
      for (let k = col; k < 8; k += 1) a[row][k] -= factor * a[col][k];
      b[row] -= factor * b[col];
    }
  }
  return [...b.map((value, i) => value / a[i][i]), 1];
}

/** The page photographed: placed on a desk in perspective and rotated, lit unevenly, with glare, blur and noise. */
export async function photograph(
  rng: Random,
  person: ReturnType<typeof identity>,
  lines: [string, string],
  index: number,
) {
  const width = index === 0 ? 1000 : index === 1 ? 3000 : rng.int(1000, 3000);
  const height = Math.round(width * 0.75);
  const share = rng.between(0.74, 0.9);
  const pageWidth = Math.round(width * share);
  const { data: paper, info } = await page(rng, person, lines, pageWidth);
  const rotation = rng.between(-5, 5);
  const radians = (rotation * Math.PI) / 180;
  const cx = width / 2 + rng.between(-0.04, 0.04) * width;
  const cy = height / 2 + rng.between(-0.04, 0.04) * height;
  const corners: [number, number][] = [
    [0, 0],
    [info.width, 0],
    [info.width, info.height],
    [0, info.height],
  ];
  // Perspective: each corner moved by up to 2.5% of the page's width, as a phone held not quite flat sees it.
  const jitter = 0.025 * info.width;
  const placed = corners.map(([x, y]): [number, number] => {
    const dx = x - info.width / 2 + rng.between(-jitter, jitter);
    const dy = y - info.height / 2 + rng.between(-jitter, jitter);
    return [cx + dx * Math.cos(radians) - dy * Math.sin(radians), cy + dx * Math.sin(radians) + dy * Math.cos(radians)];
  });
  const h = homography(placed, corners);
  const desk = [rng.int(60, 140), rng.int(50, 120), rng.int(40, 110)];
  const light = { x: rng.between(0, width), y: rng.between(0, height), fall: rng.between(0.1, 0.35) };
  const glare = {
    x: rng.between(0.1, 0.9) * width,
    y: rng.between(0.15, 0.85) * height,
    r: rng.between(0.08, 0.25) * width,
  };
  const glareStrength = rng.next() < 0.6 ? rng.between(0.15, 0.55) : 0;
  const noise = rng.between(0.5, 2.5);
  const out = Buffer.alloc(width * height * 3);
  const diagonal = Math.hypot(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const w = h[6] * x + h[7] * y + h[8];
      const px = (h[0] * x + h[1] * y + h[2]) / w;
      const py = (h[3] * x + h[4] * y + h[5]) / w;
      const shade = 1 - light.fall * (Math.hypot(x - light.x, y - light.y) / diagonal);
      const g = glareStrength * Math.exp(-((x - glare.x) ** 2 + (y - glare.y) ** 2) / (2 * glare.r ** 2));
      const at = (y * width + x) * 3;
      const inside = px >= 0 && py >= 0 && px < info.width - 1 && py < info.height - 1;
      for (let c = 0; c < 3; c += 1) {
        let value: number;
        if (inside) {
          const x0 = Math.floor(px);
          const y0 = Math.floor(py);
          const fx = px - x0;
          const fy = py - y0;
          const i00 = (y0 * info.width + x0) * 3 + c;
          const i10 = i00 + 3;
          const i01 = i00 + info.width * 3;
          const i11 = i01 + 3;
          value =
            paper[i00] * (1 - fx) * (1 - fy) +
            paper[i10] * fx * (1 - fy) +
            paper[i01] * (1 - fx) * fy +
            paper[i11] * fx * fy;
        } else value = desk[c] + 10 * Math.sin(x / 37 + y / 53);
        value = value * shade;
        value = value + (255 - value) * g + noise * rng.gauss();
        out[at + c] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  }
  // Blur as a fraction of the MRZ's character pitch, so that a small photo is not blurred more than a large one.
  const pitch = (pageWidth / 125) * 2.54;
  const blur = rng.between(0.02, 0.08) * pitch;
  const quality = rng.int(60, 90);
  const jpeg = await sharp(out, { raw: { width, height, channels: 3 } })
    .blur(Math.max(0.3, blur))
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
  return {
    jpeg,
    photo: {
      width,
      height,
      rotation: Number(rotation.toFixed(2)),
      blur: Number(blur.toFixed(2)),
      glare: Number(glareStrength.toFixed(2)),
      quality,
    },
  };
}
