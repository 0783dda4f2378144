import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { crc32, createDeflate } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { inLanguage, type Caller } from '../../applications/testing/client';

/** Files for the documents' tests, made here rather than kept as binaries, and multipart calls to send them. */

/** A small valid one-page PDF. */
export async function pdfFile(text = 'Bank statement'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}

/** A PDF that runs JavaScript when opened (an /OpenAction of type /JavaScript). */
export async function pdfWithJavaScript(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]);
  const action = document.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
  // Object streams would hide the action from a plain text search: the parsed graph must find it anyway.
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

/** A PDF with a file attached to it. */
export async function pdfWithAttachment(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]);
  await document.attach(Buffer.from('MZ payload'), 'tool.exe', { mimeType: 'application/octet-stream' });
  return Buffer.from(await document.save());
}

/**
 * A minimal PDF encrypted with the standard security handler (written by hand: pdf-lib cannot encrypt). The
 * /Encrypt dictionary in the trailer is what marks it; the contents are never decrypted.
 */
export function encryptedPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>',
    `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <${'a1'.repeat(32)}> /U <${'b2'.repeat(32)}> >>`,
  ];
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = randomBytes(16).toString('hex');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${id}> <${id}>] >>\n`;
  body += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A JPEG photo carrying EXIF metadata (camera make and a GPS-like comment). */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'Spy 3000', ImageDescription: 'Home at 51.5N 0.12W' } })
    .toBuffer();
}

/** A small PNG. */
export function pngFile(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 0, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

/**
 * A decompression bomb: a valid single-colour (greyscale) 20000x20000 PNG, about 400 kB on disk and 400 million
 * pixels once decoded. Written chunk by chunk with zlib, as building it with an image library would first
 * hold all those pixels in memory.
 */
export async function pngBomb(size = 20000): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter method, no interlace
  // Every row: filter byte 0 and `size` black pixels, compressed as one stream.
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (data: Buffer) => parts.push(data));
  const finished = once(deflate, 'end');
  const row = Buffer.alloc(size + 1);
  for (let y = 0; y < size; y += 1) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await finished;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ELF executable's first bytes, as a renamed program would start. */
export const elfFile = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(256)]);
/** A Windows executable's first bytes. */
export const mzFile = () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(256)]);

/** The 68-byte EICAR anti-virus test file (built in halves so that this file is not reported itself). */
export const eicarFile = () =>
  Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$' + 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*', 'latin1');

/** A multipart/form-data body with one part per entry. */
export function multipartBody(parts: { field: string; fileName?: string; contentType?: string; data: Buffer }[]) {
  const boundary = `----eta${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.field}"`
        : `form-data; name="${part.field}"; filename="${part.fileName}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends one file as the part `file` (POST upload or PUT replace). */
export function sendFile(
  app: FastifyInstance,
  caller: Caller | undefined,
  method: 'POST' | 'PUT',
  url: string,
  data: Buffer,
  fileName = 'document.pdf',
  lang?: string,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody([{ field: 'file', fileName, data }]);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (caller) headers.authorization = `Bearer ${caller.token}`;
  if (lang) headers['accept-language'] = lang;
  return inLanguage(app, caller, lang, () => app.inject({ method, url, headers, payload }));
}
