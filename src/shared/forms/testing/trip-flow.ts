import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import { createRefResolver, type JsonSchema } from '../../validation/schema-walk';
import { conditionsOf, createFormFlow, withConditionalRequired, type CompiledCheck, type FormFlow } from '../flow';

/**
 * A fixture form for the flow's tests, the three pages of the engine's multi-page test: the purpose, a host page
 * asked only of visitors to friends and relatives, and the dates, where the date of the last visit is asked only of
 * those who came before.
 */
export const tripSchema: JsonSchema = {
  $id: 'trip-flow-test',
  type: 'object',
  properties: {
    purpose: { type: 'string', enum: ['TOURISM', 'VISITING_FRIENDS_AND_RELATIVES'] },
    hostName: { type: 'string', minLength: 1 },
    arrival: { type: 'string', minLength: 1 },
    returning: { type: 'boolean' },
    lastVisit: { type: 'string', minLength: 1 },
  },
  required: ['purpose', 'hostName', 'arrival', 'lastVisit'],
  additionalProperties: false,
};

export const tripUiSchema: JsonSchema = {
  'ui:pages': [
    { id: 'purpose', fields: ['purpose'] },
    {
      id: 'host',
      fields: ['hostName'],
      when: { properties: { purpose: { const: 'VISITING_FRIENDS_AND_RELATIVES' } }, required: ['purpose'] },
    },
    { id: 'dates', fields: ['arrival', 'returning', 'lastVisit'] },
  ],
  lastVisit: { 'ui:when': { properties: { returning: { const: true } }, required: ['returning'] } },
};

/** A one-page fixture form (no `ui:pages`): its single page "main". */
export const onePageSchema: JsonSchema = {
  $id: 'one-page-flow-test',
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 } },
  required: ['name'],
  additionalProperties: false,
};

/** The flow of a fixture form, its checks compiled with ajv as the API compiles them. */
export function fixtureFlow(schema: JsonSchema, uiSchema: JsonSchema): FormFlow {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajvErrors(ajv);
  const effective = withConditionalRequired(schema, uiSchema);
  const id = String(schema.$id);
  return createFormFlow({
    id,
    schema: effective,
    uiSchema,
    validate: ajv.compile(effective) as CompiledCheck,
    conditions: Object.fromEntries(
      Object.entries(conditionsOf(uiSchema, schema)).map(([key, when]) => [key, ajv.compile(when) as CompiledCheck]),
    ),
    resolve: createRefResolver({ [id]: effective }),
  });
}
