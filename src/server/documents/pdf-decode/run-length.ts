import { chunked, type Sink } from './sink';

/** RunLengthDecode: a length byte n, then n + 1 bytes as they are (n < 128) or one byte 257 - n times (n > 128). */
export function runLength(input: Uint8Array, sink: Sink): void {
  const out = chunked(sink);
  let position = 0;
  while (position < input.length) {
    const length = input[position++];
    if (length === 128) break;
    if (length < 128) {
      for (let i = 0; i <= length && position < input.length; i++) out.push(input[position++]);
    } else if (position < input.length) {
      out.repeat(input[position++], 257 - length);
    }
  }
  out.flush();
}
