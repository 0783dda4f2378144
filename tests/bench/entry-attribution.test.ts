// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bytesPerSource, decodeSegment, ownerOf } from './entry-attribution';

describe('source-map attribution of the entry', () => {
  it('decodes base64 VLQ segments, signs and continuations included', () => {
    expect(decodeSegment('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeSegment('CAAC')).toEqual([1, 0, 0, 1]);
    expect(decodeSegment('D')).toEqual([-1]);
    // 16 needs a continuation digit: 16 << 1 = 32 = 0b100000 → "g" (0 with continuation) then "B" (1).
    expect(decodeSegment('gB')).toEqual([16]);
    expect(() => decodeSegment('A!')).toThrow();
  });

  it('gives each segment its bytes up to the next one or the line end, the rest to unmapped', () => {
    // Line 1: "ab" unmapped, "cd" from source 0 (column 2), "éf" from source 1 (column 4; é is 2 bytes).
    // Line 2: "gh" from source 0 again (source index back by 1), then a segment without a source.
    const code = 'abcdéf\nghij';
    const mappings = 'EAAA,ECAA;ADAA,E';
    const bytes = bytesPerSource(code, mappings);
    expect(bytes.get(0)).toBe(2 + 2);
    expect(bytes.get(1)).toBe(3);
    expect(bytes.get(-1)).toBe(2 + 1 + 2);
    expect([...bytes.values()].reduce((a, b) => a + b, 0)).toBe(Buffer.byteLength(code));
  });

  it('names the npm package (scoped or not, nested node_modules by the innermost) or the portal folder', () => {
    expect(ownerOf('node_modules/react-dom/cjs/react-dom.production.js')).toBe('react-dom');
    expect(ownerOf('node_modules/@fluentui/tokens/lib/global/colors.js')).toBe('@fluentui/tokens');
    expect(ownerOf('node_modules/a/node_modules/@x/y/index.js')).toBe('@x/y');
    expect(ownerOf('src/app/shell/header.tsx')).toBe('src/app');
    expect(ownerOf('src/main.tsx')).toBe('src/main.tsx');
  });
});
