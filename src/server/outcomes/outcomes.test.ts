import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase64Url, parseSeal, verifySeal } from '../../shared/seal/seal';
import {
  inLanguage,
  signIn,
  validApplicationForm,
  validDeclarations,
  type Caller,
} from '../applications/testing/client';
import { decideAll, submitWith } from '../decisions/testing/client';
import { holderInitials } from '../seal/public';
import { buildTestApp, databases } from '../testing/harness';
import { documentFileName } from '../../shared/document-file-name';

process.env.DECISION_POLL_SECONDS = '0';

/** The text of every page of a PDF, items joined by spaces. */
async function pdfText(bytes: Buffer): Promise<{ text: string; title: unknown; marked: boolean }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    parts.push(
      ...(await page.getTextContent()).items.filter((item): item is TextItem => 'str' in item).map((i) => i.str),
    );
  }
  const info = (await doc.getMetadata()).info as Record<string, unknown>;
  const marked = Boolean((await doc.getMarkInfo())?.Marked);
  await doc.destroy();
  return { text: parts.join(' ').replace(/\s+/g, ' '), title: info.Title, marked };
}

describe.each(databases())('outcome documents on %s', (kind) => {
  let app: FastifyInstance;
  let caller: Caller;
  let stranger: Caller;
  let approved: { guid: string; applicant: string; reference: string };
  let refused: { guid: string; applicant: string };
  let permit: { applicant: string };

  const send = (method: 'GET' | 'POST', url: string, who: Caller | null, lang: string) =>
    inLanguage(app, who ?? undefined, lang, () =>
      app.inject({
        method,
        url,
        headers: { 'accept-language': lang, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
      }),
    );
  const get = (url: string, who: Caller | null = caller, lang = 'en') => send('GET', url, who, lang);
  const post = (url: string, who: Caller | null = caller, lang = 'en') => send('POST', url, who, lang);

  beforeAll(async () => {
    app = await buildTestApp({ db: kind });
    caller = await signIn(app);
    stranger = await signIn(app);
    const ok = await submitWith(app, caller, { answers: validApplicationForm(), declarations: validDeclarations() });
    // Names in several scripts, as the PDF must print them.
    await app.db
      .updateTable('applicants')
      .set({ given_names: 'Zoë Иван', family_name: 'Ångström 王' })
      .where('id', '=', ok.applicants[0])
      .execute();
    const no = await submitWith(app, caller, {
      answers: validApplicationForm({ departureDate: '2030-03-20', passportExpiryDate: '2030-03-25' }),
      declarations: validDeclarations(),
    });
    const visa = await submitWith(app, caller, {
      applicationType: 'ETA_SECTION_11_1',
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    await decideAll(app);
    approved = { guid: ok.guid, applicant: ok.applicants[0], reference: ok.reference };
    refused = { guid: no.guid, applicant: no.applicants[0] };
    permit = { applicant: visa.applicants[0] };
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an approved ETA with the holder, dates, port of entry, conditions and a seal that verifies', async () => {
    const response = await get(`/api/eta/applicants/${approved.applicant}/eta`);
    expect(response.statusCode).toBe(200);
    const outcome = response.json();
    expect(outcome).toMatchObject({
      applicantIdentifier: approved.applicant,
      kind: 'ETA',
      status: 'APPROVED',
      applicationReference: approved.reference,
      holder: { givenNames: 'Zoë Иван', familyName: 'Ångström 王' },
      portOfEntry: 'Cape Town International Airport',
      reasons: [],
    });
    expect(outcome.conditions.length).toBeGreaterThan(0);
    expect(outcome.conditions[0]).toEqual({ code: 'STAY_UP_TO_90_DAYS', text: 'Each stay may last up to 90 days.' });

    const certificate = fromBase64Url((await get('/api/eta/seal/certificate', null)).json().certificate);
    const checked = await verifySeal(outcome.seal, certificate);
    expect(checked.ok).toBe(true);
    expect(parseSeal(outcome.seal)?.data.msg).toEqual({
      typ: 'ETA',
      no: outcome.documentNumber,
      ini: holderInitials('Zoë Иван', 'Ångström 王'),
      iss: outcome.issuedOn,
      vf: outcome.validFrom,
      vu: outcome.validUntil,
    });
    // The seal is signed once: every later copy (in any language) carries the same one.
    expect((await get(`/api/eta/applicants/${approved.applicant}/eta`, caller, 'zh')).json().seal).toBe(outcome.seal);
    // An altered seal (another validity) is refused.
    const seal = JSON.parse(outcome.seal);
    seal.data.msg.vu = '2099-12-31';
    expect(await verifySeal(JSON.stringify(seal), certificate)).toEqual({ ok: false, problem: 'BAD_SIGNATURE' });
  });

  it('answers each kind only for the document the decision gave', async () => {
    expect((await get(`/api/eta/applicants/${approved.applicant}/permit`)).json().code).toBe('OUTCOME_NOT_AVAILABLE');
    expect((await get(`/api/eta/applicants/${approved.applicant}/rejection-notice`)).statusCode).toBe(404);
    expect((await get(`/api/eta/applicants/${permit.applicant}/permit`)).json()).toMatchObject({ kind: 'PERMIT' });
    const notice = (await get(`/api/eta/applicants/${refused.applicant}/rejection-notice`, caller, 'fr')).json();
    expect(notice).toMatchObject({ kind: 'REJECTION_NOTICE', status: 'REJECTED', validUntil: null, conditions: [] });
    expect(notice.reasons).toEqual([
      {
        code: 'PASSPORT_EXPIRES_TOO_SOON',
        text: 'Votre passeport expire moins de 30 jours après la date de départ prévue.',
        detail: expect.stringContaining('Renouvelez votre passeport'),
      },
    ]);
  });

  it('answers nothing of an undecided applicant, and 404 to another account and 401 signed out, on every call', async () => {
    const pending = await submitWith(app, caller);
    expect((await get(`/api/eta/applicants/${pending.applicants[0]}/eta`)).json().code).toBe('OUTCOME_NOT_AVAILABLE');
    const calls = [
      () => get(`/api/eta/applicants/${approved.applicant}/eta`, stranger),
      () => post(`/api/eta/applicants/${approved.applicant}/eta-pdf`, stranger),
      () => get(`/api/eta/applicants/${refused.applicant}/rejection-notice`, stranger),
      () => post(`/api/eta/applicants/${refused.applicant}/rejection-notice-pdf`, stranger),
      () => get(`/api/eta/applicants/${permit.applicant}/permit`, stranger),
      () => post(`/api/eta/applicants/${permit.applicant}/permit-pdf`, stranger),
      () => get(`/api/eta/applicants/wallet-link?applicantIdentifier=${approved.applicant}&wallet=apple`, stranger),
      () => get('/api/eta/applicants/not-a-uuid/eta', stranger),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(404);
      expect(['APPLICANT_NOT_FOUND', 'WALLET_NOT_CONFIGURED']).toContain(response.json().code);
    }
    expect((await get(`/api/eta/applicants/${approved.applicant}/eta`, null)).statusCode).toBe(401);
    expect((await post(`/api/eta/applicants/${approved.applicant}/eta-pdf`, null)).statusCode).toBe(401);
    expect((await get('/api/eta/applicants/wallets', null)).statusCode).toBe(401);
  });

  it('makes the PDF the server names, tagged and titled, with names in any script, in the asked language', async () => {
    const response = await post(`/api/eta/applicants/${approved.applicant}/eta-pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { documentNumber } = (await get(`/api/eta/applicants/${approved.applicant}/eta`)).json();
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${documentFileName('eta', documentNumber)}"`,
    );
    const pdf = await pdfText(response.rawPayload);
    expect(pdf.title).toBe('Electronic travel authorisation');
    expect(pdf.marked).toBe(true);
    for (const text of [
      'Zoë',
      'Иван',
      'Ångström',
      '王',
      documentNumber,
      approved.reference,
      'Department of Home Affairs',
    ])
      expect(pdf.text).toContain(text);
    // Dates as the portal writes them in English: day first.
    const { dateOfBirth } = (await get(`/api/eta/applicants/${approved.applicant}/eta`)).json().holder;
    const [year, month, day] = (dateOfBirth as string).split('-').map(Number);
    const monthName = new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-GB', {
      month: 'long',
      timeZone: 'UTC',
    });
    expect(pdf.text).toContain(`${day} ${monthName} ${year}`);

    const chinese = await pdfText(
      (await post(`/api/eta/applicants/${approved.applicant}/eta-pdf`, caller, 'zh')).rawPayload,
    );
    expect(chinese.title).toBe('电子旅行许可');
    const arabic = await pdfText(
      (await post(`/api/eta/applicants/${refused.applicant}/rejection-notice-pdf`, caller, 'ar')).rawPayload,
    );
    expect(arabic.title).toBe('إشعار الرفض');
    const notice = await pdfText(
      (await post(`/api/eta/applicants/${refused.applicant}/rejection-notice-pdf`)).rawPayload,
    );
    expect(notice.text).toContain('Your passport expires less than 30 days after the date you plan to leave.');
    expect(notice.text).toContain('privacy@dha.gov.za');
  });

  it('tells the public whether a sealed document stands, and nothing more', async () => {
    const status = async (documentNumber: string) =>
      (await get(`/api/eta/seal/status?documentNumber=${encodeURIComponent(documentNumber)}`, null)).json();
    const eta = (await get(`/api/eta/applicants/${approved.applicant}/eta`)).json();
    expect(await status(eta.documentNumber)).toEqual({ status: 'VALID' });
    expect(await status(eta.documentNumber.toLowerCase())).toEqual({ status: 'VALID' });
    const notice = (await get(`/api/eta/applicants/${refused.applicant}/rejection-notice`)).json();
    expect(await status(notice.documentNumber)).toEqual({ status: 'REFUSED' });
    expect(await status('EA-00000-00000-0')).toEqual({ status: 'UNKNOWN' });
    expect((await get('/api/eta/seal/status', null)).statusCode).toBe(400);

    await app.decisions.expire(new Date(Date.parse(`${eta.validUntil}T00:00:00Z`) + 2 * 86_400_000));
    expect(await status(eta.documentNumber)).toEqual({ status: 'EXPIRED' });
    const expired = (await get(`/api/eta/applicants/${approved.applicant}/eta`)).json();
    expect(expired.status).toBe('EXPIRED');
  });

  it('offers no wallet when none is configured', async () => {
    expect((await get('/api/eta/applicants/wallets')).json()).toEqual({ wallets: [] });
    const link = await get(`/api/eta/applicants/wallet-link?applicantIdentifier=${permit.applicant}&wallet=google`);
    expect(link.statusCode).toBe(404);
    expect(link.json().code).toBe('WALLET_NOT_CONFIGURED');
    expect(
      (await get(`/api/eta/applicants/wallet-link?applicantIdentifier=${permit.applicant}&wallet=x`)).statusCode,
    ).toBe(400);
  });
});
