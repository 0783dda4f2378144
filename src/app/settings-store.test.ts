import { describe, expect, it, vi } from 'vitest';
import { INLINE_SETTINGS_ID } from '@/api/settings';
import { browserSettings, loadSettings, readInlineSettings } from './settings-store';

const noPage = undefined;
const getSetting = (key: string) => browserSettings()[key] ?? '';

describe("the browser's runtime settings", () => {
  it('loads GET /envs once and overlays the defaults', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(
          JSON.stringify([
            { key: 'API_URL', value: 'https://api.example.org' },
            { key: 'EXTRA', value: 'x' },
          ]),
          {
            status: 200,
          },
        ),
    );
    const loaded = await loadSettings(fetchImpl as unknown as typeof fetch, noPage);
    expect(browserSettings()).toBe(loaded);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect((fetchImpl.mock.calls[0] as unknown[])[0]).toBe('/envs');
    expect(getSetting('API_URL')).toBe('https://api.example.org');
    expect(getSetting('EXTRA')).toBe('x');
    expect(getSetting('SESSION_WARNING_SECONDS')).toBe('120');
  });

  it('takes the settings the server wrote into the page without a request', async () => {
    const doc = document.implementation.createHTMLDocument('portal');
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = INLINE_SETTINGS_ID;
    block.textContent = JSON.stringify([{ key: 'TERMS_URL', value: 'https://gov.example/terms' }]);
    doc.head.append(block);
    const fetchImpl = vi.fn();
    await loadSettings(fetchImpl as unknown as typeof fetch, readInlineSettings(doc));
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(getSetting('TERMS_URL')).toBe('https://gov.example/terms');
  });

  it('ignores a page block that is missing, executable or not a list of settings', () => {
    const doc = document.implementation.createHTMLDocument('portal');
    expect(readInlineSettings(doc)).toBeUndefined();
    const block = doc.createElement('script');
    block.id = INLINE_SETTINGS_ID;
    block.textContent = '[]';
    doc.head.append(block);
    expect(readInlineSettings(doc)).toBeUndefined();
    block.type = 'application/json';
    block.textContent = '{"API_URL":"x"}';
    expect(readInlineSettings(doc)).toBeUndefined();
    block.textContent = 'not json';
    expect(readInlineSettings(doc)).toBeUndefined();
  });

  it('rejects on a failed status, a malformed body and a network error, keeping what it had', async () => {
    const before = browserSettings();
    await expect(
      loadSettings((async () => new Response('nope', { status: 503 })) as typeof fetch, noPage),
    ).rejects.toThrow('503');
    await expect(
      loadSettings(
        (async () => new Response(JSON.stringify({ API_URL: 'x' }), { status: 200 })) as typeof fetch,
        noPage,
      ),
    ).rejects.toThrow('list');
    await expect(
      loadSettings(
        (async () => {
          throw new TypeError('Failed to fetch');
        }) as typeof fetch,
        noPage,
      ),
    ).rejects.toThrow('Failed to fetch');
    expect(browserSettings()).toBe(before);
  });
});
