import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DOCUMENT_ERRORS, type DocumentContentType, type DocumentErrorCode } from '../../shared/contract';
import type { PdfProblem } from './pdf-checks';
import type { VirusScanner } from './virus-scan';

/** Images larger than this many pixels are refused before they are decoded (decompression bombs). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** A file that passed every check: the bytes to store (images re-encoded) and what was found. */
export interface AcceptedFile {
  data: Buffer;
  contentType: DocumentContentType;
  sha256: string;
}

export type FileCheck = { ok: true; file: AcceptedFile } | { ok: false; code: DocumentErrorCode };

const refuse = (code: DocumentErrorCode): FileCheck => ({ ok: false, code });

/**
 * Re-encodes an image in its own format, which decodes every pixel (a file that only looks like an image
 * fails) and drops its metadata (location, camera, thumbnails); the orientation is applied first so that the
 * picture still shows the right way up without its EXIF tag.
 */
async function reencode(data: Buffer, type: 'image/jpeg' | 'image/png'): Promise<Buffer | 'TOO_MANY_PIXELS'> {
  const metadata = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  if (!metadata.width || !metadata.height) throw new Error('no image size');
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) return 'TOO_MANY_PIXELS';
  const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  return type === 'image/jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}

/**
 * Decides from the content alone whether a file may be kept, in this order: present, not empty, not too big,
 * no virus (before the type, so that a virus is named as such whatever it looks like), a PDF, JPEG or PNG by
 * its magic bytes (never its name or the browser's type), then a PDF must pass `checkPdf` (pdf-checks.ts: it
 * parses unencrypted, without active content, within the page and decoding limits), and an image must decode
 * within the pixel limit and is re-encoded.
 */
export async function checkFile(
  data: Buffer | undefined,
  options: { maxBytes: number; scanner: VirusScanner; checkPdf: (data: Buffer) => Promise<PdfProblem> },
): Promise<FileCheck> {
  if (data === undefined) return refuse(DOCUMENT_ERRORS.fileMissing);
  if (data.length === 0) return refuse(DOCUMENT_ERRORS.empty);
  if (data.length > options.maxBytes) return refuse(DOCUMENT_ERRORS.tooBig);
  const scan = await options.scanner.scan(data);
  if (!scan.clean) return refuse(DOCUMENT_ERRORS.virus);

  const detected = (await fileTypeFromBuffer(data))?.mime;
  let stored: Buffer;
  let contentType: DocumentContentType;
  if (detected === 'application/pdf') {
    const problem = await options.checkPdf(data);
    if (problem === 'PASSWORD_PROTECTED') return refuse(DOCUMENT_ERRORS.passwordProtected);
    if (problem === 'ACTIVE_CONTENT') return refuse(DOCUMENT_ERRORS.activeContent);
    if (problem === 'TOO_MANY_PAGES') return refuse(DOCUMENT_ERRORS.tooManyPages);
    if (problem === 'UNREADABLE') return refuse(DOCUMENT_ERRORS.unreadable);
    stored = data;
    contentType = 'application/pdf';
  } else if (detected === 'image/jpeg' || detected === 'image/png') {
    let encoded: Buffer | 'TOO_MANY_PIXELS';
    try {
      encoded = await reencode(data, detected);
    } catch {
      return refuse(DOCUMENT_ERRORS.unreadable);
    }
    if (encoded === 'TOO_MANY_PIXELS') return refuse(DOCUMENT_ERRORS.unreadable);
    stored = encoded;
    contentType = detected;
  } else {
    return refuse(DOCUMENT_ERRORS.wrongType);
  }
  return {
    ok: true,
    file: { data: stored, contentType, sha256: createHash('sha256').update(stored).digest('hex') },
  };
}

/** Control and format characters (including right-to-left overrides that disguise an extension). */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u2028\u2029]/gu;
export const MAX_FILE_NAME_LENGTH = 200;

/**
 * The name a file was chosen with, kept only as text to show: no folders (either separator), no control or
 * invisible characters, spaces collapsed, at most MAX_FILE_NAME_LENGTH characters; "document" when nothing is left.
 */
export function displayFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  const bounded = [...cleaned].slice(0, MAX_FILE_NAME_LENGTH).join('').trim();
  return bounded === '' || bounded === '.' || bounded === '..' ? 'document' : bounded;
}

const EXTENSIONS: Record<DocumentContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** The name a download is saved under, chosen by the server: the type and the start of the identifier. */
export function downloadName(documentType: string, documentId: string, contentType: string): string {
  const extension = EXTENSIONS[contentType as DocumentContentType] ?? 'bin';
  return `${documentType.toLowerCase().replace(/_/g, '-')}-${documentId.slice(0, 8)}.${extension}`;
}
