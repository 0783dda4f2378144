import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SESSION_COOKIE } from '../../shared/contract';
import { STAFF_PAGE_PATHS } from '../../shared/staff-routes';
import { translate } from '../i18n';
import { startPageApp } from '../pages/testing/page-app';
import { ensureFirstVersion } from '../configuration/versions';
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
  post(url: string, fields: Record<string, string>) {
    return this.postRaw(url, new URLSearchParams(fields));
  }

  /** Posts fields that may repeat (a group of checkboxes), with the page's token. */
  async postRaw(url: string, fields: URLSearchParams) {
    const page = await this.get(url);
    fields.set('_csrf', tokenOf(page.body));
    const answer = await this.app.inject({
      method: 'POST',
      url,
      headers: { accept: 'text/html', cookie: this.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.toString(),
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

  /** Version 1 of a configuration of the test's own (written once, whichever test asks first). */
  const firstVersion = () => {
    const file = (value: object) => `${JSON.stringify(value, null, 2)}\n`;
    return ensureFirstVersion(
      app.repositories.configuration,
      {
        'locales/en/staff.json': file({ title: 'Sign in', intro: 'For staff' }),
        'locales/fr/staff.json': file({ title: 'Connexion' }),
      },
      new Date(),
    );
  };

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

  it('let an administrator add a member (password and key shown once), change their roles and disable them', async () => {
    const boss = await addStaff(
      app.repositories.staff,
      { email: 'boss@example.com', roles: ['administrator'] },
      operator,
      new Date(),
    );
    const browser = new Browser(app);
    await browser.post(STAFF_PAGE_PATHS.signIn, {
      email: 'boss@example.com',
      password: boss.password,
      code: await codeOf(boss.totpSecret),
    });
    const accounts = await browser.get(STAFF_PAGE_PATHS.accounts);
    expect(h1Of(accounts.body)).toBe(en('staff:accounts.title'));
    expect(accounts.body).toContain('boss@example.com');

    const post = (fields: Record<string, string>, extra: [string, string][] = []) => {
      const form = new URLSearchParams(fields);
      for (const [name, value] of extra) form.append(name, value);
      return browser.postRaw(STAFF_PAGE_PATHS.accounts, form);
    };
    const noLanguage = await post({ _action: 'add', email: 'trans@example.com' }, [['roles', 'translator']]);
    expect(noLanguage.statusCode).toBe(200);
    expect(noLanguage.body).toContain(en('api:staff.refusals.translator-languages'));
    expect(noLanguage.body).toContain('value="trans@example.com"');

    const added = await post({ _action: 'add', email: 'trans@example.com' }, [
      ['roles', 'translator'],
      ['languages', 'fr'],
    ]);
    expect(added.statusCode).toBe(200);
    // The password is in this answer only: never kept by a cache, the browser's included.
    expect(added.headers['cache-control']).toBe('no-store');
    expect(added.body).toContain(en('staff:accounts.added.title', { email: 'trans@example.com' }));
    const password = /Password:<\/?[^>]*>?\s*<span[^>]*>([^<]+)<\/span>/.exec(added.body)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){4}$/);
    expect(added.body).toMatch(/<svg[^>]*role="img"[^>]*aria-label="QR code of the authenticator key"/);

    const changed = await post({ _action: 'roles', email: 'trans@example.com' }, [
      ['roles', 'translator'],
      ['roles', 'editor'],
      ['languages', 'fr'],
    ]);
    expect(changed.statusCode).toBe(303);
    const after = await browser.get(changed.headers.location as string);
    expect(after.body).toContain(en('staff:accounts.rolesDone', { email: 'trans@example.com' }));
    expect((await app.repositories.staff.accountByEmail('trans@example.com'))?.roles).toBe('["translator","editor"]');

    const own = await post({ _action: 'disable', email: 'boss@example.com' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(en('api:staff.refusals.own-account'));
    const disabled = await post({ _action: 'disable', email: 'trans@example.com' });
    expect(disabled.statusCode).toBe(303);
    expect((await browser.get(disabled.headers.location as string)).body).toContain(
      en('staff:accounts.disabledDone', { email: 'trans@example.com' }),
    );
  });

  it('let a translator change texts of their language into a draft of their own, a page at a time', async () => {
    await firstVersion();
    const translator = await addStaff(
      app.repositories.staff,
      { email: 'fr@example.com', roles: ['translator'], languages: ['fr'] },
      operator,
      new Date(),
    );
    const browser = new Browser(app);
    await browser.post(STAFF_PAGE_PATHS.signIn, {
      email: 'fr@example.com',
      password: translator.password,
      code: await codeOf(translator.totpSecret),
    });
    const texts = await browser.get(STAFF_PAGE_PATHS.texts);
    expect(h1Of(texts.body)).toBe(en('staff:texts.title'));
    expect(texts.body).toContain(en('staff:texts.fromLive'));
    expect(texts.body).toMatch(
      /<textarea[^>]*name="text:intro"[^>]*lang="fr"[^>]*dir="ltr"|<textarea[^>]*lang="fr"[^>]*name="text:intro"/,
    );
    expect(texts.body).toContain(en('staff:texts.missing'));

    const saved = await browser.post(`${STAFF_PAGE_PATHS.texts}?language=fr&namespace=staff`, {
      language: 'fr',
      namespace: 'staff',
      'text:title': 'Connexion',
      'text:intro': 'Pour le personnel',
    });
    expect(saved.statusCode).toBe(303);
    const location = saved.headers.location as string;
    expect(location).toMatch(/^\/staff\/texts\?language=fr&namespace=staff&draft=[0-9a-f-]{36}&saved=1$/);
    const draft = new URL(location, 'http://x').searchParams.get('draft')!;
    const after = await browser.get(location);
    expect(after.body).toContain(en('staff:texts.saved', { count: 1, draft }));
    expect(after.body).toContain('Pour le personnel</textarea>');
    expect(after.body).not.toContain(en('staff:texts.missing'));
    // The live version keeps its texts until a publisher publishes the draft.
    expect((await browser.get(STAFF_PAGE_PATHS.texts)).body).toContain(en('staff:texts.missing'));
  });

  it('show a draft’s changes, and discard it from its page', async () => {
    await firstVersion();
    const editor = await addStaff(
      app.repositories.staff,
      { email: 'drafts@example.com', roles: ['editor'] },
      operator,
      new Date(),
    );
    const browser = new Browser(app);
    await browser.post(STAFF_PAGE_PATHS.signIn, {
      email: 'drafts@example.com',
      password: editor.password,
      code: await codeOf(editor.totpSecret),
    });
    const saved = await browser.post(`${STAFF_PAGE_PATHS.texts}?language=en&namespace=staff`, {
      language: 'en',
      namespace: 'staff',
      'text:intro': 'For the staff',
    });
    const draft = new URL(saved.headers.location as string, 'http://x').searchParams.get('draft')!;
    const home = await browser.get(STAFF_PAGE_PATHS.home);
    expect(home.body).toContain(`href="${STAFF_PAGE_PATHS.draft}?id=${draft}"`);
    const page = await browser.get(`${STAFF_PAGE_PATHS.draft}?id=${draft}`);
    expect(h1Of(page.body)).toContain(en('staff:draft.title'));
    expect(page.body).toContain(en('staff:draft.where.text', { key: 'staff:intro', language: 'en' }));
    expect(page.body).toContain('For staff</td>');
    expect(page.body).toContain('For the staff</td>');
    const discarded = await browser.post(`${STAFF_PAGE_PATHS.draft}?id=${draft}`, { _action: 'discard' });
    expect(discarded.statusCode).toBe(303);
    expect(discarded.headers.location).toBe(`${STAFF_PAGE_PATHS.home}?discarded=${draft}`);
    expect((await browser.get(discarded.headers.location as string)).body).toContain(
      en('staff:home.drafts.discarded', { id: draft }),
    );
    expect((await browser.get(`${STAFF_PAGE_PATHS.draft}?id=${draft}`)).statusCode).toBe(404);
  });
});
