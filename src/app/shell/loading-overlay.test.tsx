import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { beginLoading } from '@/api/loading';
import { initI18n } from '@/app/i18n';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  beforeAll(async () => {
    localStorage.setItem('eta.language', 'en');
    await initI18n();
  });
  afterEach(() => vi.useRealTimers());

  it('shows a labelled spinner only when a request runs longer than 200 ms', () => {
    vi.useFakeTimers();
    render(<LoadingOverlay />);
    let end = () => {};
    act(() => {
      end = beginLoading();
    });
    act(() => vi.advanceTimersByTime(199));
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toContain('Loading');
    act(() => end());
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
