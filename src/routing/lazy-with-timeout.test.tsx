import { render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithTimeout, isChunkLoadError, lazyWithTimeout } from './lazy-with-timeout';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

class Catch extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>{`${this.state.error.name}: ${this.state.error.message}`}</p> : this.props.children;
  }
}

describe('chunk loading with a time-out', () => {
  it('resolves with the module when it loads in time', async () => {
    await expect(importWithTimeout(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('fails with "Loading chunk failed" after 120000 ms', async () => {
    vi.useFakeTimers();
    const pending = importWithTimeout(() => new Promise<never>(() => undefined));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe('Loading chunk failed');
  });

  it('turns a failed import into "Loading chunk failed", keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/faq-1234.js');
    const error = await importWithTimeout(() => Promise.reject(cause)).catch((e: unknown) => e as ChunkLoadError);
    expect(error.message).toBe('Loading chunk failed');
    expect(error.cause).toBe(cause);
  });

  it('recognises chunk errors, including the browsers’ own messages', () => {
    expect(isChunkLoadError(new ChunkLoadError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
    expect(isChunkLoadError('Loading chunk failed')).toBe(false);
  });

  it('renders a lazy page, and raises the chunk error to the boundary when the import fails', async () => {
    // React reports the caught error on the console; the assertion below is what matters.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyWithTimeout(async () => ({ default: () => <p>page body</p> }));
    const Broken = lazyWithTimeout<object>(() => Promise.reject(new TypeError('network')));
    render(
      <>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
        <Catch>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </Catch>
      </>,
    );
    expect(await screen.findByText('page body')).toBeTruthy();
    expect(await screen.findByText('ChunkLoadError: Loading chunk failed')).toBeTruthy();
  });
});
