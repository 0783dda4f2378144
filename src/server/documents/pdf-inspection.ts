import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFObjectStreamParser,
  PDFParser,
  PDFRawStream,
  PDFStream,
  PDFXRefStreamParser,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';
import { DECODABLE_FILTERS, DecodeBudget, decodeStream, OverBudget, type Filter } from './pdf-decode';

/**
 * What is checked of an uploaded PDF, run in a worker thread with time and memory limits (pdf-inspector.ts): the
 * parse, the expansion of every stream through every filter and layer against one budget, active content and the
 * page count. Nothing here runs on the server's main thread.
 */

/** Why a PDF is refused, or undefined when it may be kept. */
export type PdfProblem = 'PASSWORD_PROTECTED' | 'ACTIVE_CONTENT' | 'UNREADABLE' | 'TOO_MANY_PAGES' | undefined;

export interface PdfLimits {
  /** Bytes all streams of the file may decode to, every layer of every filter counted. */
  decodedBytes: number;
  /** Of those, bytes its object streams (and cross-reference streams) may decode to: their objects are parsed. */
  objectStreamBytes: number;
  /** Pages at most. */
  pages: number;
  /** Pixels an image of the file may declare (width x height), as for uploaded pictures. */
  imagePixels: number;
}

/** 500 pages; 128 MiB decoded in all, 8 MiB of it in object streams; images of at most 50 million pixels. */
export const PDF_LIMITS: PdfLimits = {
  decodedBytes: 128 * 1024 * 1024,
  objectStreamBytes: 8 * 1024 * 1024,
  pages: 500,
  imagePixels: 50_000_000,
};

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
/**
 * Action types (`/S`), whether opening the file runs them (`/OpenAction`) or a click does (a link's `/A`): those
 * that run something, send data away, open an address on the internet or another file (a UNC path on Windows sends
 * the reader's credentials), or play media.
 */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'URI',
  'GoToR',
  'GoToE',
  'Thread',
  'SubmitForm',
  'ImportData',
  'RichMediaExecute',
  'Rendition',
  'Sound',
  'Movie',
]);

/** The same names written in the file's text, as a second net for objects the parser could not read. */
const ACTIVE_TEXT =
  /\/(?:JavaScript|JS|AA|Launch|EmbeddedFiles?|RichMedia|XFA)(?![A-Za-z0-9#_.-])|\/S\s*\/(?:URI|GoToR|GoToE|SubmitForm|ImportData)(?![A-Za-z0-9#_.-])/;
const ENCRYPT_TEXT = /\/Encrypt(?![A-Za-z0-9#_.-])/;

/** The file's text outside stream contents, its names' `#xx` escapes read, for the nets above. */
function textOutsideStreams(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    .toString('latin1')
    .replace(/\bstream\r?\n[\s\S]*?\bendstream\b/g, 'stream endstream')
    .replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
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

/** A stream's filters as a reader applies them: a name or an array of names, with LZW's EarlyChange. */
function filtersOf(dict: PDFDict): Filter[] {
  const { context } = dict;
  const filter = dict.lookup(PDFName.of('Filter'));
  const params = dict.lookup(PDFName.of('DecodeParms'));
  const names: (PDFObject | undefined)[] =
    filter instanceof PDFName
      ? [filter]
      : filter instanceof PDFArray
        ? filter.asArray().map((item) => context.lookup(item))
        : [];
  return names.map((name, index) => {
    const own = params instanceof PDFArray ? context.lookup(params.get(index)) : params;
    const earlyChange = own instanceof PDFDict ? own.lookup(PDFName.of('EarlyChange')) : undefined;
    return {
      // A filter that is not a name stops the chain, as it stops a reader.
      name: nameOf(name) ?? '',
      ...(earlyChange instanceof PDFNumber ? { earlyChange: earlyChange.asNumber() } : {}),
    };
  });
}

/** The raw streams the parser would decode itself as it reads the file, left for the budget to decode first. */
interface DeferredStreams {
  objectStreams: PDFRawStream[];
  crossReferenceStreams: PDFRawStream[];
}

type ObjectStreamParserFactory = typeof PDFObjectStreamParser.forStream;
type XRefStreamParserFactory = typeof PDFXRefStreamParser.forStream;
const parseObjectStream: ObjectStreamParserFactory = PDFObjectStreamParser.forStream;
const parseXRefStream: XRefStreamParserFactory = PDFXRefStreamParser.forStream;

/**
 * Parses the file's objects with pdf-lib, except that object streams and cross-reference streams are set aside
 * undecoded: pdf-lib would otherwise expand them itself as it reads them, without limit. A cross-reference
 * stream's dictionary still names the trailer's entries (Root, Encrypt, Info), as pdf-lib reads them.
 */
async function parseDeferringStreams(data: Uint8Array): Promise<{ context: PDFContext } & DeferredStreams> {
  const deferred: DeferredStreams = { objectStreams: [], crossReferenceStreams: [] };
  const objectStreams = PDFObjectStreamParser as { forStream: unknown };
  const crossReferenceStreams = PDFXRefStreamParser as { forStream: unknown };
  objectStreams.forStream = (raw: PDFRawStream) => ({
    parseIntoContext: async () => {
      deferred.objectStreams.push(raw);
    },
  });
  crossReferenceStreams.forStream = (raw: PDFRawStream) => ({
    parseIntoContext: () => {
      const get = (key: string) => raw.dict.get(PDFName.of(key));
      raw.dict.context.trailerInfo = { Root: get('Root'), Encrypt: get('Encrypt'), Info: get('Info'), ID: get('ID') };
      deferred.crossReferenceStreams.push(raw);
      return [];
    },
  });
  try {
    const context = await PDFParser.forBytesWithOptions(data, Infinity, false, false).parseDocument();
    return { context, ...deferred };
  } finally {
    objectStreams.forStream = parseObjectStream;
    crossReferenceStreams.forStream = parseXRefStream;
  }
}

/** Reads an object stream's objects into the context from its contents, decoded within the budgets. */
async function readObjectStream(raw: PDFRawStream, budgets: DecodeBudget[]): Promise<void> {
  const filters = filtersOf(raw.dict);
  const decoded = await decodeStream(raw.contents, filters, budgets, true);
  // A filter no reader expands without an image codec: pdf-lib cannot read these objects either.
  if (filters.some((filter) => !DECODABLE_FILTERS.has(filter.name))) return;
  const dict = raw.dict.clone();
  dict.delete(PDFName.of('Filter'));
  dict.delete(PDFName.of('DecodeParms'));
  try {
    await parseObjectStream(PDFRawStream.of(dict, decoded)).parseIntoContext();
  } catch {
    // An object stream pdf-lib cannot read is skipped, as it skips it in a file it loads.
  }
}

type PageCount = number | 'BROKEN';

/**
 * The number of pages the page tree reaches (a page referenced twice counts twice, as readers show it twice),
 * counted no further than `limit + 1`; 'BROKEN' for a tree that loops, goes deeper than any real one or makes the
 * walk visit many nodes for few pages.
 */
function countPages(context: PDFContext, root: PDFObject | undefined, limit: number): PageCount {
  const catalog = context.lookup(root);
  const top = catalog instanceof PDFDict ? catalog.lookup(PDFName.of('Pages')) : undefined;
  if (!(top instanceof PDFDict)) return 'BROKEN';
  let pages = 0;
  let visits = 0;
  const ancestors = new Set<PDFDict>();
  const walk = (node: PDFDict, depth: number): boolean => {
    visits += 1;
    if (depth > 64 || visits > limit * 20 || ancestors.has(node)) return false;
    const kids = node.lookup(PDFName.of('Kids'));
    if (!(kids instanceof PDFArray)) {
      pages += 1;
      return true;
    }
    ancestors.add(node);
    for (let i = 0; i < kids.size() && pages <= limit; i += 1) {
      const kid = context.lookup(kids.get(i));
      if (kid instanceof PDFDict && !walk(kid, depth + 1)) return false;
    }
    ancestors.delete(node);
    return true;
  };
  return walk(top, 0) ? pages : 'BROKEN';
}

/** True when an image of the file declares more pixels than allowed. */
function isHugeImage(stream: PDFRawStream, limit: number): boolean {
  const { dict } = stream;
  if (nameOf(dict.lookup(PDFName.of('Subtype'))) !== 'Image') return false;
  const width = dict.lookup(PDFName.of('Width'));
  const height = dict.lookup(PDFName.of('Height'));
  return width instanceof PDFNumber && height instanceof PDFNumber && width.asNumber() * height.asNumber() > limit;
}

/**
 * Checks a file that starts like a PDF, in this order: it must parse, and must not be encrypted; its object
 * streams must decode within their allowance (their objects are read from what they decode to); no object of its
 * graph (every indirect object, those packed in object streams, the trailer and the dictionaries nested in them)
 * may carry scripts, actions that open addresses or other files, launch, submit or play anything, event actions,
 * embedded files or multimedia (the file's text outside streams, its names' escapes read, is searched for the same
 * names too, for objects the parser skipped); it must have between 1 and `limits.pages` pages; no image may
 * declare more pixels than allowed; and all its streams together, every layer of every filter counted, must decode
 * within `limits.decodedBytes` (a decompression bomb is refused as UNREADABLE, having expanded no further than that).
 */
export async function inspectPdf(data: Uint8Array, limits: PdfLimits = PDF_LIMITS): Promise<PdfProblem> {
  const text = textOutsideStreams(data);
  let parsed: Awaited<ReturnType<typeof parseDeferringStreams>>;
  try {
    parsed = await parseDeferringStreams(data);
  } catch {
    return ENCRYPT_TEXT.test(text) ? 'PASSWORD_PROTECTED' : 'UNREADABLE';
  }
  const { context } = parsed;
  if (context.trailerInfo.Encrypt || ENCRYPT_TEXT.test(text)) return 'PASSWORD_PROTECTED';

  const total = new DecodeBudget(limits.decodedBytes);
  const inObjectStreams = new DecodeBudget(limits.objectStreamBytes);
  // The objects as parsed at the top level: an object stream may give another object the same number.
  const topLevel = context.enumerateIndirectObjects().map(([, object]) => object);
  try {
    for (const raw of parsed.objectStreams) await readObjectStream(raw, [total, inObjectStreams]);
    for (const raw of parsed.crossReferenceStreams)
      await decodeStream(raw.contents, filtersOf(raw.dict), [total, inObjectStreams]);
  } catch (error) {
    if (error instanceof OverBudget) return 'UNREADABLE';
    throw error;
  }

  const roots = [context.trailerInfo.Root, context.trailerInfo.Info].filter(
    (value): value is PDFObject => value !== undefined,
  );
  const objects = [...topLevel, ...context.enumerateIndirectObjects().map(([, object]) => object), ...roots];
  if (objects.some(isActive) || ACTIVE_TEXT.test(text)) return 'ACTIVE_CONTENT';

  const pages = countPages(context, context.trailerInfo.Root, limits.pages);
  if (pages === 'BROKEN' || pages < 1) return 'UNREADABLE';
  if (pages > limits.pages) return 'TOO_MANY_PAGES';

  const streams = new Set(objects.filter((object): object is PDFRawStream => object instanceof PDFRawStream));
  if ([...streams].some((stream) => isHugeImage(stream, limits.imagePixels))) return 'UNREADABLE';
  try {
    for (const stream of streams) await decodeStream(stream.contents, filtersOf(stream.dict), [total]);
  } catch (error) {
    if (error instanceof OverBudget) return 'UNREADABLE';
    throw error;
  }
  return undefined;
}
