import { constants, createInflate } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';

/** Why a PDF is refused, or undefined when it may be kept. */
export type PdfProblem = 'PASSWORD_PROTECTED' | 'ACTIVE_CONTENT' | 'UNREADABLE' | undefined;

/**
 * Dictionary keys that make a PDF act rather than show: scripts, actions run on opening or on events,
 * programs to launch, embedded files and multimedia, XML forms (which carry scripts).
 */
const ACTIVE_KEYS = new Set([
  'JavaScript',
  'JS',
  'AA',
  'Launch',
  'EmbeddedFiles',
  'EmbeddedFile',
  'EF',
  'RichMedia',
  'RichMediaContent',
  'XFA',
]);
/** Action types (`/S`) that run something or send data away. */
const ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch', 'RichMediaExecute', 'ImportData', 'SubmitForm', 'Rendition']);

/** The same names written in the file's text, as a second net for objects the parser could not read. */
const ACTIVE_TEXT = /\/(?:JavaScript|JS|AA|Launch|EmbeddedFiles?|RichMedia|XFA)(?![A-Za-z0-9#_.-])/;
const ENCRYPT_TEXT = /\/Encrypt(?![A-Za-z0-9#_.-])/;

/**
 * What a PDF's Flate streams may inflate to, all together: beyond it the file is a decompression bomb for whoever
 * opens it. Object streams, which the parser below inflates itself (in JavaScript, holding the event loop), hold
 * only dictionaries and get a much smaller allowance.
 */
export const MAX_PDF_INFLATED_BYTES = 128 * 1024 * 1024;
export const MAX_PDF_OBJECT_STREAM_BYTES = 8 * 1024 * 1024;

const STREAM_START = /\bstream\r?\n/g;

/**
 * How many bytes Flate data inflates to, counted off the main thread without keeping them, or 'over' as soon as
 * it passes `limit`. A truncated or broken stream counts what it gave up to the break, as a lenient reader would.
 */
function inflatedLength(input: Buffer, limit: number): Promise<number | 'over'> {
  const inflater = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
  let length = 0;
  return new Promise((resolve) => {
    inflater.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflater.destroy();
        resolve('over');
      }
    });
    inflater.on('error', () => resolve(length));
    inflater.on('end', () => resolve(length));
    inflater.end(input);
  });
}

/** True when the file's Flate streams, found in its text, inflate to more than the allowances. */
async function inflatesTooFar(data: Buffer, text: string): Promise<boolean> {
  let total = 0;
  let objectStreams = 0;
  let previousEnd = 0;
  for (const match of text.matchAll(STREAM_START)) {
    const start = match.index + match[0].length;
    if (start < previousEnd) continue;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    previousEnd = end;
    const dictionary = text.slice(Math.max(0, text.lastIndexOf(' obj', match.index)), match.index);
    if (!/\/FlateDecode\b/.test(dictionary)) continue;
    const isObjectStream = /\/Type\s*\/ObjStm\b/.test(dictionary);
    const allowance = isObjectStream
      ? Math.min(MAX_PDF_OBJECT_STREAM_BYTES - objectStreams, MAX_PDF_INFLATED_BYTES - total)
      : MAX_PDF_INFLATED_BYTES - total;
    const length = await inflatedLength(data.subarray(start, end), allowance);
    if (length === 'over') return true;
    total += length;
    if (isObjectStream) objectStreams += length;
  }
  return false;
}

const nameOf = (value: PDFObject | undefined): string | undefined =>
  value instanceof PDFName ? value.decodeText() : undefined;

/** True when a dictionary (or the dictionary of a stream) is active content. */
function isActive(object: PDFObject): boolean {
  const dict = object instanceof PDFStream ? object.dict : object;
  if (!(dict instanceof PDFDict)) return false;
  for (const [key, value] of dict.entries()) {
    const name = key.decodeText();
    if (ACTIVE_KEYS.has(name)) return true;
    if (name === 'S' && ACTIVE_ACTIONS.has(nameOf(value) ?? '')) return true;
    if (name === 'Type' && nameOf(value) === 'EmbeddedFile') return true;
    // Direct (not referenced) dictionaries and arrays inside this one are not in the object table.
    if ((value instanceof PDFDict || value instanceof PDFArray) && containsActive(value)) return true;
  }
  return false;
}

function containsActive(value: PDFDict | PDFArray): boolean {
  if (value instanceof PDFDict) return isActive(value);
  for (let i = 0; i < value.size(); i += 1) {
    const item = value.get(i);
    if ((item instanceof PDFDict || item instanceof PDFArray) && containsActive(item)) return true;
  }
  return false;
}

/**
 * Checks a file that starts like a PDF: it must parse with at least one page, must not be encrypted, and no
 * object of its graph (every indirect object, including those packed in object streams, the trailer and the
 * dictionaries nested in them) may carry scripts, launch actions, event actions, embedded files or
 * multimedia. The file's text outside streams is searched for the same names too, for objects the parser
 * skipped. First of all, its streams must not inflate beyond the allowances above (a decompression bomb).
 */
export async function checkPdf(data: Buffer): Promise<PdfProblem> {
  // Stream contents (compressed images, fonts) are left out: binary data can hold any byte sequence.
  const raw = data.toString('latin1');
  // Before parsing: the parser would inflate a bombed object stream itself.
  if (await inflatesTooFar(data, raw)) return 'UNREADABLE';
  const text = raw.replace(/\bstream\r?\n[\s\S]*?\bendstream\b/g, 'stream endstream');
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return ENCRYPT_TEXT.test(text) ? 'PASSWORD_PROTECTED' : 'UNREADABLE';
  }
  const { context } = document;
  if (document.isEncrypted || context.trailerInfo.Encrypt || ENCRYPT_TEXT.test(text)) return 'PASSWORD_PROTECTED';
  const roots: PDFObject[] = [context.trailerInfo.Root, context.trailerInfo.Info].filter(
    (value): value is PDFObject => value !== undefined,
  );
  const objects = [...context.enumerateIndirectObjects().map(([, object]) => object), ...roots];
  if (objects.some(isActive) || ACTIVE_TEXT.test(text)) return 'ACTIVE_CONTENT';
  try {
    if (document.getPageCount() < 1) return 'UNREADABLE';
  } catch {
    return 'UNREADABLE';
  }
  return undefined;
}
