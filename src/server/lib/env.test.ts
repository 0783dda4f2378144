import { describe, expect, it } from 'vitest';
import { ConfigError, HTTP_URL, readSettings, withoutTrailingSlash, type SettingsSchema } from './env';

const FIXTURE = {
  type: 'object',
  properties: {
    WORKERS: { type: 'integer', minimum: 1, maximum: 8, default: 2 },
    DELAY: { type: 'integer', minimum: 0, maximum: 60 },
    VERBOSE: { type: 'boolean', default: false },
    COLOUR: { type: 'string', enum: ['red', 'green'] },
    HOME_PAGE: { ...HTTP_URL, default: 'https://example.org/' },
    TOKEN: { type: 'string', minLength: 16 },
  },
} as const satisfies SettingsSchema;

describe('readSettings', () => {
  it('fills in the defaults and leaves the others unset', () => {
    expect(readSettings(FIXTURE, {})).toEqual({ WORKERS: 2, VERBOSE: false, HOME_PAGE: 'https://example.org/' });
  });

  it('converts the values by their type, trimmed, and counts a blank one as unset', () => {
    const settings = readSettings(FIXTURE, {
      WORKERS: ' 4 ',
      DELAY: '',
      VERBOSE: 'true',
      COLOUR: 'green',
      TOKEN: 'a-token-of-twenty-chars',
      OTHER: 'not read',
    });
    expect(settings).toEqual({
      WORKERS: 4,
      VERBOSE: true,
      COLOUR: 'green',
      HOME_PAGE: 'https://example.org/',
      TOKEN: 'a-token-of-twenty-chars',
    });
  });

  it('names every variable it cannot use, with what it must be and what it was', () => {
    const read = () =>
      readSettings(FIXTURE, {
        WORKERS: 'four',
        DELAY: '61',
        VERBOSE: 'maybe',
        COLOUR: 'blue',
        HOME_PAGE: 'javascript:alert(1)',
      });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(
      'WORKERS must be a whole number, got "four"; DELAY must be between 0 and 60, got "61"; ' +
        'VERBOSE must be true or false, got "maybe"; COLOUR must be one of red, green, got "blue"; ' +
        'HOME_PAGE must be an http(s) URL, got "javascript:alert(1)"',
    );
  });

  it('does not repeat a secret that is too short', () => {
    expect(() => readSettings(FIXTURE, { TOKEN: 'hunter2' })).toThrow(/^TOKEN must be at least 16 characters long$/);
  });

  it('refuses an address that is not one', () => {
    expect(() => readSettings(FIXTURE, { HOME_PAGE: 'https://' })).toThrow(/HOME_PAGE must be an http\(s\) URL/);
    expect(() => readSettings(FIXTURE, { HOME_PAGE: 'https://exa mple.org' })).toThrow(/HOME_PAGE/);
    expect(withoutTrailingSlash(readSettings(FIXTURE, { HOME_PAGE: 'https://example.org/a//' }).HOME_PAGE)).toBe(
      'https://example.org/a',
    );
  });
});
