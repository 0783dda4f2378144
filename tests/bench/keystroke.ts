/**
 * Keystroke to next paint in a form at 4x CPU slowdown, typing a name into the application form's first text field
 * (or, with `target` 'list', into its first list box, the title, where each key searches the list's options):
 * Chromium's Event Timing entries of the keys (keydown, keypress, keyup) grouped by interaction, the longest event of
 * each keystroke being its time to next paint. The browser reports only events of 16 ms or more; a keystroke
 * without an entry counts as 16 ms (an upper bound).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../support/chromium';

export interface KeystrokeFigures {
  keystrokes: number;
  p75: number;
  worst: number;
}

const THRESHOLD_MS = 16;

export type KeystrokeTarget = 'text' | 'list';

export async function keystrokeToNextPaint(
  base: string,
  chromePath: string,
  target: KeystrokeTarget = 'text',
): Promise<KeystrokeFigures> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    // The form preview renders the application form with the engine the applicant uses.
    await page.goto(new URL('/form-preview', base).href);
    // The page is rendered by the server; its form chooser answers once the scripts have taken it over.
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByLabel('Form', { exact: true }).selectOption('application-form');
    // The first field an applicant types words into (given names): the title before it is a list box, whose
    // typing only searches its few options.
    const field = page
      .locator(target === 'text' ? 'main input[type="text"]:not([role="combobox"]):visible' : 'main [role="combobox"]')
      .first();
    await field.waitFor();
    await page.waitForTimeout(1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate((threshold) => {
      const w = window as unknown as { __keyEvents: { id: number; duration: number }[] };
      w.__keyEvents = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          // Keys only: the click that puts the cursor in the field (and opens a list) is not a keystroke.
          if (entry.interactionId && entry.name.startsWith('key'))
            w.__keyEvents.push({ id: entry.interactionId, duration: entry.duration });
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

// `npx tsx tests/bench/keystroke.ts http://127.0.0.1:8631` prints the figures of the application form on that
// server (started with FORM_PREVIEW=true); KEYSTROKE_RUNS (1) repeats the measure.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base] = process.argv.slice(2);
  const runs = Number(process.env.KEYSTROKE_RUNS ?? 1);
  (async () => {
    for (let i = 0; i < runs; i += 1) {
      for (const target of ['text', 'list'] as const) {
        const k = await keystrokeToNextPaint(base, process.env.CHROME_PATH ?? '/usr/bin/chromium', target);
        console.log(
          `${target}: ${k.keystrokes} keystrokes: p75 ${k.p75.toFixed(0)} ms, worst ${k.worst.toFixed(0)} ms`,
        );
      }
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
