/**
 * The decoding of PDF stream filters, each layer counted against a budget: what a reader would expand a stream to
 * is known, and stopped, before it is ever held. The filters are those a PDF reader (pdf-lib included) expands
 * without an image codec: FlateDecode, LZWDecode, ASCIIHexDecode, ASCII85Decode and RunLengthDecode, alone or
 * chained. Image codecs (DCT, JPX, CCITT, JBIG2) end the chain: their pixels are bounded by the image's declared
 * size instead (see pdf-inspection.ts). Predictors only ever shrink or keep the length, so they are not applied.
 *
 * Each filter is decoded by a module of its own in pdf-decode/; this one chains them and counts what they produce.
 */
import { ascii85, asciiHex } from './pdf-decode/ascii';
import { inflate } from './pdf-decode/flate';
import { lzw } from './pdf-decode/lzw';
import { runLength } from './pdf-decode/run-length';
import type { Sink } from './pdf-decode/sink';

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
