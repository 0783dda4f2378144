import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

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
