import '@/engine/testing/forms-loaded';
import { describe, expect, it } from 'vitest';
import { formNeeds } from './form-loader';
import { lazyFields, lazyWidgets } from './registry';

describe('what a form loads on demand', () => {
  it('names the widgets and fields its UI schema names, and the select list for a choice without a widget', () => {
    const schema = {
      type: 'object',
      properties: {
        title: { type: 'string', enum: ['Mr', 'Ms'] },
        country: { type: 'string' },
        mobile: { type: 'object' },
        name: { type: 'string' },
      },
    };
    const uiSchema = { country: { 'ui:widget': 'country' }, mobile: { 'ui:field': 'phone' } };
    expect(new Set(formNeeds(schema, uiSchema))).toEqual(
      new Set([lazyWidgets.select, lazyWidgets.country, lazyFields.phone]),
    );
  });

  it('names nothing for a form of plain text fields', () => {
    const schema = { type: 'object', properties: { email: { type: 'string' }, password: { type: 'string' } } };
    expect(formNeeds(schema, { password: { 'ui:widget': 'password' } })).toEqual([]);
  });
});
