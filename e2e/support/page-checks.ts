import { expect, type Page } from '@playwright/test';

/**
 * Layout checks of the accessibility audit, on the page as it is now: reflow (WCAG 1.4.10, nothing makes the
 * page scroll sideways) and focus not obscured (WCAG 2.4.11, a focused element is never hidden under the header
 * or any other fixed or sticky element).
 */

/**
 * The page does not scroll sideways, and no visible element reaches past either edge of the window unless it
 * sits in a container that scrolls or clips it (a table meant to scroll, a visually hidden text); an element
 * wholly outside the window (a skip link waiting for focus) is no part of the layout.
 */
export async function expectReflow(page: Page, label: string): Promise<void> {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const clipped = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none') return true;
      }
      return false;
    };
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        element.getAttribute('class') ? `.${String(element.getAttribute('class')).split(' ')[0]}` : ''
      } "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const wide: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // Wholly outside the window is the skip link's way of waiting for focus, not a part of the layout.
      if (box.right <= 0 || box.left >= width) continue;
      if ((box.right > width + 1 || box.left < -1) && !clipped(element)) wide.push(describe(element));
    }
    return { overflow: root.scrollWidth - width, wide: wide.slice(0, 8) };
  });
  expect(found, `${label}: sideways scrolling (px) and elements wider than the window`).toEqual({
    overflow: Math.min(found.overflow, 0),
    wide: [],
  });
}

/**
 * Tabs through every focusable element of the page (up to `limit`, then stops where focus comes back to where
 * it started) and fails for each one whose centre is covered by a fixed or sticky element that does not contain
 * it: what `document.elementFromPoint` finds at the centre must be the element, inside it, or not pinned.
 * Returns how many elements were visited, so a caller can tell the walk reached something.
 */
export async function expectFocusNotObscured(page: Page, label: string, limit = 150): Promise<number> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.getSelection()?.removeAllRanges();
  });
  const seen = new Set<string>();
  const hidden: string[] = [];
  let first: string | undefined;
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const key = (el: Element): string => {
        const parent = el.parentElement;
        return parent ? `${key(parent)}>${Array.prototype.indexOf.call(parent.children, el)}` : el.tagName;
      };
      const box = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()} "${(
        element.getAttribute('aria-label') ??
        element.textContent ??
        ''
      )
        .trim()
        .slice(0, 40)}"`;
      if (box.width < 1 || box.height < 1) return { key: key(element), name, cover: null };
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      let cover: string | null = null;
      if (hit && hit !== element && !element.contains(hit) && !hit.contains(element)) {
        for (let node: Element | null = hit; node; node = node.parentElement) {
          const position = getComputedStyle(node).position;
          if (position === 'fixed' || position === 'sticky') {
            cover = `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}`;
            break;
          }
        }
      }
      return { key: key(element), name, cover };
    });
    if (!state) continue;
    if (first === undefined) first = state.key;
    else if (state.key === first) break;
    if (seen.has(state.key)) continue;
    seen.add(state.key);
    if (state.cover) hidden.push(`${state.name} under ${state.cover}`);
  }
  expect(hidden, `${label}: focused elements hidden under a pinned element`).toEqual([]);
  return seen.size;
}
