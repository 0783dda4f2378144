import '@/engine/testing/forms-loaded';
import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import { describe, expect, it } from 'vitest';
import { createRefResolver, type JsonSchema } from '../validation/schema-walk';
import {
  conditionsOf,
  createFormFlow,
  pagesOf,
  withConditionalRequired,
  type CompiledCheck,
  type FormFlow,
} from './flow';

// A fixture form of its own: two pages, the second asked only for visitors, and a field asked only when insured.
const schema: JsonSchema = {
  $id: 'flow-test',
  type: 'object',
  properties: {
    purpose: { type: 'string', enum: ['VISIT', 'WORK'] },
    insured: { type: 'boolean' },
    insurer: { type: 'string', minLength: 1 },
    host: { type: 'string', minLength: 1 },
    hostPhone: { type: 'string' },
  },
  required: ['purpose', 'insured', 'insurer', 'host'],
  additionalProperties: false,
  errorMessage: { required: { purpose: 'test:purpose', insurer: 'test:insurer', host: 'test:host' } },
};
const uiSchema: JsonSchema = {
  'ui:pages': [
    { id: 'trip', fields: ['purpose', 'insured', 'insurer'] },
    {
      id: 'host',
      fields: ['host', 'hostPhone'],
      when: { properties: { purpose: { const: 'VISIT' } }, required: ['purpose'] },
    },
  ],
  insurer: { 'ui:when': { properties: { insured: { const: true } }, required: ['insured'] } },
};

function buildFlow(): FormFlow {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajvErrors(ajv);
  const effective = withConditionalRequired(schema, uiSchema);
  const validate = ajv.compile(effective) as CompiledCheck;
  const conditions = Object.fromEntries(
    Object.entries(conditionsOf(uiSchema, schema)).map(([key, when]) => [key, ajv.compile(when) as CompiledCheck]),
  );
  return createFormFlow({
    id: 'flow-test',
    schema: effective,
    uiSchema,
    validate,
    conditions,
    resolve: createRefResolver({ 'flow-test': effective }),
  });
}

describe('form flow', () => {
  const flow = buildFlow();

  it('reads pages from ui:pages, or makes one page of every property in ui:order', () => {
    expect(flow.pages.map((p) => p.id)).toEqual(['trip', 'host']);
    expect(pagesOf({ 'ui:order': ['b', '*'] }, { properties: { a: {}, b: {} } })).toEqual([
      { id: 'main', fields: ['b', 'a'] },
    ]);
  });

  it('makes a field required only while its page or its own condition holds, with its message, and no twin in the schema', () => {
    const effective = withConditionalRequired(schema, uiSchema);
    expect(effective.required).toEqual(['purpose', 'insured']);
    expect(effective.errorMessage).toEqual({ required: { purpose: 'test:purpose' } });
    expect(flow.problems({ purpose: 'WORK', insured: false })).toEqual([]);
    expect(flow.problems({ purpose: 'VISIT', insured: true }).map((p) => [p.path, p.key])).toEqual([
      ['insurer', 'test:insurer'],
      ['host', 'test:host'],
    ]);
  });

  it('shows a conditional field only while its condition holds, and drops answers of skipped pages and hidden fields', () => {
    const trip = flow.page('trip')!;
    expect(flow.fieldsShown(trip, { insured: false })).toEqual(['purpose', 'insured']);
    expect(flow.fieldsShown(trip, { insured: true })).toEqual(['purpose', 'insured', 'insurer']);
    expect(flow.pageApplies(flow.page('host')!, { purpose: 'WORK' })).toBe(false);
    expect(flow.withoutSkipped({ purpose: 'WORK', insured: false, insurer: 'Acme', host: 'Ana' })).toEqual({
      purpose: 'WORK',
      insured: false,
    });
    expect(flow.withoutSkipped({ purpose: 'VISIT', insured: true, insurer: 'Acme', host: 'Ana' })).toEqual({
      purpose: 'VISIT',
      insured: true,
      insurer: 'Acme',
      host: 'Ana',
    });
  });

  it('finds the first page with a problem among those that apply', () => {
    expect(flow.firstPageWithProblems({ purpose: 'VISIT', insured: false })?.id).toBe('host');
    expect(flow.firstPageWithProblems({ purpose: 'WORK', insured: true })?.id).toBe('trip');
    expect(flow.firstPageWithProblems({ purpose: 'WORK', insured: false, host: '' })).toBeUndefined();
  });

  it('refuses in a draft only what more typing cannot repair', () => {
    const result = flow.check({ purpose: 'SAIL', insured: true, extra: 1 });
    expect(result.problems.map((p) => p.path)).toEqual(expect.arrayContaining(['purpose', 'insurer', 'extra']));
    expect(result.draftProblems.map((p) => p.path).sort()).toEqual(['extra', 'purpose']);
  });
});
