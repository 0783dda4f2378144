import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../validation/schema-walk';
import { answersFromPost, MAX_LIST_ITEMS, postedFieldsOf } from './posted-answers';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer' },
    consent: { type: 'boolean' },
    visitedBefore: { type: 'boolean' },
    arrival: { type: 'string', format: 'date' },
    mobile: { type: 'object', properties: { isoAlpha2Code: { type: 'string' }, mobileNumber: { type: 'string' } } },
    nationalities: { type: 'array', items: { type: 'string' } },
    languages: { type: 'array', items: { type: 'string', enum: ['en', 'fr'] } },
  },
};
const ui: JsonSchema = { arrival: { 'ui:widget': 'date' } };
const all = Object.keys(schema.properties as object);

const post = (entries: [string, string][]) => new URLSearchParams(entries);

describe('answers read back from a form posted without scripts', () => {
  it('reads each value as its schema type: numbers, yes or no, dates by their parts, objects and lists by path', () => {
    const answers = answersFromPost(
      schema,
      ui,
      all,
      post([
        ['_csrf', 'token'],
        ['name', 'Zoë'],
        ['age', ' 42 '],
        ['consent', 'true'],
        ['visitedBefore', 'false'],
        ['arrival.day', '3'],
        ['arrival.month', '2'],
        ['arrival.year', '2030'],
        ['mobile.isoAlpha2Code', 'ZA'],
        ['mobile.mobileNumber', '082 123 4567'],
        ['nationalities.1', 'FR'],
        ['nationalities.0', 'DE'],
        ['languages', 'fr'],
        ['languages', 'en'],
      ]),
    );
    expect(answers).toEqual({
      name: 'Zoë',
      age: 42,
      consent: true,
      visitedBefore: false,
      arrival: '2030-02-03',
      mobile: { isoAlpha2Code: 'ZA', mobileNumber: '082 123 4567' },
      nationalities: ['DE', 'FR'],
      languages: ['fr', 'en'],
    });
  });

  it('leaves an empty field unanswered and keeps what cannot be read as its type for validation to name', () => {
    const answers = answersFromPost(
      schema,
      ui,
      all,
      post([
        ['name', ''],
        ['age', 'forty'],
        ['arrival.day', '31'],
        ['arrival.month', ''],
        ['arrival.year', ''],
        ['mobile.isoAlpha2Code', ''],
        ['mobile.mobileNumber', ''],
        ['nationalities.0', ''],
      ]),
    );
    // A date given in part is kept as such (the date's own message names it).
    expect(answers).toEqual({ age: 'forty', arrival: '--31' });
  });

  it('reads only the fields of the page shown', () => {
    expect(
      answersFromPost(
        schema,
        ui,
        ['name'],
        post([
          ['name', 'A'],
          ['age', '3'],
        ]),
      ),
    ).toEqual({ name: 'A' });
  });

  it('carries answers in fields that read back as the same answers (the other pages of a form sent at its end)', () => {
    const answers = {
      name: 'Zoë',
      age: 42,
      consent: true,
      visitedBefore: false,
      arrival: '2030-02-03',
      mobile: { isoAlpha2Code: 'ZA', mobileNumber: '082 123 4567' },
      nationalities: ['DE', 'FR'],
      languages: ['fr', 'en'],
    };
    const fields = postedFieldsOf(answers);
    expect(fields).toContainEqual(['arrival', '2030-02-03']);
    expect(fields).toContainEqual(['visitedBefore', 'false']);
    expect(fields).toContainEqual(['nationalities.1', 'FR']);
    expect(answersFromPost(schema, ui, all, post(fields))).toEqual(answers);
    // What cannot be read as its type, and a date given in part, come back as they were typed.
    expect(answersFromPost(schema, ui, all, post(postedFieldsOf({ age: 'forty', arrival: '--31' })))).toEqual({
      age: 'forty',
      arrival: '--31',
    });
    expect(postedFieldsOf({ name: '', nationalities: [] })).toEqual([]);
  });

  it('reads a list no further than one item beyond its maxItems, however many are posted', () => {
    const capped: JsonSchema = {
      type: 'object',
      properties: {
        nationalities: { type: 'array', items: { type: 'string' }, maxItems: 5 },
        languages: { type: 'array', items: { type: 'string', enum: ['en', 'fr'] }, maxItems: 1 },
        places: { type: 'array', items: { type: 'string' } },
      },
    };
    const many = (name: string, count: number) =>
      Array.from({ length: count }, (_, i): [string, string] => [`${name}.${i}`, 'FR']);
    const answers = answersFromPost(
      capped,
      {},
      ['nationalities', 'languages', 'places'],
      post([
        ...many('nationalities', 32_000),
        ...many('places', 2_000),
        ['languages', 'en'],
        ['languages', 'fr'],
        ['languages', 'en'],
        // Indices no list can reach are not read at all.
        ['places.123456789', 'far'],
      ]),
    );
    expect(answers.nationalities).toHaveLength(6);
    expect(answers.languages).toEqual(['en', 'fr']);
    expect(answers.places).toHaveLength(MAX_LIST_ITEMS + 1);
    expect(answers.places).not.toContain('far');
  });
});
