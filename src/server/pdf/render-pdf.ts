/**
 * The API's PDF renderer for outcome documents (an ETA, a permit, a rejection notice) in the reader's language.
 *
 * It lays documents out with Typst because names and texts come in every script: Typst shapes Arabic, orders
 * right-to-left and mixed-direction text (Unicode bidi) and falls back from font to font, which a PDF library
 * drawing glyphs one by one cannot. The fonts (Noto Sans, Amiri for Arabic, Noto Sans SC) come from npm packages,
 * so a fresh machine needs nothing else installed, and every PDF is tagged, with a title and a language, for
 * screen readers. The layout is `outcome.typ`; all content reaches it as JSON data, never as markup.
 *
 * Arabic is drawn with Amiri, whose dotted letters (ب ت ث ن ي ة ج ...) are each one glyph, so text copied out of the
 * PDF, searched, or read by poppler and pdf.js reads as written. Noto Sans Arabic (and Noto Naskh Arabic,
 * Scheherazade New) draw them as a base and separate dots, which those readers took for extra letters; DejaVu Sans
 * reads لا back as ال, and Cairo, Tajawal, Vazirmatn and IBM Plex Sans Arabic reorder ligatures (الله as هللا). What
 * is left: a vowel mark (tanween, damma) may be read out of its place, and pdf.js reads the الإ of الإلكتروني out
 * of order; the printed page is right (Typst writes no ActualText for such runs: typst/typst#4225).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import QRCode from 'qrcode';
import { FALLBACK_LANGUAGE } from '../../shared/languages';

/** What an outcome document says, already in the reader's language. */
export interface PdfContent {
  /** BCP 47 language tag, e.g. 'en', 'ar', 'zh', 'pt-BR'. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The document's title: the PDF's title and the main heading. */
  title: string;
  /** The department's name, printed in the letterhead. */
  issuer: string;
  /** A line under the title, e.g. the document number. */
  subtitle?: string;
  /** A badge beside the title, e.g. "Approved" (positive) or "Refused" (negative). */
  status?: { label: string; tone: 'positive' | 'negative' | 'neutral' };
  /** Holder and document details, printed as a two-column table. */
  fields: { label: string; value: string }[];
  /** Conditions, reasons, next steps, contact. */
  sections: { heading: string; paragraphs: string[]; items?: string[] }[];
  /** The seal: the QR code's content and the caption printed (and read out) with it. */
  seal: { text: string; caption: string };
  /** The line at the foot of every page, e.g. who issued the document, when, and where to verify it. */
  footer: string;
}

// The workspace is a directory that does not exist on disk: the document can read only the files given to it.
const WORKSPACE = '/outcome-document';
const TEMPLATE = readFileSync(new URL('./outcome.typ', import.meta.url), 'utf8');

const require = createRequire(import.meta.url);
const FONT_FILES: [pkg: string, files: string[]][] = [
  ['@expo-google-fonts/noto-sans', ['400Regular/NotoSans_400Regular.ttf', '700Bold/NotoSans_700Bold.ttf']],
  ['@expo-google-fonts/amiri', ['400Regular/Amiri_400Regular.ttf', '700Bold/Amiri_700Bold.ttf']],
  ['@expo-google-fonts/noto-sans-sc', ['400Regular/NotoSansSC_400Regular.ttf', '700Bold/NotoSansSC_700Bold.ttf']],
];

/** The font files' contents, read from their packages. */
function loadFonts(): Buffer[] {
  return FONT_FILES.flatMap(([pkg, files]) => {
    const folder = dirname(require.resolve(`${pkg}/package.json`));
    return files.map((file) => readFileSync(join(folder, file)));
  });
}

let compiler: NodeCompiler | undefined;

/** The one compiler of this process, made on first use: loading the fonts is the slow part. */
function typst(): NodeCompiler {
  compiler ??= NodeCompiler.create({ workspace: WORKSPACE, fontArgs: [{ fontBlobs: loadFonts() }] });
  return compiler;
}

interface Diagnostic {
  message?: string;
  hints?: string[];
}

/** Typst's diagnostics as lines of text. */
function describe(diagnostics: unknown): string {
  if (!Array.isArray(diagnostics) || diagnostics.length === 0) return 'unknown error';
  return (diagnostics as Diagnostic[])
    .map((diagnostic) =>
      [diagnostic.message ?? String(diagnostic), ...(diagnostic.hints ?? []).map((hint) => `hint: ${hint}`)].join(
        '\n  ',
      ),
    )
    .join('\n');
}

/**
 * Compiles a Typst document to a tagged PDF. `data` reaches it as JSON text in `sys.inputs.data`; `files` are
 * the only files it can read, by their path from the root (e.g. '/seal.png'). Throws an Error with Typst's
 * diagnostics when the document does not compile.
 */
export function compileTypstPdf(source: string, data: unknown, files: Record<string, Uint8Array> = {}): Uint8Array {
  const compiler = typst();
  const paths = Object.keys(files).map((name) => `${WORKSPACE}/${name.replace(/^\/+/, '')}`);
  // Compiling is synchronous, so no other render can see or replace these files in between.
  Object.values(files).forEach((content, index) => compiler.mapShadow(paths[index], Buffer.from(content)));
  try {
    const result = compiler.compile({ mainFileContent: source, inputs: { data: JSON.stringify(data) } });
    const error = result.takeError();
    if (error || !result.result) {
      throw new Error(`The PDF could not be laid out:\n${describe(error?.shortDiagnostics)}`);
    }
    return new Uint8Array(compiler.pdf(result.result, { pdfTags: true }));
  } finally {
    for (const path of paths) compiler.unmapShadow(path);
    // Drops what this document alone used (its data, its seal) while keeping the fonts' work.
    compiler.evictCache(10);
  }
}

/** Typst's language and region from a BCP 47 tag ('pt-BR' -> pt, BR); English when the tag has no language. */
function typstLanguage(tag: string): { lang: string; region: string | null } {
  const [language = '', ...rest] = tag.trim().split(/[-_]/);
  const region = rest.find((part) => /^([a-z]{2}|\d{3})$/i.test(part));
  return {
    lang: /^[a-z]{2,3}$/i.test(language) ? language.toLowerCase() : FALLBACK_LANGUAGE,
    region: region && /^[a-z]{2}$/i.test(region) ? region.toUpperCase() : null,
  };
}

/** The quiet zone around the seal's QR code, in modules (the four its specification asks for). */
const SEAL_QUIET_ZONE = 4;
/** The seal's printed width: 45 mm, or wider for a code with many modules, so that none is under 0.45 mm. */
const SEAL_WIDTH_MM = 45;
const SEAL_MIN_MODULE_MM = 0.45;

/** How wide the seal's QR code (quiet zone included) is printed, in millimetres, for `text`. */
export function sealWidthMm(text: string): number {
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size + 2 * SEAL_QUIET_ZONE;
  return Math.max(SEAL_WIDTH_MM, modules * SEAL_MIN_MODULE_MM);
}

/** Renders an outcome document (ETA, permit, rejection notice) as a tagged A4 PDF. */
export async function renderOutcomePdf(content: PdfContent): Promise<Uint8Array> {
  const seal = await QRCode.toBuffer(content.seal.text, {
    errorCorrectionLevel: 'M',
    margin: SEAL_QUIET_ZONE,
    scale: 8,
  });
  const data = {
    ...typstLanguage(content.lang),
    dir: content.dir === 'rtl' ? 'rtl' : 'ltr',
    title: content.title,
    issuer: content.issuer,
    subtitle: content.subtitle ?? null,
    status: content.status ?? null,
    fields: content.fields,
    sections: content.sections.map((section) => ({ ...section, items: section.items ?? [] })),
    seal: { caption: content.seal.caption, width: sealWidthMm(content.seal.text) },
    footer: content.footer,
  };
  return compileTypstPdf(TEMPLATE, data, { 'seal.png': seal });
}
