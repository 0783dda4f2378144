import { chunked, type Sink } from './sink';

// The filters that write binary data as text: hexadecimal digits, or base-85 groups.

const isWhite = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/** ASCIIHexDecode: pairs of hexadecimal digits up to `>`, white space ignored, an odd last digit padded with 0. */
export function asciiHex(input: Uint8Array, sink: Sink): void {
  const out = chunked(sink);
  let high = -1;
  for (const byte of input) {
    if (byte === 0x3e) break;
    if (isWhite(byte)) continue;
    const digit =
      byte >= 0x30 && byte <= 0x39
        ? byte - 0x30
        : byte >= 0x41 && byte <= 0x46
          ? byte - 0x37
          : byte >= 0x61 && byte <= 0x66
            ? byte - 0x57
            : -1;
    if (digit < 0) continue;
    if (high < 0) high = digit;
    else {
      out.push((high << 4) | digit);
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  out.flush();
}

/** ASCII85Decode: groups of five characters from `!` to `u`, `z` for four zero bytes, up to `~>`. */
export function ascii85(input: Uint8Array, sink: Sink): void {
  const out = chunked(sink);
  const group: number[] = [];
  const flushGroup = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (i < count ? group[i] : 84);
    for (let i = 0; i < count - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group.length = 0;
  };
  for (const byte of input) {
    if (byte === 0x7e) break;
    if (isWhite(byte)) continue;
    if (byte === 0x7a && group.length === 0) {
      out.repeat(0, 4);
      continue;
    }
    if (byte < 0x21 || byte > 0x75) continue;
    group.push(byte - 0x21);
    if (group.length === 5) flushGroup(5);
  }
  if (group.length > 1) flushGroup(group.length);
  out.flush();
}
