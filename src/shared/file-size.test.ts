import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('file sizes', () => {
  it('are written with the units and digits of the language', () => {
    expect(formatFileSize(1_400_000, 'en')).toBe('1.4 MB');
    expect(formatFileSize(240_000, 'en')).toBe('240 kB');
    expect(formatFileSize(512, 'en')).toBe('512 bytes');
    expect(formatFileSize(512, 'fr')).toBe('512\u00a0octets');
    expect(formatFileSize(12_300_000, 'en')).toBe('12 MB');
    expect(formatFileSize(1_400_000, 'fr')).toBe('1,4\u202fMo');
    expect(formatFileSize(1_400_000, 'ar')).toMatch(/^1[.٫]4 م\.ب$|^١٫٤ م\.ب$/);
  });
});
