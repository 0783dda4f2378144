// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIRS, makeScratchDir } from './checks';
import { checkPages, conditionFields } from './page-checks';
import { didYouMean } from './suggest';

const scratch = makeScratchDir('page-checks-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A catalogue of one form, `trip`, with the UI schema given. */
function catalogueWith(ui: unknown) {
  const schemas = join(scratch, String(Math.random()).slice(2));
  mkdirSync(schemas, { recursive: true });
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'trip',
    type: 'object',
    properties: {
      hasCar: { type: 'boolean' },
      plate: { type: 'string' },
      purpose: { type: 'string' },
      hotel: { type: 'string' },
    },
  };
  writeFileSync(join(schemas, 'trip.schema.json'), JSON.stringify(schema));
  writeFileSync(join(schemas, 'trip.ui.json'), JSON.stringify(ui));
  return { ...DEFAULT_DIRS, schemas, manifest: join(schemas, 'routes.manifest.json') };
}

describe('the pages check', () => {
  it('passes the repository’s forms', () => {
    expect(checkPages(DEFAULT_DIRS)).toEqual([]);
  });

  it('names a condition on a field that does not exist, with the name meant', () => {
    const dirs = catalogueWith({
      'ui:pages': [
        { id: 'car', fields: ['hasCar', 'purpose'] },
        { id: 'details', fields: ['plate', 'hotel'], when: { properties: { hasCr: { const: true } } } },
      ],
      plaet: { 'ui:when': { properties: { hasCar: { const: true } } } },
      hotel: { 'ui:when': { required: ['purpse'] } },
    });
    expect(checkPages(dirs).map((finding) => finding.message)).toEqual([
      '"plaet" has a "ui:when" but is not a field of schemas/trip.schema.json (did you mean "plate"?): correct the name',
      'field "hotel" has a "ui:when" on "purpse", which is not a field of schemas/trip.schema.json (did you mean "purpose"?): correct the name',
      'page "details" has a "when" on "hasCr", which is not a field of schemas/trip.schema.json (did you mean "hasCar"?): correct the name',
    ]);
  });

  it('names a condition decided by an answer asked later, or on the page it decides', () => {
    const dirs = catalogueWith({
      'ui:pages': [
        { id: 'car-details', fields: ['plate'], when: { properties: { hasCar: { const: true } } } },
        { id: 'car', fields: ['hasCar', 'purpose'], when: { not: { required: ['purpose'] } } },
        { id: 'stay', fields: ['hotel'] },
      ],
      purpose: { 'ui:when': { properties: { hotel: { minLength: 1 } } } },
    });
    expect(checkPages(dirs).map((finding) => finding.message)).toEqual([
      'page "car-details" is shown when "hasCar" has an answer, but "hasCar" is asked later, on page "car": move the page after "car", or "hasCar" before it',
      'page "car" is shown when "purpose" has an answer that is asked on that same page: base its "when" on an earlier page\'s field, or move "purpose" to an earlier page',
      'field "purpose" (page "car") is asked when "hotel" has an answer, but "hotel" is asked later, on page "stay": move one of them so that "hotel" comes first',
    ]);
  });

  it('reads the fields a condition names wherever the condition names them', () => {
    expect(
      conditionFields({
        properties: { a: {} },
        required: ['b'],
        anyOf: [{ properties: { c: {} } }],
        not: { required: ['d'] },
        if: { properties: { e: {} } },
      }).sort(),
    ).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('suggests a name only when it is close to one that exists', () => {
    expect(didYouMean('maxLenght', ['maxLength', 'minLength'])).toBe(' (did you mean "maxLength"?)');
    expect(didYouMean('colour', ['purpose', 'hotel'])).toBe('');
  });
});
