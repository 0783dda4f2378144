import { constants, createDeflate, deflateSync } from 'node:zlib';
import { handWrittenPdf } from '../../security/testing/hostile-files';

/**
 * PDFs that expand far beyond their size, built in a few milliseconds: the compressed data is written directly
 * (never compressed from the expanded bytes), so a test file of a few kilobytes expands to gigabytes.
 */

const MiB = 1024 * 1024;

/** What a deflater writes for each chunk, each followed by a full flush (which makes chunks independent). */
async function flushedChunks(chunks: Buffer[]): Promise<Buffer[]> {
  const deflater = createDeflate({ level: 9 });
  const outputs: Buffer[] = [];
  let pending: Buffer[] = [];
  deflater.on('data', (data: Buffer) => pending.push(data));
  for (const chunk of chunks) {
    deflater.write(chunk);
    await new Promise<void>((resolve) => deflater.flush(constants.Z_FULL_FLUSH, () => resolve()));
    outputs.push(Buffer.concat(pending));
    pending = [];
  }
  deflater.destroy();
  return outputs;
}

/**
 * A zlib stream of `mebibytes` MiB of zeros. After a full flush zlib compresses each MiB of zeros to the same bytes,
 * so the stream is the header, that unit repeated, an empty final block and the checksum.
 */
export async function zerosDeflated(mebibytes: number): Promise<Buffer> {
  const mib = Buffer.alloc(MiB);
  const [first, second, third] = await flushedChunks([mib, mib, mib]);
  if (!second.equals(third) || !first.subarray(2).equals(second)) throw new Error('zlib output not as expected');
  // Adler-32 of zeros: a stays 1, b grows by 1 per byte.
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE((((mebibytes * MiB) % 65521) * 65536 + 1) >>> 0);
  const units = Array.from({ length: mebibytes }, () => second);
  return Buffer.concat([first.subarray(0, 2), ...units, Buffer.from([0x03, 0x00]), checksum]);
}

/** `data` as FlateDecode stores it. */
export const deflated = (data: Uint8Array): Buffer => deflateSync(data, { level: 9 });

/** Writes LZW codes of growing width as PDF's LZWDecode (EarlyChange 1) reads them. */
function lzwWriter() {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  return {
    write(code: number, width: number) {
      buffer = (buffer << width) | code;
      bits += width;
      while (bits >= 8) {
        bits -= 8;
        bytes.push((buffer >>> bits) & 0xff);
      }
      buffer &= (1 << bits) - 1;
    },
    end(): Buffer {
      if (bits > 0) bytes.push((buffer << (8 - bits)) & 0xff);
      return Buffer.from(bytes);
    },
  };
}

/**
 * The width of the next code once the writer's table has `next` entries: one bit more as soon as the reader's
 * next free code (one behind the writer's) plus EarlyChange 1 reaches 512, 1024 and 2048.
 */
const widthFor = (next: number) => (next >= 2048 ? 12 : next >= 1024 ? 11 : next >= 512 ? 10 : 9);

/** LZW-encoded `data` (a plain encoder, for the decoders' tests on small inputs). */
export function lzwEncode(data: Uint8Array): Buffer {
  const out = lzwWriter();
  let table = new Map<string, number>();
  let next = 258;
  let width = 9;
  const codeOf = (text: string) => (text.length === 1 ? text.charCodeAt(0) : table.get(text)!);
  out.write(256, width);
  let current = '';
  for (const byte of data) {
    const character = String.fromCharCode(byte);
    if (current === '' || table.has(current + character)) {
      current += character;
      continue;
    }
    out.write(codeOf(current), width);
    table.set(current + character, next++);
    width = widthFor(next);
    if (next === 4096) {
      out.write(256, width);
      table = new Map();
      next = 258;
      width = 9;
    }
    current = character;
  }
  if (current !== '') out.write(codeOf(current), width);
  out.write(257, width);
  return out.end();
}

/**
 * LZW codes that expand to zeros as fast as LZW can: after a 0, each code is the next free one (a string one zero
 * longer than the last), until the table is full; then the table is cleared and it starts again. Each cycle of
 * about 5.5 kB gives about 7.4 MB.
 */
export function lzwZeros(cycles: number): { data: Buffer; expandsTo: number } {
  const out = lzwWriter();
  let expandsTo = 0;
  for (let cycle = 0; cycle < cycles; cycle++) {
    out.write(256, cycle === 0 ? 9 : 12);
    out.write(0, 9);
    expandsTo += 1;
    // The reader's next free code is the code itself: it is read at the width the writer's table of code + 1 gives.
    for (let code = 258; code < 4096; code++) {
      out.write(code, widthFor(code + 1));
      expandsTo += code - 256;
    }
  }
  out.write(257, 12);
  return { data: out.end(), expandsTo };
}

/** The ASCIIHexDecode form of `data`. */
export const asciiHex = (data: Uint8Array): Buffer => Buffer.from(`${Buffer.from(data).toString('hex')}>`, 'latin1');

/** The ASCII85Decode form of `data` (`z` for four zero bytes). */
export function ascii85(data: Uint8Array): Buffer {
  let text = '';
  for (let i = 0; i < data.length; i += 4) {
    const group = [0, 1, 2, 3].map((j) => data[i + j] ?? 0);
    const count = Math.min(4, data.length - i);
    let value = ((group[0] << 24) | (group[1] << 16) | (group[2] << 8) | group[3]) >>> 0;
    if (count === 4 && value === 0) {
      text += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let j = 0; j < 5; j++) {
      digits.unshift(String.fromCharCode((value % 85) + 33));
      value = Math.floor(value / 85);
    }
    text += digits.slice(0, count + 1).join('');
  }
  return Buffer.from(`${text}~>`, 'latin1');
}

/** The RunLengthDecode form of `data`: runs of one byte as runs, anything else as literal bytes. */
export function runLength(data: Uint8Array): Buffer {
  const out: number[] = [];
  let i = 0;
  while (i < data.length) {
    let run = 1;
    while (i + run < data.length && data[i + run] === data[i] && run < 128) run++;
    if (run >= 2) {
      out.push(257 - run, data[i]);
      i += run;
      continue;
    }
    const start = i;
    do i++;
    while (i < data.length && i - start < 128 && !(i + 1 < data.length && data[i + 1] === data[i]));
    out.push(i - start - 1, ...data.subarray(start, i));
  }
  out.push(128);
  return Buffer.from(out);
}

/**
 * A one-page PDF with one stream written as given: its dictionary entries (filters, as a bomb names them) and its
 * stored contents, as the page's contents or as an object stream (which a parser expands to read its objects; its
 * type may be written with escapes).
 */
export function pdfWithStream(
  entries: string,
  contents: Buffer,
  as: 'contents' | 'object stream',
  objectStreamType = '/ObjStm',
): Buffer {
  const type = as === 'object stream' ? `/Type ${objectStreamType} /N 1 /First 4 ` : '';
  const stream = Buffer.concat([
    Buffer.from(`<< ${type}${entries} /Length ${contents.length} >>\nstream\n`, 'latin1'),
    contents,
    Buffer.from('\nendstream', 'latin1'),
  ]);
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200]${as === 'contents' ? ' /Contents 4 0 R' : ''} >>`,
    stream,
  ]);
}

/** A PDF whose page tree names one page `references` times (each a page to a reader). */
export function pdfWithPageReferences(references: number): Buffer {
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${'3 0 R '.repeat(references)}] /Count ${references} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>',
  ]);
}

/** A one-page PDF whose catalog (or page) carries `extra` entries, such as an /OpenAction or /Annots. */
export function pdfWith(catalogExtra: string, pageExtra = '', more: string[] = []): Buffer {
  return handWrittenPdf([
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] ${pageExtra} >>`,
    ...more,
  ]);
}
