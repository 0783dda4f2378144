import { constants, createInflate } from 'node:zlib';

/**
 * The decoding of PDF stream filters, each layer counted against a budget: what a reader would expand a stream to
 * is known, and stopped, before it is ever held. The filters are those a PDF reader (pdf-lib included) expands
 * without an image codec: FlateDecode, LZWDecode, ASCIIHexDecode, ASCII85Decode and RunLengthDecode, alone or
 * chained. Image codecs (DCT, JPX, CCITT, JBIG2) end the chain: their pixels are bounded by the image's declared
 * size instead (see pdf-inspection.ts). Predictors only ever shrink or keep the length, so they are not applied.
 */

/** Bytes a decoding may still produce: the file's total, and for some streams a smaller allowance of their own. */
export class DecodeBudget {
  private used = 0;
  constructor(readonly limit: number) {}

  get remaining(): number {
    return this.limit - this.used;
  }

  /** Counts `bytes`; false once the budget is passed. */
  charge(bytes: number): boolean {
    this.used += bytes;
    return this.used <= this.limit;
  }
}

/** The budget was passed: the stream expands beyond what may be opened. */
export class OverBudget extends Error {
  constructor() {
    super('decoded size over the budget');
    this.name = 'OverBudget';
  }
}

/** One filter of a stream, by its name (escapes already read), with the parameters that change its output. */
export interface Filter {
  name: string;
  earlyChange?: number;
}

/** The filters whose output this module can produce; any other ends the chain. */
export const DECODABLE_FILTERS = new Set([
  'FlateDecode',
  'LZWDecode',
  'ASCIIHexDecode',
  'ASCII85Decode',
  'RunLengthDecode',
]);

/** Receives decoded bytes; throws OverBudget to stop. */
type Sink = (chunk: Uint8Array) => void;

/** Flate (zlib) data, inflated in chunks; a truncated or broken stream gives what it held up to the break. */
function inflate(input: Uint8Array, sink: Sink): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflater = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    let failed: unknown;
    inflater.on('data', (chunk: Buffer) => {
      if (failed) return;
      try {
        sink(chunk);
      } catch (error) {
        failed = error;
        inflater.destroy();
        reject(error);
      }
    });
    inflater.on('error', () => (failed ? undefined : resolve()));
    inflater.on('end', () => (failed ? undefined : resolve()));
    inflater.on('close', () => (failed ? undefined : resolve()));
    inflater.end(input);
  });
}

/** Collects small writes into chunks of 64 KiB before handing them on. */
function chunked(sink: Sink) {
  const size = 64 * 1024;
  let buffer = new Uint8Array(size);
  let length = 0;
  const handOnWhenFull = () => {
    if (length < size) return;
    sink(buffer);
    buffer = new Uint8Array(size);
    length = 0;
  };
  return {
    push(byte: number) {
      buffer[length++] = byte;
      handOnWhenFull();
    },
    pushBytes(bytes: Uint8Array) {
      for (let offset = 0; offset < bytes.length;) {
        const count = Math.min(size - length, bytes.length - offset);
        buffer.set(bytes.subarray(offset, offset + count), length);
        length += count;
        offset += count;
        handOnWhenFull();
      }
    },
    repeat(byte: number, times: number) {
      for (let left = times; left > 0;) {
        const count = Math.min(size - length, left);
        buffer.fill(byte, length, length + count);
        length += count;
        left -= count;
        handOnWhenFull();
      }
    },
    flush() {
      if (length > 0) sink(buffer.subarray(0, length));
      length = 0;
    },
  };
}

/** LZW as in PDF (and pdf.js): 9 to 12 bit codes, 256 clears, 257 ends, EarlyChange 1 by default. */
function lzw(input: Uint8Array, sink: Sink, earlyChange = 1): void {
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

const isWhite = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/** ASCIIHexDecode: pairs of hexadecimal digits up to `>`, white space ignored, an odd last digit padded with 0. */
function asciiHex(input: Uint8Array, sink: Sink): void {
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
function ascii85(input: Uint8Array, sink: Sink): void {
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

/** RunLengthDecode: a length byte n, then n + 1 bytes as they are (n < 128) or one byte 257 - n times (n > 128). */
function runLength(input: Uint8Array, sink: Sink): void {
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

/** Decodes one layer into `sink`. */
async function decodeLayer(filter: Filter, input: Uint8Array, sink: Sink): Promise<void> {
  switch (filter.name) {
    case 'FlateDecode':
      return inflate(input, sink);
    case 'LZWDecode':
      return lzw(input, sink, filter.earlyChange);
    case 'ASCIIHexDecode':
      return asciiHex(input, sink);
    case 'ASCII85Decode':
      return ascii85(input, sink);
    case 'RunLengthDecode':
      return runLength(input, sink);
    default:
      throw new Error(`not a decodable filter: ${filter.name}`);
  }
}

/**
 * Decodes a stream's contents through its filters, charging every layer's output to every budget given (so a
 * stream compressed twice counts both expansions), and answers the last layer's bytes when `keep` is set (an
 * object stream, whose objects are read next), else an empty array. Stops at the first filter this module does not
 * decode. Throws OverBudget as soon as a budget is passed, having held at most that much.
 */
export async function decodeStream(
  contents: Uint8Array,
  filters: Filter[],
  budgets: DecodeBudget[],
  keep = false,
): Promise<Uint8Array> {
  let data = contents;
  const decodable = filters.findIndex((filter) => !DECODABLE_FILTERS.has(filter.name));
  const chain = decodable === -1 ? filters : filters.slice(0, decodable);
  for (const [index, filter] of chain.entries()) {
    const last = index === chain.length - 1;
    const chunks: Uint8Array[] = [];
    let length = 0;
    await decodeLayer(filter, data, (chunk) => {
      for (const budget of budgets) if (!budget.charge(chunk.length)) throw new OverBudget();
      if (!last || keep) {
        chunks.push(chunk);
        length += chunk.length;
      }
    });
    data = !last || keep ? Buffer.concat(chunks, length) : new Uint8Array(0);
  }
  return chain.length === 0 && !keep ? new Uint8Array(0) : data;
}
