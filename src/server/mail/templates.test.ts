import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { directionOf } from '../../shared/languages';
import { loadPagePaths } from '../lib/page-paths';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';
import { escapeHtml, mailText, renderMail } from './templates';

const context = {
  to: 'ana@example.com',
  language: 'en',
  name: 'Ana',
  publicUrl: 'https://eta.example',
  pages: loadPagePaths(DEFAULT_SCHEMAS_DIR),
};

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
}

describe('e-mail templates', () => {
  it('puts the verification link and the code in the text and the HTML', () => {
    const mail = renderMail({ template: 'verify-email', authKey: 'abc_DEF-123', code: '042917' }, context);
    expect(mail.to).toBe('ana@example.com');
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain('Hello Ana,');
    expect(mail.text).toContain('https://eta.example/verify-email?authKey=abc_DEF-123');
    expect(mail.text).toContain('042917');
    expect(mail.text).toContain('Confirm my e-mail address:\nhttps://eta.example/verify-email');
    expect(mail.text).not.toMatch(/[ \t]\n/);
    expect(mail.html).toContain('href="https://eta.example/verify-email?authKey=abc_DEF-123"');
    expect(mail.html).toContain('042917');
  });

  it('puts the reset link and the code in the reset e-mail', () => {
    const mail = renderMail({ template: 'reset-password', authKey: 'key1', code: '381204' }, context);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('https://eta.example/reset-password?authKey=key1');
    expect(mail.text).toContain('If the link will not open on this device, enter this code instead: 381204');
    expect(mail.text).toContain('The link works for 1 hour and the code for 10 minutes. Each can be used once.');
    expect(mail.html).toContain('href="https://eta.example/reset-password?authKey=key1"');
    expect(mail.html).toContain(
      'If the link will not open on this device, enter this code instead: <strong dir="ltr" style="font-size:1.5em;letter-spacing:0.2em">381204</strong>',
    );
    // The code comes after the link, as in the confirmation e-mail.
    expect(mail.text.indexOf('381204')).toBeGreaterThan(mail.text.indexOf('authKey=key1'));
  });

  it('tells of a password change with the time and a way to reset', () => {
    const mail = renderMail({ template: 'password-changed', changedAt: new Date('2026-03-04T05:06:07Z') }, context);
    expect(mail.text).toContain('2026-03-04 05:06');
    expect(mail.text).toContain('https://eta.example/forgot-password');
  });

  it('offers sign-in and reset to an address that already has a profile', () => {
    const mail = renderMail({ template: 'account-exists' }, context);
    expect(mail.subject).toBe('You already have a profile');
    expect(mail.text).toContain('https://eta.example/login');
    expect(mail.text).toContain('https://eta.example/forgot-password');
  });

  it('writes in the recipient language and falls back to English for unknown ones', () => {
    const french = renderMail(
      { template: 'reset-password', authKey: 'k', code: '000917' },
      { ...context, language: 'fr' },
    );
    expect(french.subject).toBe('Réinitialisez votre mot de passe');
    expect(french.text).toContain('Bonjour Ana,');
    expect(french.html).toContain('<html lang="fr" dir="ltr">');
    expect(french.text).toContain('Choisir un nouveau mot de passe :\nhttps://eta.example/reset-password?authKey=k');
    expect(french.text).toContain("Si le lien ne s'ouvre pas sur cet appareil, saisissez plutôt ce code : 000917");
    expect(french.text).toContain('Le lien est valable 1 heure et le code 10 minutes.');
    const unknown = renderMail(
      { template: 'reset-password', authKey: 'k', code: '000917' },
      { ...context, language: '../../etc' },
    );
    expect(unknown.subject).toBe('Reset your password');
  });

  it('lays Arabic out right to left, with codes and links left to right inside it', () => {
    const arabic = renderMail(
      { template: 'reset-password', authKey: 'k', code: '000917' },
      { ...context, language: 'ar' },
    );
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toMatch(/<strong dir="ltr"[^>]*>000917<\/strong>/);
    expect(arabic.html).toContain('<a href="https://eta.example/reset-password?authKey=k" dir="ltr">');
    expect(directionOf('ar')).toBe('rtl');
    for (const language of ['en', 'fr', 'pt', 'zh', 'not a language']) expect(directionOf(language)).toBe('ltr');
  });

  it('isolates every value in an Arabic e-mail (U+2068 … U+2069 in the text, <bdi> in the HTML), none in English', () => {
    const FSI = '\u2068';
    const PDI = '\u2069';
    const mails = (language: string) => {
      const here = { ...context, language, name: 'Ana Silva' };
      return [
        {
          mail: renderMail(
            {
              template: 'application-submitted',
              reference: 'ETA 2026 0001',
              applicants: ['Ana Silva', 'Bo Chen'],
              amount: 'AUD 20.00',
            },
            here,
          ),
          values: ['Ana Silva', 'ETA 2026 0001', 'Ana Silva, Bo Chen', 'AUD 20.00'],
          link: 'https://eta.example/my-applications',
        },
        {
          mail: renderMail(
            { template: 'decision-made', kind: 'ETA', applicant: 'Bo Chen', reference: 'ETA-7', path: '/eta?id=7' },
            here,
          ),
          values: ['Ana Silva', 'Bo Chen', 'ETA-7'],
          link: 'https://eta.example/eta?id=7',
        },
        {
          mail: renderMail({ template: 'password-changed', changedAt: new Date('2026-03-04T05:06:07Z') }, here),
          values: ['Ana Silva', '2026-03-04 05:06'],
          link: 'https://eta.example/forgot-password',
        },
      ];
    };
    for (const { mail, values, link } of mails('ar')) {
      for (const value of values) {
        expect(mail.text).toContain(`${FSI}${value}${PDI}`);
        // In the HTML a value is in a <bdi>, a reference or code in an element of its own direction.
        const code = /<strong dir="ltr"[^>]*>([^<]*)<\/strong>/.exec(mail.html)?.[1];
        expect(mail.html.includes(`<bdi>${value}</bdi>`) || code === value, value).toBe(true);
      }
      expect(mail.text.split(FSI).length).toBe(mail.text.split(PDI).length);
      expect(mail.html).not.toMatch(/[\u2068\u2069]/);
      // A link on a line of its own is left bare, so that mail programs open it as it is.
      expect(mail.text).toContain(`\n${link}\n`);
    }
    const code = renderMail({ template: 'verify-email', authKey: 'k', code: '042917' }, { ...context, language: 'ar' });
    expect(code.text).toContain(`${FSI}042917${PDI}`);
    expect(code.html).toMatch(/: <strong dir="ltr"[^>]*>042917<\/strong><\/p>/);
    for (const { mail, values } of mails('en')) {
      for (const value of values) expect(mail.text).toContain(value);
      expect(mail.text).not.toMatch(/[\u2068\u2069]/);
      expect(mail.html).not.toMatch(/<bdi>|[\u2068\u2069]/);
    }
  });

  it('escapes values in the HTML body but keeps the text body verbatim', () => {
    const mail = renderMail({ template: 'account-exists' }, { ...context, name: '<b>Ana & "Bo"</b>' });
    expect(mail.html).toContain('&lt;b&gt;Ana &amp; &quot;Bo&quot;&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Ana');
    expect(mail.text).toContain('Hello <b>Ana & "Bo"</b>,');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });

  it('greets without a name when none is known', () => {
    expect(renderMail({ template: 'account-exists' }, { ...context, name: undefined }).text.startsWith('Hello,')).toBe(
      true,
    );
    expect(mailText('fr', 'greetingNoName')).toBe('Bonjour,');
  });

  it('has the same keys and placeholders in every language', () => {
    const english = JSON.parse(readFileSync(new URL('../../../locales/en/emails.json', import.meta.url), 'utf8'));
    const french = JSON.parse(readFileSync(new URL('../../../locales/fr/emails.json', import.meta.url), 'utf8'));
    expect(keysOf(french).sort()).toEqual(keysOf(english).sort());
    for (const key of keysOf(english)) {
      expect(placeholders(mailText('fr', key)), key).toEqual(placeholders(mailText('en', key)));
    }
  });
});
