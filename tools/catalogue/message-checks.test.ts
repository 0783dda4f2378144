// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIRS } from './checks';
import { checkMessages, uncoveredRules } from './message-checks';

const FILE = 'schemas/x.schema.json';

describe('the messages check', () => {
  it('passes the repository’s forms and shared pieces', () => {
    expect(checkMessages(DEFAULT_DIRS)).toEqual([]);
  });

  it('names a field whose maxLength or pattern has no message, and a required field without one', () => {
    const messages = uncoveredRules(
      {
        type: 'object',
        properties: {
          nickname: { type: 'string', maxLength: 40, pattern: '\\S', errorMessage: { pattern: 'validation:a.b' } },
          age: { type: 'integer', minimum: 0 },
        },
        required: ['nickname', 'age'],
        errorMessage: { required: { nickname: 'validation:a.c' } },
      },
      FILE,
    ).map((f) => f.message);
    expect(messages).toEqual([
      'field "age" is required but has no message for it: add "age": "<namespace:key>" to "errorMessage": { "required": { ... } }',
      'field "nickname" has "maxLength" but no message for it: add "errorMessage": { "maxLength": "<namespace:key>" } to the field (validation:generic.tooLong is the generic one), its text in every language',
      'field "age" has "minimum" but no message for it: add "errorMessage": { "minimum": "<namespace:key>" } to the field (validation:generic.tooShort is the generic one), its text in every language',
    ]);
  });

  it('takes a message of the field as one text, or of a containing schema, as covering its rules; conditions need none', () => {
    expect(
      uncoveredRules(
        {
          type: 'object',
          definitions: { code: { type: 'string', pattern: '^[A-Z]+$', errorMessage: 'validation:code.invalid' } },
          properties: {
            code: { $ref: '#/definitions/code' },
            list: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 9 } },
            note: { type: 'string', maxLength: 9 },
          },
          allOf: [
            {
              if: { properties: { code: { const: 'A' } } },
              then: { required: ['note'], errorMessage: { required: { note: 'validation:note.required' } } },
            },
          ],
          errorMessage: {
            properties: { list: 'validation:list.invalid', note: 'validation:note.invalid' },
            required: 'validation:generic.required',
          },
        },
        FILE,
      ),
    ).toEqual([]);
  });
});
