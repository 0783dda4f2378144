import { randomBytes } from 'node:crypto';
import { PDFArray, PDFContext, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DecodeBudget, decodeStream, OverBudget, type Filter } from './pdf-decode';
import { ascii85, asciiHex, deflated, lzwEncode, lzwZeros, runLength, zerosDeflated } from './testing/pdf-bombs';

const MiB = 1024 * 1024;

/** What pdf-lib, the reader the server parses with, decodes a stream with these filters to. */
function pdfLibDecodes(contents: Uint8Array, filters: string[]): Uint8Array {
  const context = PDFContext.create();
  const dict = context.obj({});
  dict.set(PDFName.of('Filter'), filters.length === 1 ? PDFName.of(filters[0]) : PDFArray.withContext(context));
  if (filters.length > 1) {
    const array = dict.lookup(PDFName.of('Filter'), PDFArray);
    for (const filter of filters) array.push(PDFName.of(filter));
  }
  return decodePDFRawStream(PDFRawStream.of(dict, contents)).decode();
}

const decode = (contents: Uint8Array, filters: string[], limit = 64 * MiB) =>
  decodeStream(
    contents,
    filters.map((name): Filter => ({ name })),
    [new DecodeBudget(limit)],
    true,
  );

/** Text that compresses: repeated words with some noise, as a page's contents are. */
const sample = Buffer.concat([
  Buffer.from('BT /F1 12 Tf 72 712 Td (Bank statement, page 1) Tj ET\n'.repeat(300), 'latin1'),
  randomBytes(3000),
  Buffer.alloc(5000, 0x41),
]);

describe('decoding stream filters within a budget', () => {
  it.each([
    ['FlateDecode', deflated],
    ['LZWDecode', lzwEncode],
    ['ASCIIHexDecode', asciiHex],
    ['ASCII85Decode', ascii85],
    ['RunLengthDecode', runLength],
  ] as const)('decodes %s to the bytes pdf-lib reads', async (filter, encode) => {
    const encoded = encode(sample);
    expect(Buffer.from(await decode(encoded, [filter]))).toEqual(sample);
    expect(Buffer.from(pdfLibDecodes(encoded, [filter]))).toEqual(sample);
  });

  it('decodes filters in a chain, the first applied first, as pdf-lib does', async () => {
    const chains: [string[], Buffer][] = [
      [['ASCIIHexDecode', 'FlateDecode'], asciiHex(deflated(sample))],
      [['ASCII85Decode', 'LZWDecode'], ascii85(lzwEncode(sample))],
      [['FlateDecode', 'RunLengthDecode'], deflated(runLength(sample))],
      [['FlateDecode', 'FlateDecode'], deflated(deflated(sample))],
    ];
    for (const [filters, encoded] of chains) {
      expect(Buffer.from(await decode(encoded, filters)), filters.join(' ')).toEqual(sample);
      expect(Buffer.from(pdfLibDecodes(encoded, filters)), filters.join(' ')).toEqual(sample);
    }
  });

  it('counts every layer against the budget and stops as soon as it is passed', async () => {
    const twice = deflated(deflated(sample));
    const budget = new DecodeBudget(sample.length * 3);
    await decodeStream(twice, [{ name: 'FlateDecode' }, { name: 'FlateDecode' }], [budget]);
    // Both layers were counted: what the first gave and what the second gave.
    expect(budget.remaining).toBe(sample.length * 3 - sample.length - deflated(sample).length);
    await expect(decode(twice, ['FlateDecode', 'FlateDecode'], sample.length)).rejects.toBeInstanceOf(OverBudget);
  });

  it('stops a bomb of each kind at the budget, having expanded no further', async () => {
    const limit = 8 * MiB;
    const lzw = lzwZeros(3);
    expect(lzw.expandsTo).toBeGreaterThan(limit * 2);
    const bombs: [string[], Buffer][] = [
      [['FlateDecode'], await zerosDeflated(64)],
      [['FlateDecode', 'FlateDecode'], deflated(await zerosDeflated(64))],
      [['LZWDecode'], lzw.data],
      // Each pair of bytes is a run of 128 zeros.
      [['FlateDecode', 'RunLengthDecode'], deflated(Buffer.alloc(MiB).fill(Buffer.from([0x81, 0])))],
      [['FlateDecode', 'ASCII85Decode'], deflated(Buffer.alloc(4 * MiB, 'z'))],
    ];
    for (const [filters, contents] of bombs) {
      const budget = new DecodeBudget(limit);
      await expect(
        decodeStream(
          contents,
          filters.map((name) => ({ name })),
          [budget],
        ),
        filters.join(' '),
      ).rejects.toBeInstanceOf(OverBudget);
      // Stopped within one chunk of the budget.
      expect(-budget.remaining).toBeLessThanOrEqual(64 * 1024);
    }
  });

  it('expands the test bombs as built: zeros, and as many as they claim', async () => {
    const flate = await decode(await zerosDeflated(3), ['FlateDecode']);
    expect(flate.length).toBe(3 * MiB);
    expect(flate.every((byte) => byte === 0)).toBe(true);
    const lzw = lzwZeros(1);
    const expanded = await decode(lzw.data, ['LZWDecode']);
    expect(expanded.length).toBe(lzw.expandsTo);
    expect(expanded.every((byte) => byte === 0)).toBe(true);
    expect(pdfLibDecodes(lzw.data, ['LZWDecode']).length).toBe(lzw.expandsTo);
  });

  it('ends the chain at a filter it does not decode, such as an image codec', async () => {
    const budget = new DecodeBudget(MiB);
    const out = await decodeStream(deflated(sample), [{ name: 'FlateDecode' }, { name: 'DCTDecode' }], [budget], true);
    expect(Buffer.from(out)).toEqual(sample);
    expect(await decodeStream(sample, [{ name: 'JPXDecode' }], [budget], true)).toEqual(sample);
  });
});
