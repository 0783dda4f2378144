import { describe, expect, it } from 'vitest';
import { breakpoints, mediaDown, mediaUp } from '@/app/theme';
import { NARROW, NARROW_BREAKPOINT_PX, WIDE } from './media';

describe('page kit media queries', () => {
  it('break at the theme’s sm breakpoint', () => {
    expect(NARROW_BREAKPOINT_PX).toBe(breakpoints.sm);
    expect(NARROW).toBe(mediaDown('sm'));
    expect(WIDE).toBe(mediaUp('sm'));
  });
});
