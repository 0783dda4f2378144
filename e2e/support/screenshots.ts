import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page, PageScreenshotOptions } from '@playwright/test';

/**
 * Whether the journeys photograph the pages they pass, for a person to look at (`.cache/screenshots/`): on a
 * developer's machine always, in CI (`CI` set) only with E2E_SCREENSHOTS=1. A picture nobody looks at proves nothing,
 * and each costs the browser a tenth of a second or more of a busy CPU. A screenshot a test reads (the seal scanned
 * from it, a page compared before and after its scripts) is taken whatever this says.
 */
export const PHOTOGRAPHING = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** Photographs the whole page to `path` (its folder made first) when the journeys photograph pages. */
export async function photograph(page: Page, path: string, options: PageScreenshotOptions = {}): Promise<void> {
  if (!PHOTOGRAPHING) return;
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ fullPage: true, ...options, path });
}
