import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ISOLATE_END, ISOLATE_START, localiseInterpolation } from './i18n-interpolation';

describe('localiseInterpolation', () => {
  const instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    lng: 'en',
    resources: {
      en: { translation: { sent: 'We sent {{count}} e-mails to {{email}}', when: 'On {{day, number}}' } },
      ar: { translation: { sent: 'أرسلنا {{count}} رسائل إلى {{email}}' } },
      fr: { translation: { sent: 'Nous avons envoyé {{count}} e-mails à {{email}}' } },
    },
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  localiseInterpolation(instance);

  it('writes numbers the way of the language', () => {
    expect(instance.t('sent', { count: 1200, email: 'a@b.example' })).toBe('We sent 1,200 e-mails to a@b.example');
    expect(instance.t('sent', { count: 1200, email: 'a@b.example', lng: 'fr' })).toBe(
      'Nous avons envoyé 1\u202f200 e-mails à a@b.example',
    );
    expect(instance.t('when', { day: 3000 })).toBe('On 3,000');
  });

  it('isolates Latin data inside right-to-left text, with the digits of the locale', () => {
    expect(instance.t('sent', { count: 12, email: 'ana@example.com', lng: 'ar' })).toBe(
      `أرسلنا ${new Intl.NumberFormat('ar').format(12)} رسائل إلى ${ISOLATE_START}ana@example.com${ISOLATE_END}`,
    );
  });
});
