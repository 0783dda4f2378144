import { describe, expect, it } from 'vitest';
import { isAlmostBlack } from './frame-check';

/** RGBA pixels of one grey level, with some pixels of another. */
function frame(
  grey: number,
  count = 768,
  others: { grey: number; count: number } = { grey, count: 0 },
): Uint8ClampedArray {
  const data = new Uint8ClampedArray(count * 4);
  for (let i = 0; i < count; i += 1) {
    const g = i < others.count ? others.grey : grey;
    data.set([g, g, g, 255], i * 4);
  }
  return data;
}

describe('isAlmostBlack', () => {
  it('finds a black frame black, also with a little sensor noise', () => {
    expect(isAlmostBlack(frame(0))).toBe(true);
    expect(isAlmostBlack(frame(6, 768, { grey: 35, count: 100 }))).toBe(true);
    expect(isAlmostBlack(new Uint8ClampedArray(0))).toBe(true);
  });

  it('does not find a picture black: an ordinary one, a dim one, or a lit face in the dark', () => {
    expect(isAlmostBlack(frame(128))).toBe(false);
    expect(isAlmostBlack(frame(30))).toBe(false);
    expect(isAlmostBlack(frame(2, 768, { grey: 180, count: 60 }))).toBe(false);
  });

  it('weighs colours as the eye does: a deep blue frame is dark, a green one is not', () => {
    const blue = new Uint8ClampedArray(400).fill(0).map((_, i) => (i % 4 === 2 ? 120 : i % 4 === 3 ? 255 : 0));
    const green = new Uint8ClampedArray(400).fill(0).map((_, i) => (i % 4 === 1 ? 120 : i % 4 === 3 ? 255 : 0));
    expect(isAlmostBlack(blue)).toBe(true);
    expect(isAlmostBlack(green)).toBe(false);
  });
});
