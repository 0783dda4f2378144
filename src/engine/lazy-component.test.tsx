import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { formNeeds } from './form-loader';
import { lazyComponent } from './lazy-component';
import { lazyFields, lazyWidgets } from './registry';

describe('a component loaded on demand', () => {
  it('suspends until its module has loaded, then renders it with its props', async () => {
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const lazy = lazyComponent(async () => {
      await gate;
      return ({ name }: { name: string }) => <p>Hello {name}</p>;
    });
    expect(lazy.isLoaded()).toBe(false);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <lazy.Component name="Thandiwe" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => {
      finish();
      await lazy.preload();
    });
    expect(await screen.findByText('Hello Thandiwe')).toBeTruthy();
    expect(lazy.isLoaded()).toBe(true);
  });

  it('loads once however often it is preloaded', async () => {
    let loads = 0;
    const lazy = lazyComponent(async () => {
      loads += 1;
      return () => null;
    });
    await Promise.all([lazy.preload(), lazy.preload()]);
    await lazy.preload();
    expect(loads).toBe(1);
  });
});

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
