import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Caller } from '../../applications/testing/client';
import { buildTestApp } from '../../testing/harness';
import { pathOf, postForm, readyApplication, startPayment } from '../testing/client';
import { groupCard, TEST_CARDS } from './cards';

/** The hosted page as a browser receives it: language, direction, labels, errors, and the security headers. */
describe('the sandbox card page', () => {
  let app: FastifyInstance;
  let caller: Caller;
  beforeAll(async () => {
    app = await buildTestApp();
    caller = await signIn(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const pageIn = async (returnLanguage: string) => {
    const { guid } = await readyApplication(app, caller);
    const started = await startPayment(app, caller, guid, undefined, { returnLanguage });
    return pathOf(started.json().redirectUrl);
  };

  it.each([
    ['en', 'ltr', 'Card number'],
    ['fr', 'ltr', 'Numéro de carte'],
    ['pt', 'ltr', 'Número do cartão'],
    ['zh', 'ltr', '卡号'],
    ['ar', 'rtl', 'رقم البطاقة'],
  ])('speaks %s (%s) and labels every field', async (language, dir, cardLabel) => {
    const page = await app.inject({ url: await pageIn(language) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<html lang="${language}" dir="${dir}">`);
    expect(page.body).toContain(`<label for="card-number">${cardLabel}</label>`);
    for (const id of ['card-number', 'expiry', 'cvc']) {
      expect(page.body).toContain(`<label for="${id}">`);
      expect(page.body).toContain(`id="${id}"`);
    }
    expect(page.body).toContain('autocomplete="cc-number"');
    expect(page.body).not.toContain('<script');
  });

  it('writes the amount as South Africans write the rand, in the page language: R 500.00, not ZAR 500.00', async () => {
    const english = (await app.inject({ url: await pageIn('en') })).body;
    expect(english).toMatch(/Pay R\u00a0\d{1,3}(,\d{3})*\.\d{2}</);
    expect(english).not.toContain('ZAR');
    const french = (await app.inject({ url: await pageIn('fr') })).body;
    expect(french).toMatch(/\d{1,3}(\u202f\d{3})*,\d{2}\u00a0R/);
    expect(french).not.toContain('ZAR');
  });

  it('writes each test card number left to right, in a right-to-left page too', async () => {
    const page = await app.inject({ url: await pageIn('ar') });
    for (const number of Object.keys(TEST_CARDS))
      expect(page.body).toContain(`<span dir="ltr">${groupCard(number)}</span>`);
  });

  it('keeps the Content-Security-Policy: no script, and forms post only here or to the portal', async () => {
    const page = await app.inject({ url: await pageIn('en') });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toMatch(/form-action 'self'( |;|$)/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).not.toMatch(/ on[a-z]+="/);
  });

  it('names the problem in an error summary linked to the field, in the page language', async () => {
    const path = await pageIn('fr');
    const refused = await postForm(app, path, { cardNumber: '1234', action: 'pay' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Il y a un problème');
    expect(refused.body).toContain('<a href="#card-number">');
    expect(refused.body).toContain('aria-describedby="card-number-hint card-number-error"');
    expect(refused.body).toContain('value="1234"');
    expect(refused.body).toMatch(/<title>Il y a un problème: /);
  });

  it('answers 404 for a payment it does not know', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nothing']) {
      const page = await app.inject({ url: `/payments/sandbox/${id}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('Payment not found');
    }
  });
});
