import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country } from '../../shared/contract';
import { availableLanguages } from '../i18n';
import { buildTestApp } from '../testing/harness';
import { referenceLists } from './routes';

describe('reference data routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ maxApplicants: 7, accessTokenTtlSeconds: 600, refreshTokenTtlSeconds: 7200 });
  });
  afterAll(async () => {
    await app.close();
  });

  async function countries(query: string, headers: Record<string, string> = {}): Promise<Country[]> {
    const response = await app.inject({ url: `/api/eta/static/countries${query}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json();
  }

  it('lists every ISO 3166-1 country sorted by name, with calling codes', async () => {
    const list = await countries('');
    expect(list.length).toBeGreaterThan(240);
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    for (const country of list) expect(country.code).toMatch(/^[A-Z]{2}$/);
    expect(list.find((c) => c.code === 'ZA')).toEqual({ code: 'ZA', name: 'South Africa', callingCode: '27' });
    expect(list.find((c) => c.code === 'GB')).toMatchObject({ name: 'United Kingdom', callingCode: '44' });
    expect(list.find((c) => c.code === 'US')?.callingCode).toBe('1');
    const names = list.map((c) => c.name);
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    expect(names).toEqual([...names].sort(collator.compare));
  });

  it('searches names regardless of case and accents, and codes exactly', async () => {
    expect((await countries('?search=reunion')).map((c) => c.code)).toEqual(['RE']);
    expect((await countries('?search=AFRICA')).map((c) => c.code)).toEqual(expect.arrayContaining(['ZA', 'CF']));
    expect((await countries('?search=za')).map((c) => c.code)).toContain('ZA');
    expect((await countries('?search=%2B27')).map((c) => c.code)).toEqual(['ZA']);
    expect(await countries('?search=nowhereland')).toEqual([]);
  });

  it('names countries in French from the lang parameter or Accept-Language', async () => {
    const fromParam = await countries('?lang=fr&search=allemagne');
    expect(fromParam).toEqual([{ code: 'DE', name: 'Allemagne', callingCode: '49' }]);
    const fromHeader = await countries('?search=afrique%20du', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(fromHeader.map((c) => [c.code, c.name])).toEqual([['ZA', 'Afrique du Sud']]);
    // French collation puts "Égypte" among the E's, not after Z.
    const french = (await countries('?lang=fr')).map((c) => c.name);
    const egypt = french.indexOf('Égypte');
    expect(french[egypt + 1].localeCompare('Égypte', 'fr')).toBeGreaterThan(0);
    expect(french[egypt - 1].localeCompare('Égypte', 'fr')).toBeLessThan(0);
    expect(egypt).toBeLessThan(french.indexOf('France'));
  });

  it('rejects a malformed lang parameter', async () => {
    const response = await app.inject({ url: '/api/eta/static/countries?lang=%3Cscript%3E' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers the client settings', async () => {
    const response = await app.inject({ url: '/api/eta/static/client-settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      maxApplicantsPerApplication: 7,
      sessionWarningSeconds: 120,
      accessTokenLifetimeSeconds: 600,
      refreshTokenLifetimeSeconds: 7200,
      languages: availableLanguages(),
      fees: { ETA: 50000, ETA_SECTION_11_1: 42500 },
      currency: 'ZAR',
    });
    expect(availableLanguages()).toEqual(expect.arrayContaining(['en', 'fr']));
  });

  it('answers the reference lists held by the definitions', async () => {
    const response = await app.inject({ url: '/api/eta/static' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, string[]>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'airports',
        'maritalStatuses',
        'occupationTypes',
        'purposesOfVisit',
        'titles',
        'applicationTypes',
        'photoTypes',
        'emailActions',
        'captureTypes',
        'routeFrom',
        'captureStatuses',
      ].sort(),
    );
    expect(body.airports).toEqual([
      'OR_TAMBO_INTERNATIONAL_AIRPORT',
      'CAPE_TOWN_INTERNATIONAL_AIRPORT',
      'LANSERIA_INTERNATIONAL_AIRPORT',
    ]);
    expect(body.titles).toHaveLength(25);
    expect(body.purposesOfVisit).toHaveLength(15);
    expect(body.applicationTypes).toEqual(['ETA', 'ETA_SECTION_11_1']);
    expect(body.captureStatuses).toEqual(['success', 'failure']);
  });
});

describe('referenceLists', () => {
  it('finds each list by its values, whatever its definition is called', () => {
    const definitions = {
      $id: 'definitions',
      definitions: {
        port: { type: 'string', enum: ['OR_TAMBO_INTERNATIONAL_AIRPORT', 'CAPE_TOWN_INTERNATIONAL_AIRPORT'] },
        origin: { oneOf: [{ const: 'web' }, { const: 'mobile' }] },
        everything: { enum: ['web', 'mobile', 'other'] },
        title: { type: 'string', enum: ['MR', 'LT_COL'] },
        size: { enum: [1, 2] },
      },
    };
    expect(referenceLists(definitions)).toEqual({
      airports: ['OR_TAMBO_INTERNATIONAL_AIRPORT', 'CAPE_TOWN_INTERNATIONAL_AIRPORT'],
      routeFrom: ['web', 'mobile'],
      titles: ['MR', 'LT_COL'],
    });
  });

  it('answers nothing for an empty schema', () => {
    expect(referenceLists({})).toEqual({});
  });
});
