import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { compileTypstPdf, renderOutcomePdf, type PdfContent } from './render-pdf';
import { NAMES, sampleEta, sampleRejection } from './testing/sample-documents';

interface StructNode {
  role?: string;
  alt?: string;
  children?: StructNode[];
}

/** The PDF as pdfjs reads it: metadata, tagging, the first page's text items, images and structure. */
async function readPdf(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const page = await doc.getPage(1);
  const items = (await page.getTextContent()).items.filter((item): item is TextItem => 'str' in item);
  const operators = await page.getOperatorList();
  const result = {
    pages: doc.numPages,
    info: (await doc.getMetadata()).info as Record<string, unknown>,
    markInfo: await doc.getMarkInfo(),
    items,
    images: operators.fnArray.filter((op) => op === OPS.paintImageXObject).length,
    structure: (await page.getStructTree()) as StructNode | null,
  };
  await doc.destroy();
  return result;
}

/** The text items on the same line as the first item that contains `text`, left to right, blanks left out. */
function lineWith(items: TextItem[], text: string): TextItem[] {
  const anchor = items.find((item) => item.str.includes(text));
  if (!anchor) return [];
  return (
    items
      // Arabic is set a little larger (Amiri draws small), so its baseline sits up to a few points lower.
      .filter((item) => item.str.trim() !== '' && Math.abs(item.transform[5] - anchor.transform[5]) < 4)
      .sort((a, b) => a.transform[4] - b.transform[4])
  );
}

function nodes(node: StructNode | null): StructNode[] {
  return node ? [node, ...(node.children ?? []).flatMap(nodes)] : [];
}

const ROW_LABELS = ['Latin', 'Cyrillic', 'Arabic', 'Chinese'] as const;

/** A sample ETA whose first rows hold the four names, each under a one-word label. */
function withNames(lang: 'en' | 'ar' | 'zh'): PdfContent {
  const content = sampleEta(lang);
  const names = [NAMES.latin, NAMES.cyrillic, NAMES.arabic, NAMES.chinese];
  return { ...content, fields: [...names.map((value, i) => ({ label: ROW_LABELS[i], value })), ...content.fields] };
}

describe('renderOutcomePdf', () => {
  // pdfjs reports the runs of a line left to right, each run's letters in reading order. Arabic is drawn with
  // Amiri, whose dotted letters (ب ت ث ن ي ج) are single glyphs: read back, a name has no stray letter for a dot.
  it.each([
    ['en', 'ltr'],
    ['ar', 'rtl'],
    ['zh', 'ltr'],
  ] as const)('prints names in every script on a %s page', async (lang, dir) => {
    const content = withNames(lang);
    expect(content.dir).toBe(dir);
    const { items } = await readPdf(await renderOutcomePdf(content));
    const line = (label: string) => lineWith(items, label).map((item) => item.str.normalize('NFKC'));

    const labelFirst = dir === 'ltr';
    const expectRow = (label: string, value: string[]) =>
      expect(line(label)).toEqual(labelFirst ? [label, ...value] : [...value, label]);
    expectRow('Latin', [NAMES.latin]);
    expectRow('Cyrillic', [NAMES.cyrillic]);
    expectRow('Chinese', [NAMES.chinese]);
    // محمد عبد الله: read right to left, so الله is leftmost.
    expectRow('Arabic', ['الله', 'عبد', 'محمد']);
  });

  it('reads Arabic back out of the PDF as written: no extra letter for the dots of ب ت ث ن ي ج', async () => {
    const dotted = 'ثابت بن نجيب يحيى التجاني';
    for (const lang of ['en', 'ar'] as const) {
      const content = sampleEta(lang);
      content.fields = [{ label: 'Dotted', value: dotted }, ...content.fields];
      const { items } = await readPdf(await renderOutcomePdf(content));
      const words = lineWith(items, 'Dotted')
        .map((item) => item.str)
        .filter((word) => word !== 'Dotted');
      // Left to right: the last word first.
      expect(words).toEqual(dotted.split(' ').reverse());
    }
  });

  it('prints the seal with its quiet zone at least 0.4 mm a module, a long seal of earlier documents too', async () => {
    for (const length of [300, 900]) {
      const content = sampleEta('en');
      content.seal = { ...content.seal, text: 'x'.repeat(length) };
      const bytes = await renderOutcomePdf(content);
      const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
      const operators = await (await doc.getPage(1)).getOperatorList();
      await doc.destroy();
      // The image is drawn in the unit square scaled by the transform set just before it: its width in points.
      const at = operators.fnArray.indexOf(OPS.paintImageXObject);
      const transforms = operators.fnArray
        .map((op, i) => ({ op, i }))
        .filter(({ op, i }) => op === OPS.transform && i < at);
      const width = (operators.argsArray[transforms.at(-1)!.i] as number[])[0];
      const modules = QRCode.create('x'.repeat(length), { errorCorrectionLevel: 'M' }).modules.size + 8;
      const mmPerModule = ((width / 72) * 25.4) / modules;
      expect(mmPerModule).toBeGreaterThanOrEqual(0.4);
      expect((width / 72) * 25.4).toBeGreaterThanOrEqual(44);
    }
  });

  it('mirrors the details table on a right-to-left page', async () => {
    for (const [lang, labelOnTheLeft] of [
      ['en', true],
      ['ar', false],
    ] as const) {
      const { items } = await readPdf(await renderOutcomePdf(withNames(lang)));
      const [first, last] = [lineWith(items, 'Latin')[0], lineWith(items, 'Latin').at(-1)];
      expect(first?.str === 'Latin').toBe(labelOnTheLeft);
      expect(last?.str === 'Latin').toBe(!labelOnTheLeft);
    }
  });

  it('keeps dates and addresses in their order inside Arabic text', async () => {
    const { items } = await readPdf(await renderOutcomePdf(sampleEta('ar')));
    const footer = lineWith(items, 'https://').map((item) => item.str);
    // Left to right: the page number, then the footer's last words (the address), ... its first word.
    expect(footer.slice(0, 5)).toEqual(['1', '/', '1', 'https://eta.example.gov/verify', 'على']);
    expect(footer.at(-1)).toBe('صادر');
    // "... في 2026-11-24." : the date reads left to right, the full stop that follows it is on its left.
    expect(footer.indexOf('.')).toBe(footer.indexOf('2026-11-24') - 1);
  });

  it('titles, tags and labels the language of the PDF', async () => {
    for (const lang of ['en', 'ar', 'zh'] as const) {
      const content = sampleRejection(lang);
      const pdf = await readPdf(await renderOutcomePdf(content));
      expect(pdf.info.Title).toBe(content.title);
      expect(pdf.info.Language).toBe(lang);
      expect(pdf.markInfo?.Marked).toBe(true);
      expect(pdf.pages).toBe(1);
      const roles = nodes(pdf.structure).map((node) => node.role);
      expect(roles).toContain('H1');
      expect(roles.filter((role) => role === 'H2')).toHaveLength(content.sections.length);
      expect(roles).toContain('Table');
    }
  });

  it.each([
    ['pt-BR', 'pt-BR'],
    ['zh-Hans-CN', 'zh-CN'],
    ['es-419', 'es'],
    ['not a language', 'en'],
  ])('gives the PDF the language of the tag %s', async (tag, language) => {
    const pdf = await readPdf(await renderOutcomePdf({ ...sampleEta('en'), lang: tag }));
    expect(pdf.info.Language).toBe(language);
  });

  it('draws the seal as one QR code image whose alternative text is the caption', async () => {
    const content = sampleEta('en');
    const pdf = await readPdf(await renderOutcomePdf(content));
    expect(pdf.images).toBe(1);
    const figures = nodes(pdf.structure).filter((node) => node.role === 'Figure');
    expect(figures.map((figure) => figure.alt)).toEqual([content.seal.caption]);
  });

  it('prints text that looks like Typst markup as it is written', async () => {
    const tricky = '#panic("x") *bold* _it_ $x$ ] [ \\ <l> @r // c';
    const content = sampleEta('en');
    content.title = '#set page(width: 1cm)';
    content.fields = [{ label: 'Name', value: tricky }];
    content.sections = [{ heading: '= Not a heading', paragraphs: ['`raw` #{1+1}'], items: ['- ]'] }];
    const { items, info, pages } = await readPdf(await renderOutcomePdf(content));
    const text = items.map((item) => item.str).join('');
    expect(info.Title).toBe(content.title);
    expect(pages).toBe(1);
    expect(text).toContain(tricky);
    expect(text).toContain('#set page(width: 1cm)');
    expect(text).toContain('= Not a heading');
    expect(text).toContain('`raw` #{1+1}');
    expect(text).toContain('- ]');
  });

  it('renders a document without status, subtitle, details or list items', async () => {
    const { status: _status, subtitle: _subtitle, ...content } = sampleEta('zh');
    const { items, images } = await readPdf(
      await renderOutcomePdf({ ...content, fields: [], sections: [{ heading: '说明', paragraphs: ['无'] }] }),
    );
    expect(items.map((item) => item.str)).toContain('说明');
    expect(images).toBe(1);
  });
});

describe('compileTypstPdf', () => {
  it('throws with Typst’s diagnostics when the document does not compile', () => {
    expect(() => compileTypstPdf('#panic("no layout")', {})).toThrow(/panicked with: "no layout"/);
    expect(() => compileTypstPdf('#image("/missing.png")', {})).toThrow(/file not found/);
  });

  it('reads its data as JSON and only the files it is given', async () => {
    const pdf = compileTypstPdf(
      '#let d = json(bytes(sys.inputs.data))\n#d.greeting #read("/note.txt")',
      {
        greeting: 'Здравствуйте',
      },
      { 'note.txt': new TextEncoder().encode('note') },
    );
    const { items } = await readPdf(pdf);
    expect(items.map((item) => item.str).join('')).toBe('Здравствуйте note');
    expect(() => compileTypstPdf('#read("/note.txt")', {})).toThrow(/file not found/);
  });
});
