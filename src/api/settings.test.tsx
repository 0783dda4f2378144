import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { SettingsContext, settingsOf, useSettings } from './settings';

describe('runtime settings', () => {
  it('overlays the defaults with the list, keeping keys the portal does not know', () => {
    const settings = settingsOf([
      { key: 'API_URL', value: 'https://api.example.org' },
      { key: 'EXTRA', value: 'x' },
    ]);
    expect(settings.API_URL).toBe('https://api.example.org');
    expect(settings.EXTRA).toBe('x');
    expect(settings.SESSION_WARNING_SECONDS).toBe('120');
    expect(Object.isFrozen(settings)).toBe(true);
  });

  it('defaults API_URL to the page origin and FORM_PREVIEW to true outside production', () => {
    const settings = settingsOf([]);
    expect(settings.API_URL).toBe('');
    expect(settings.FORM_PREVIEW).toBe('true');
    expect(settings.UNKNOWN_KEY).toBeUndefined();
  });

  it('gives useSettings the settings of its tree, the defaults where none are given', () => {
    expect(renderHook(() => useSettings()).result.current).toEqual(settingsOf([]));
    const given = settingsOf([{ key: 'DEV_MAILBOX', value: 'true' }]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SettingsContext value={given}>{children}</SettingsContext>
    );
    expect(renderHook(() => useSettings(), { wrapper }).result.current).toBe(given);
  });
});
