/**
 * Keystroke to next paint in a form at 4x CPU slowdown: Chromium's Event Timing entries (keydown, keypress,
 * keyup, input) grouped by interaction, the longest event of each keystroke being its time to next paint. The
 * browser reports only events of 16 ms or more; a keystroke without an entry counts as 16 ms (an upper bound).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../support/chromium';

export interface KeystrokeFigures {
  keystrokes: number;
  p75: number;
  worst: number;
}

const THRESHOLD_MS = 16;

export async function keystrokeToNextPaint(base: string, chromePath: string): Promise<KeystrokeFigures> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    // The form preview renders the application form with the engine the applicant uses.
    await page.goto(new URL('/form-preview', base).href);
    await page.getByLabel('Form', { exact: true }).selectOption('application-form');
    const field = page.locator('main input[type="text"]:visible').first();
    await field.waitFor();
    await page.waitForTimeout(1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate((threshold) => {
      const w = window as unknown as { __keyEvents: { id: number; duration: number }[] };
      w.__keyEvents = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          if (entry.interactionId) w.__keyEvents.push({ id: entry.interactionId, duration: entry.duration });
        }
      }).observe({ type: 'event', durationThreshold: threshold, buffered: false } as PerformanceObserverInit);
    }, THRESHOLD_MS);
    await field.click();
    const text = 'Traveller Name Example';
    await field.pressSequentially(text, { delay: 120 });
    await page.waitForTimeout(1000);
    const events = await page.evaluate(
      () => (window as unknown as { __keyEvents: { id: number; duration: number }[] }).__keyEvents,
    );
    const perInteraction = new Map<number, number>();
    for (const e of events) perInteraction.set(e.id, Math.max(perInteraction.get(e.id) ?? 0, e.duration));
    const durations = [...perInteraction.values()];
    while (durations.length < text.length) durations.push(THRESHOLD_MS);
    durations.sort((a, b) => a - b);
    return {
      keystrokes: text.length,
      p75: durations[Math.ceil(0.75 * durations.length) - 1],
      worst: durations[durations.length - 1],
    };
  } finally {
    await browser.close();
  }
}
