import { chunked, type Sink } from './sink';

/** LZW as in PDF (and pdf.js): 9 to 12 bit codes, 256 clears, 257 ends, EarlyChange 1 by default. */
export function lzw(input: Uint8Array, sink: Sink, earlyChange = 1): void {
  const out = chunked(sink);
  const prefixes = new Int32Array(4096);
  const suffixes = new Uint8Array(4096);
  const lengths = new Int32Array(4096);
  const scratch = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) {
    suffixes[i] = i;
    lengths[i] = 1;
  }
  let next = 258;
  let codeLength = 9;
  let previous = -1;
  let bitBuffer = 0;
  let bitCount = 0;
  let position = 0;
  const emit = (code: number) => {
    const length = lengths[code];
    for (let i = length - 1, c = code; i >= 0; i--, c = prefixes[c]) scratch[i] = suffixes[c];
    out.pushBytes(scratch.subarray(0, length));
  };
  for (;;) {
    while (bitCount < codeLength) {
      if (position >= input.length) {
        out.flush();
        return;
      }
      bitBuffer = ((bitBuffer << 8) | input[position++]) >>> 0;
      bitCount += 8;
    }
    bitCount -= codeLength;
    const code = (bitBuffer >>> bitCount) & ((1 << codeLength) - 1);
    if (code === 256) {
      next = 258;
      codeLength = 9;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    if (previous === -1) {
      if (code > 255) break;
      emit(code);
      previous = code;
      continue;
    }
    let first: number;
    if (code < next) {
      let c = code;
      while (lengths[c] > 1) c = prefixes[c];
      first = suffixes[c];
    } else if (code === next) {
      let c = previous;
      while (lengths[c] > 1) c = prefixes[c];
      first = suffixes[c];
    } else break;
    if (next < 4096) {
      prefixes[next] = previous;
      suffixes[next] = first;
      lengths[next] = lengths[previous] + 1;
      next++;
    }
    emit(code);
    previous = code;
    const threshold = next + earlyChange;
    codeLength = threshold >= 2048 ? 12 : threshold >= 1024 ? 11 : threshold >= 512 ? 10 : 9;
  }
  out.flush();
}
