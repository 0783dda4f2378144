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
 * multimedia. The file's text outside streams is searched for the same names too, for objects the parser skipped.
 */
export async function checkPdf(data: Buffer): Promise<PdfProblem> {
  // Stream contents (compressed images, fonts) are left out: binary data can hold any byte sequence.
  const text = data.toString('latin1').replace(/\bstream\r?\n[\s\S]*?\bendstream\b/g, 'stream endstream');
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
