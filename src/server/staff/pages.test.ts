import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SESSION_COOKIE } from '../../shared/contract';
import { STAFF_PAGE_PATHS } from '../../shared/staff-routes';
import { translate } from '../i18n';
import { startPageApp } from '../pages/testing/page-app';
import { addStaff } from './accounts';

const en = (key: string, vars?: Record<string, unknown>) => translate('en', key, vars);
const h1Of = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const operator = { staffId: null, name: 'command line (operator)' };

/** A browser's cookies across requests: what each answer sets replaces what it held. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  private keep(headers: Record<string, unknown>) {
    for (const header of [headers['set-cookie'] ?? []].flat() as string[]) {
      const [pair, ...attributes] = header.split(';');
      const [name, value] = pair.split('=');
      if (attributes.some((a) => a.trim() === 'Max-Age=0')) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string) {
    return this.cookies.has(name);
  }

  private get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string) {
    const answer = await this.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: this.cookie } });
    this.keep(answer.headers);
    return answer;
  }

  /** Posts a form of the page at `url` as the browser would: with the page's token. */
  async post(url: string, fields: Record<string, string>) {
    const page = await this.get(url);
    const answer = await this.app.inject({
      method: 'POST',
      url,
      headers: { accept: 'text/html', cookie: this.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: tokenOf(page.body), ...fields }).toString(),
    });
    this.keep(answer.headers);
    return answer;
  }
}

const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

describe('the staff’s pages, rendered by the server and posted to without scripts', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let admin: Awaited<ReturnType<typeof addStaff>>;
  let editor: Awaited<ReturnType<typeof addStaff>>;

  beforeAll(async () => {
    ({ app, close } = await startPageApp());
    admin = await addStaff(
      app.repositories.staff,
      { email: 'admin@example.com', roles: ['administrator'] },
      operator,
      new Date(),
    );
    editor = await addStaff(
      app.repositories.staff,
      { email: 'editor@example.com', roles: ['editor', 'publisher'] },
      operator,
      new Date(),
    );
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('send a visitor without a staff session to sign in, and back to the page asked for afterwards', async () => {
    const browser = new Browser(app);
    const home = await browser.get(STAFF_PAGE_PATHS.home);
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe(STAFF_PAGE_PATHS.signIn);

    const audit = await browser.get(STAFF_PAGE_PATHS.audit);
    expect(audit.headers.location).toBe(`${STAFF_PAGE_PATHS.signIn}?from=%2Fstaff%2Faudit`);
    const signIn = await browser.get(audit.headers.location as string);
    expect(signIn.statusCode).toBe(200);
    expect(h1Of(signIn.body)).toBe(en('staff:signIn.title'));
    expect(signIn.body).toContain(en('staff:signIn.needed'));
    expect(signIn.body).toMatch(/<label[^>]*for="staff-sign-in-code"/);

    const signedIn = await browser.post(audit.headers.location as string, {
      email: 'admin@example.com',
      password: admin.password,
      code: await codeOf(admin.totpSecret),
    });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe(STAFF_PAGE_PATHS.audit);
    expect(browser.has(STAFF_SESSION_COOKIE)).toBe(true);
    const trail = await browser.get(STAFF_PAGE_PATHS.audit);
    expect(trail.statusCode).toBe(200);
    expect(h1Of(trail.body)).toBe(en('staff:audit.title'));
    expect(trail.body).toContain('<code>staff.signed-in</code>');
    expect(trail.body).toContain(en('staff:bar.signedInAs', { email: 'admin@example.com' }));
  });

  it('name each field left empty, keep the address typed, and say a wrong code without saying which detail was wrong', async () => {
    const browser = new Browser(app);
    const empty = await browser.post(STAFF_PAGE_PATHS.signIn, { email: 'editor@example.com', password: '', code: '' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain(en('staff:signIn.missing.password'));
    expect(empty.body).toContain(en('staff:signIn.missing.code'));
    expect(empty.body).not.toContain(en('staff:signIn.missing.email'));
    expect(empty.body).toContain('value="editor@example.com"');

    const wrong = await browser.post(STAFF_PAGE_PATHS.signIn, {
      email: 'editor@example.com',
      password: editor.password,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain(en('api:staff.signInRefused'));
    expect(wrong.body).not.toContain(editor.password);
    expect(browser.has(STAFF_SESSION_COOKIE)).toBe(false);
  });

  it('show the home with the roles and the published versions, the audit trail only to administrators, and sign out', async () => {
    const browser = new Browser(app);
    const signedIn = await browser.post(STAFF_PAGE_PATHS.signIn, {
      email: 'editor@example.com',
      password: editor.password,
      code: await codeOf(editor.totpSecret, 1),
    });
    expect(signedIn.headers.location).toBe(STAFF_PAGE_PATHS.home);
    const home = await browser.get(STAFF_PAGE_PATHS.home);
    expect(h1Of(home.body)).toBe(en('staff:home.title'));
    expect(home.body).toContain(en('staff:home.roles', { roles: 'editor, publisher', count: 2 }));
    expect(home.body).toContain(en('staff:home.versions.caption'));
    expect(home.body).toContain(en('staff:home.drafts.none'));
    // No link to what the member may not read.
    expect(home.body).not.toContain(`href="${STAFF_PAGE_PATHS.audit}"`);
    const audit = await browser.get(STAFF_PAGE_PATHS.audit);
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain(en('staff:audit.administratorsOnly'));
    expect(audit.body).not.toContain('<table');

    const out = await browser.post(STAFF_PAGE_PATHS.home, { _action: 'sign-out' });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe(`${STAFF_PAGE_PATHS.signIn}?signed-out=1`);
    expect(browser.has(STAFF_SESSION_COOKIE)).toBe(false);
    expect((await browser.get(out.headers.location as string)).body).toContain(en('staff:signIn.signedOut'));
    expect((await browser.get(STAFF_PAGE_PATHS.home)).statusCode).toBe(302);
  });

  it('send a member already signed in on from the sign-in page, and never to an address outside the staff pages', async () => {
    const browser = new Browser(app);
    const signedIn = await browser.post(`${STAFF_PAGE_PATHS.signIn}?from=${encodeURIComponent('//evil.example/')}`, {
      email: 'admin@example.com',
      password: admin.password,
      code: await codeOf(admin.totpSecret, 1),
    });
    expect(signedIn.headers.location).toBe(STAFF_PAGE_PATHS.home);
    const again = await browser.get(`${STAFF_PAGE_PATHS.signIn}?from=%2Fstaff%2Faudit`);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(STAFF_PAGE_PATHS.audit);
  });
});
