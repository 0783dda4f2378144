import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { beginLoading, getLoadingCount, useLoadingCount } from './loading';

describe('loading counter', () => {
  it('counts pending requests, ends each once, and re-renders the hook', () => {
    const { result } = renderHook(() => useLoadingCount());
    expect(result.current).toBe(0);
    let endFirst: () => void = () => undefined;
    let endSecond: () => void = () => undefined;
    act(() => {
      endFirst = beginLoading();
      endSecond = beginLoading();
    });
    expect(result.current).toBe(2);
    act(() => {
      endFirst();
      endFirst();
    });
    expect(result.current).toBe(1);
    act(() => endSecond());
    expect(result.current).toBe(0);
    expect(getLoadingCount()).toBe(0);
  });
});
