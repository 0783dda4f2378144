import { describe, expect, it } from 'vitest';
import { breakpoints, brandGreen, errorRed, etaTheme, INPUT_HEIGHT_PX, mediaDown, mediaUp } from './theme';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastOnWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

describe('theme', () => {
  it('uses the green brand for primary buttons and the spec breakpoints', () => {
    expect(etaTheme().colorBrandBackground).toBe('#007A4D');
    expect(breakpoints).toEqual({ xs: 400, sm: 600, md: 900, lg: 1280, xl: 1440, xxl: 1920 });
  });

  it('keeps brand text, links and the error red at WCAG AA contrast on white', () => {
    expect(contrastOnWhite(brandGreen[80])).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(etaTheme().colorBrandForegroundLink)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(errorRed)).toBeGreaterThanOrEqual(4.5);
    expect(etaTheme().colorPaletteRedForeground1).toBe(errorRed);
  });

  it('sets Poppins as the body font and a 56 px input height token', () => {
    expect(etaTheme().fontFamilyBase.startsWith("'Poppins'")).toBe(true);
    expect(INPUT_HEIGHT_PX).toBe(56);
    expect(etaTheme().etaInputHeight).toBe('56px');
  });

  it('builds media queries that do not overlap at the breakpoint', () => {
    expect(mediaUp('sm')).toBe('@media (min-width: 600px)');
    expect(mediaDown('sm')).toBe('@media (max-width: 599.98px)');
  });
});
