import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

/**
 * Brand ramp around the department's green (#007A4D at step 80, the step Fluent uses for primary buttons,
 * brand text and focus accents). Darker steps mix toward #001A10, lighter steps toward white.
 * Contrast on white: step 80 is 5.4:1 and step 70 (links, hover) 6.5:1, both above WCAG AA for body text.
 */
export const brandGreen: BrandVariants = {
  10: '#001A10',
  20: '#002819',
  30: '#003521',
  40: '#00432A',
  50: '#005133',
  60: '#005F3C',
  70: '#006C44',
  80: '#007A4D',
  90: '#1D8961',
  100: '#3B9976',
  110: '#58A88A',
  120: '#75B79F',
  130: '#93C6B3',
  140: '#B0D6C8',
  150: '#CDE5DC',
  160: '#EBF4F1',
};

/** Error red: 7.1:1 on white. */
export const errorRed = '#B10E1C';

/** Text input height in pixels. */
export const INPUT_HEIGHT_PX = 56;

/** Breakpoints in pixels: a width at or above the value belongs to that size. */
export const breakpoints = {
  xs: 400,
  sm: 600,
  md: 900,
  lg: 1280,
  xl: 1440,
  xxl: 1920,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** Media query matching widths at or above the breakpoint, for makeStyles keys. */
export function mediaUp(bp: Breakpoint): string {
  return `@media (min-width: ${breakpoints[bp]}px)`;
}

/** Media query matching widths below the breakpoint (0.02 px under it, so up and down never overlap). */
export function mediaDown(bp: Breakpoint): string {
  return `@media (max-width: ${breakpoints[bp] - 0.02}px)`;
}

/** Poppins first (self-hosted, see src/main.tsx), then the platform's own sans-serif faces. */
export const bodyFontFamily = "'Poppins', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif";

/**
 * Tokens of our own, added to the Fluent theme. FluentProvider turns every theme key into a CSS variable
 * (`--etaInputHeight`), so code that must not import app/ (the form engine) can use
 * `var(--etaInputHeight)` and still follow the theme.
 */
export interface EtaTokens {
  etaInputHeight: string;
  etaErrorColor: string;
}

export type EtaTheme = Theme & EtaTokens;

/** CSS variable references for the tokens above, for use in makeStyles. */
export const etaTokens: Record<keyof EtaTokens, string> = {
  etaInputHeight: 'var(--etaInputHeight)',
  etaErrorColor: 'var(--etaErrorColor)',
};

function buildTheme(): EtaTheme {
  const base = createLightTheme(brandGreen);
  return {
    ...base,
    fontFamilyBase: bodyFontFamily,
    // Focus rings and links in the darker green keep 6.5:1 against white.
    colorBrandForegroundLink: brandGreen[70],
    colorBrandForegroundLinkHover: brandGreen[50],
    colorBrandForegroundLinkPressed: brandGreen[40],
    colorPaletteRedForeground1: errorRed,
    colorPaletteRedForeground2: errorRed,
    colorPaletteRedForeground3: errorRed,
    colorPaletteRedBorder2: errorRed,
    colorPaletteRedBackground3: errorRed,
    colorStatusDangerForeground1: errorRed,
    colorStatusDangerForeground3: errorRed,
    colorStatusDangerBorder2: errorRed,
    colorStatusDangerBackground3: errorRed,
    etaInputHeight: `${INPUT_HEIGHT_PX}px`,
    etaErrorColor: errorRed,
  };
}

let built: EtaTheme | undefined;

/**
 * The portal's one Fluent UI theme, built once from the tokens above: on a page the server rendered, by the app's start
 * in a task of its own just before hydrating (src/app/boot.tsx), otherwise when the portal first renders; never while
 * the app's code is evaluated (that task is already long on a phone).
 */
export function etaTheme(): EtaTheme {
  built ??= buildTheme();
  return built;
}
