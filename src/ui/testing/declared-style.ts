/**
 * The value the page's style sheets declare for `property` on the element, read from the rules that target one of
 * its class names. Griffel gives each property one atomic class (a rule of one declaration), which wins over the
 * component's reset rule (many declarations), so an atomic rule's value is preferred. jsdom computes no styles
 * from style sheets, so tests of a look read what the style sheets say instead of getComputedStyle.
 */
export function declaredStyle(element: Element, property: string): string | undefined {
  const classes = new Set(element.classList);
  let atomic: string | undefined;
  let reset: string | undefined;
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSStyleRule)) continue;
      const selectors = rule.selectorText.split(',').map((selector) => selector.trim());
      if (!selectors.some((selector) => /^\.[\w-]+$/.test(selector) && classes.has(selector.slice(1)))) continue;
      const value = rule.style.getPropertyValue(property);
      if (!value) continue;
      if (rule.style.length === 1) atomic = value;
      else reset = value;
    }
  }
  return atomic ?? reset;
}
