import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_PATHS, STAFF_SESSION_COOKIE } from '../../shared/contract';
import { ensureFirstVersion, filesOf, liveVersion } from '../configuration/versions';
import { translate } from '../i18n';
import { buildTestApp } from '../testing/harness';
import { addStaff } from './accounts';
import { readAudit } from './audit';
import type { StaffRole } from './roles';

const operator = { staffId: null, name: 'command line (operator)' };
const file = (value: object) => `${JSON.stringify(value, null, 2)}\n`;
const FILES = {
  'locales/en/staff.json': file({ title: 'Sign in', intro: 'For staff' }),
  'locales/fr/staff.json': file({ title: 'Connexion' }),
  'locales/pt/staff.json': file({ title: 'Início de sessão' }),
};

describe('texts changed by editors and translators', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp();
    await ensureFirstVersion(app.repositories.configuration, FILES, new Date());
  });
  afterEach(() => app.close());

  async function cookieOf(email: string, roles: StaffRole[], languages: string[] = []): Promise<string> {
    const made = await addStaff(app.repositories.staff, { email, roles, languages }, operator, new Date());
    const code = await generate({ secret: made.totpSecret, epoch: Math.floor(Date.now() / 1000) });
    const answer = await app.inject({
      method: 'POST',
      url: STAFF_PATHS.session,
      payload: { email, password: made.password, code },
    });
    return `${STAFF_SESSION_COOKIE}=${answer.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)?.value}`;
  }
  const get = (cookie: string, query = '') =>
    app.inject({ method: 'GET', url: `${STAFF_PATHS.texts}${query}`, headers: { cookie } });
  const put = (cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url: STAFF_PATHS.texts, headers: { cookie }, payload });

  it('show a translator their language’s texts beside English, and no other language', async () => {
    const translator = await cookieOf('fr@example.com', ['translator'], ['fr']);
    const texts = await get(translator);
    expect(texts.statusCode).toBe(200);
    expect(texts.json()).toEqual({
      languages: ['fr'],
      namespaces: ['staff'],
      language: 'fr',
      namespace: 'staff',
      rows: [
        { key: 'title', english: 'Sign in', text: 'Connexion' },
        { key: 'intro', english: 'For staff' },
      ],
    });
    expect((await get(translator, '?language=pt')).statusCode).toBe(403);
    expect((await put(translator, { language: 'pt', namespace: 'staff', texts: { intro: 'x' } })).statusCode).toBe(403);
  });

  it('save a change into the member’s draft, recorded with the difference, the live version untouched', async () => {
    const translator = await cookieOf('fr@example.com', ['translator'], ['fr']);
    const saved = await put(translator, { language: 'fr', namespace: 'staff', texts: { intro: 'Pour le personnel' } });
    expect(saved.statusCode).toBe(200);
    const { draft } = saved.json();
    expect(saved.json()).toEqual({ draft: expect.any(String), changed: 1 });
    expect((await get(translator, `?draft=${draft}`)).json().rows[1]).toEqual({
      key: 'intro',
      english: 'For staff',
      text: 'Pour le personnel',
    });
    expect(filesOf(await liveVersion(app.repositories.configuration))['locales/fr/staff.json']).toBe(
      FILES['locales/fr/staff.json'],
    );
    const [entry] = await readAudit(app.repositories.staff, { subject: `draft ${draft}` });
    expect(entry).toMatchObject({
      actor: 'fr@example.com',
      action: 'configuration.texts-changed',
      detail: { language: 'fr', namespace: 'staff', changed: { intro: { after: 'Pour le personnel' } } },
    });
    // Another member neither reads nor changes that draft.
    const editor = await cookieOf('editor@example.com', ['editor']);
    const other = await put(editor, { language: 'fr', namespace: 'staff', draft, texts: { intro: 'x' } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'STAFF_CHANGE_REFUSED',
      error: translate('en', 'api:staff.refusals.not-your-draft'),
    });
  });

  it('let editors change any language, officers and publishers none', async () => {
    const editor = await cookieOf('editor@example.com', ['editor']);
    expect((await get(editor, '?language=pt')).json().languages).toEqual(['en', 'fr', 'pt']);
    const officer = await cookieOf('officer@example.com', ['officer', 'publisher']);
    expect((await get(officer)).statusCode).toBe(403);
  });

  it('show a draft’s changes to its version, and let its member or a publisher discard it, not another translator', async () => {
    const translator = await cookieOf('fr@example.com', ['translator'], ['fr']);
    const { draft } = (
      await put(translator, { language: 'fr', namespace: 'staff', texts: { intro: 'Pour le personnel' } })
    ).json();
    const detail = await app.inject({
      method: 'GET',
      url: `${STAFF_PATHS.draft}?id=${draft}`,
      headers: { cookie: translator },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      draft: { id: draft, baseVersion: 1, createdBy: 'fr@example.com', note: 'locales/fr/staff.json' },
      discardable: true,
      changes: [
        {
          kind: 'added',
          area: 'text',
          language: 'fr',
          key: 'staff:intro',
          after: 'Pour le personnel',
          file: 'locales/fr/staff.json',
        },
      ],
    });
    const other = await cookieOf('pt@example.com', ['translator'], ['pt']);
    const discard = (cookie: string) =>
      app.inject({ method: 'POST', url: STAFF_PATHS.draftDiscard, headers: { cookie }, payload: { id: draft } });
    expect((await discard(other)).statusCode).toBe(403);
    const publisher = await cookieOf('publisher@example.com', ['publisher']);
    expect((await discard(publisher)).statusCode).toBe(200);
    expect((await discard(publisher)).statusCode).toBe(404);
    expect(await app.repositories.configuration.openDrafts()).toEqual([]);
    const [entry] = await readAudit(app.repositories.staff, { subject: `draft ${draft}` });
    expect(entry).toMatchObject({ actor: 'publisher@example.com', action: 'configuration.draft-discarded' });
  });
});
