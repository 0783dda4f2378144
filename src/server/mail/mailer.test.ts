import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '../accounts/testing/client';
import { loadPagePaths } from '../lib/page-paths';
import { buildTestApp, databases, TEST_SCHEMAS_DIR } from '../testing/harness';
import { sendMail } from './mailer';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from './smtp-sink';
import { renderMail } from './templates';

const message = renderMail(
  { template: 'verify-email', authKey: 'key-for-the-test-0123456789', code: '314159' },
  {
    to: 'Ana@Example.com',
    language: 'en',
    name: 'Ana',
    publicUrl: 'http://portal.test',
    pages: loadPagePaths(TEST_SCHEMAS_DIR),
  },
);

describe('SMTP transport', () => {
  let sink: SmtpSink;
  let app: FastifyInstance;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await buildTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'eta@portal.test' } });
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  it('delivers through the SMTP server named by SMTP_URL, with text and HTML parts', async () => {
    expect(app.mailer.transportName).toBe('smtp');
    await sendMail(app, message);
    const [received] = await sink.waitFor(1);
    expect(received.to.map((to) => to.toLowerCase())).toEqual(['ana@example.com']);
    const text = decodeQuotedPrintable(received.raw);
    expect(text).toContain('Subject: Confirm your e-mail address');
    expect(text).toContain('From: eta@portal.test');
    expect(text).toContain('http://portal.test/verify-email?authKey=key-for-the-test-0123456789');
    expect(text).toContain('314159');
    expect(text).toMatch(/Content-Type: text\/plain/);
    expect(text).toMatch(/Content-Type: text\/html/);
  });

  it('has no development mailbox page while SMTP is configured', async () => {
    expect(app.config.devMailbox).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
  });
});

describe.each(databases())('development mailbox on %s', (kind) => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app?.close();
  });

  it('keeps messages in the database and lists them newest first, as JSON and as a page', async () => {
    app = await buildTestApp({ db: kind, devMailbox: true });
    expect(app.mailer.transportName).toBe('dev-mailbox');
    await sendMail(app, message);
    await sendMail(app, { ...message, to: 'bo@example.com', subject: 'Second <message>' });

    const all = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.json().map((m: { subject: string }) => m.subject)).toEqual([
      'Second <message>',
      'Confirm your e-mail address',
    ]);

    const mine = (await app.inject({ method: 'GET', url: '/dev/mailbox.json?to=ANA@example.com' })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0].to).toBe('ana@example.com');
    expect(mine[0].links).toEqual(['http://portal.test/verify-email?authKey=key-for-the-test-0123456789']);
    expect(mine[0].text).toContain('314159');

    const page = await app.inject({ method: 'GET', url: '/dev/mailbox', headers: { 'accept-language': 'fr' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="fr" dir="ltr">');
    expect(page.body).toContain('Boîte aux lettres de développement');
    expect(page.body).toContain('<a href="http://portal.test/verify-email?authKey=key-for-the-test-0123456789">');
    expect(page.body).toContain('Second &lt;message&gt;');
    expect(page.body.indexOf('Second &lt;message&gt;')).toBeLessThan(page.body.indexOf('Confirm your e-mail address'));
  });

  it('answers only clients on this machine unless DEV_MAILBOX=true is set, a proxy’s remote client included', async () => {
    const ask = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, remoteAddress, headers });
    for (const trustProxy of ['false', '1']) {
      // On by default (no SMTP, not production): loopback clients only.
      app = await buildTestApp({ db: kind, env: { TRUST_PROXY: trustProxy } });
      expect(app.config.devMailbox).toBe(true);
      await sendMail(app, message);
      for (const url of ['/dev/mailbox.json', '/dev/mailbox', '/dev/mailbox.json?to=ana@example.com']) {
        expect((await ask(url, '127.0.0.1')).statusCode).toBe(200);
        expect((await ask(url, '::1')).statusCode).toBe(200);
        const remote = await ask(url, '192.0.2.7');
        expect(remote.statusCode, url).toBe(404);
        expect(remote.body).not.toContain('key-for-the-test');
        // A proxy on this machine forwarding someone else, whichever header it uses and whatever they claim.
        for (const headers of [
          { 'x-forwarded-for': '203.0.113.9' } as Record<string, string>,
          { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
          { 'x-real-ip': '203.0.113.9' },
          { forwarded: 'for="[2001:db8::7]:4711";proto=https' },
        ]) {
          const proxied = await ask(url, '127.0.0.1', headers);
          expect(proxied.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
          expect(proxied.body).not.toContain('key-for-the-test');
        }
        // A remote client that writes a loopback address into the header itself is not local either.
        expect((await ask(url, '192.0.2.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
        // A proxy on this machine forwarding a client on this machine is local.
        expect((await ask(url, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
      }
      await app.close();
    }
    // Switched on by hand: every client.
    app = await buildTestApp({ db: kind, env: { DEV_MAILBOX: 'true', TRUST_PROXY: '1' } });
    await sendMail(app, message);
    const opened = await ask('/dev/mailbox.json', '192.0.2.7', { 'x-forwarded-for': '203.0.113.9' });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toHaveLength(1);
    expect((await ask('/dev/mailbox', '192.0.2.7')).statusCode).toBe(200);
  }, 60_000);

  it('answers 404 for the mailbox when it is off, yet still keeps the message', async () => {
    app = await buildTestApp({ db: kind, devMailbox: false });
    await sendMail(app, message);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    const kept = await app.db.selectFrom('dev_mailbox').select('subject').execute();
    expect(kept).toEqual([{ subject: 'Confirm your e-mail address' }]);
  });
});

describe('the log of e-mail', () => {
  it('names no address, link or key of a message kept in the development mailbox, nor of the requests that follow it', async () => {
    const lines: string[] = [];
    const app = await buildTestApp({
      devMailbox: true,
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const address = 'Logged.Person+eta@example.org';
      const registered = await app.inject({
        method: 'POST',
        url: '/api/eta/profile/register',
        payload: registrationBody(address),
      });
      expect(registered.statusCode).toBeLessThan(300);
      // The developer still finds the message, its link and its key, in the mailbox (sent once the answer is).
      let mail: { links: string[] } | undefined;
      await expect
        .poll(async () => {
          const mailbox = await app.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(address)}` });
          [mail] = mailbox.json() as { links: string[] }[];
          return mail !== undefined;
        })
        .toBe(true);
      const link = mail!.links.find((l) => l.includes('authKey='))!;
      const authKey = new URL(link).searchParams.get('authKey')!;
      expect(authKey.length).toBeGreaterThan(10);
      await app.inject({ url: `/dev/mailbox.json?to=${address}` });
      await app.inject({
        url: `${new URL(link).pathname}${new URL(link).search}&email=${address}`,
        headers: { accept: 'text/html' },
      });
      await app.inject({ method: 'POST', url: '/api/eta/profile/verify', payload: { authKey } });

      const logged = lines.join('');
      for (const secret of [authKey, address, address.toLowerCase(), encodeURIComponent(address), link]) {
        expect(logged).not.toContain(secret);
      }
      expect(logged).not.toMatch(/[\w.+-]+(@|%40)example\.org/i);
      const kept = lines.map((line) => JSON.parse(line)).find((line) => line.mail?.kind === 'verify-email');
      expect(kept).toMatchObject({ level: 30, mail: { to: '[redacted]' }, mailbox: '/dev/mailbox' });
      const urls = lines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
      expect(urls).toContain('/dev/mailbox.json?to=[redacted]');
    } finally {
      await app.close();
    }
  });
});
