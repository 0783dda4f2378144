import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusPageHeading } from './focus-on-navigation';

/** Lets the MutationObserver's callbacks run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function page(html: string): HTMLElement {
  const main = document.createElement('main');
  main.tabIndex = -1;
  main.innerHTML = html;
  document.body.append(main);
  return main;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('focusPageHeading', () => {
  it("puts focus on the page's h1, made focusable, and on the page itself while it has none", () => {
    const main = page('<h1>Applicants</h1>');
    const stop = focusPageHeading(main);
    const heading = main.querySelector('h1')!;
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    stop();
    const empty = page('<p>Loading</p>');
    focusPageHeading(empty)();
    expect(document.activeElement).toBe(empty);
  });

  it('leaves focus where the page has already put it (the message saying what an action did)', () => {
    const main = page('<div role="status" tabindex="-1">Applicant added</div><h1>Applicants</h1>');
    const status = main.querySelector<HTMLElement>('[role="status"]')!;
    status.focus();
    focusPageHeading(main)();
    expect(document.activeElement).toBe(status);
  });

  it('leaves focus in a dialog open over the page (it gives focus back when it closes)', async () => {
    const main = page('<h1>Application form</h1><h2 tabindex="-1">Passport</h2>');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'alertdialog');
    dialog.innerHTML = '<button>Close</button>';
    document.body.append(dialog);
    const close = dialog.querySelector('button')!;
    close.focus();
    const stop = focusPageHeading(main);
    main.append(document.createElement('p'));
    await settled();
    expect(document.activeElement).toBe(close);
    stop();
  });

  it('follows the h1 when a loading page replaces it with the page its data makes', async () => {
    const main = page('<h1>Start a new application</h1>');
    const stop = focusPageHeading(main);
    main.innerHTML = '<h1>Applicants</h1><button>Add an applicant</button>';
    await settled();
    expect(document.activeElement).toBe(main.querySelector('h1'));
    stop();
  });

  it('stops following once the user presses a key, and after the settling time', async () => {
    const main = page('<h1>Start a new application</h1>');
    focusPageHeading(main);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    main.innerHTML = '<h1>Applicants</h1>';
    await settled();
    expect(document.activeElement).not.toBe(main.querySelector('h1'));

    vi.useFakeTimers();
    const later = page('<h1>Loading</h1>');
    focusPageHeading(later, 1_000);
    vi.advanceTimersByTime(1_001);
    vi.useRealTimers();
    later.innerHTML = '<h1>Loaded</h1>';
    await settled();
    expect(document.activeElement).not.toBe(later.querySelector('h1'));
  });
});
