/**
 * How the app takes over the styles of a page rendered ahead of time (src/app/prerender-entry.tsx writes them as
 * Griffel's `<style data-make-styles-bucket>` elements). Griffel must know every rule already in the page, or it
 * adds the rule again when a component renders, at the end of its bucket, where it can change the cascade.
 *
 * Griffel's own way (`RendererProvider` reading the elements back) parses all their CSS with stylis in one piece,
 * about a tenth of a second on a mid-range phone while the page is being hydrated. The text of each element is its
 * rules one after another, exactly as Griffel wrote them, so splitting it where a top-level rule closes gives the
 * same rules at a tenth of the cost. What Griffel keeps of each element is rebuilt here as its
 * `rehydrateRendererCache` does (@griffel/core 1.x); rendered-styles.test.tsx compares the two.
 */
import type { GriffelRenderer } from '@fluentui/react-components';

const BUCKET_ELEMENTS = 'style[data-make-styles-bucket]';

/** The top-level rules of CSS as Griffel writes it: each ends where its outermost brace closes. */
export function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      rules.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return rules;
}

type Renderer = GriffelRenderer;
type StyleSheet = Renderer['stylesheets'][string];
type Bucket = StyleSheet['bucketName'];

/**
 * The style sheet Griffel keeps for one of the page's style elements, so that later rules of its bucket are added
 * to the end of that element, as Griffel itself does after reading a page back (`createIsomorphicStyleSheet`).
 */
function adoptedSheet(element: HTMLStyleElement, bucketName: Bucket): StyleSheet {
  return {
    element,
    bucketName,
    elementAttributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
    cssRules: () => [...(element.sheet?.cssRules ?? [])].map((rule) => rule.cssText),
    insertRule: (rule) => element.sheet?.insertRule(rule, element.sheet.cssRules.length),
  };
}

/** Griffel's key of a bucket's style sheet: the bucket, a media or container query's condition, the priority. */
function sheetKey(element: HTMLStyleElement, bucketName: Bucket): string {
  const priority = element.getAttribute('data-priority') ?? '0';
  if (bucketName !== 'm' && bucketName !== 'x') return `${bucketName}${priority}`;
  return `${bucketName}${element.getAttribute('data-container') ?? (element.media || '0')}${priority}`;
}

/**
 * Tells `renderer` every rule and style element the page rendered ahead holds, so that it adds none of the rules
 * again and adds new ones to the end of their bucket's element.
 */
export function adoptRenderedStyles(renderer: Renderer, root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLStyleElement>(BUCKET_ELEMENTS)) {
    const bucketName = element.dataset.makeStylesBucket as Bucket;
    const key = sheetKey(element, bucketName);
    renderer.stylesheets[key] ??= adoptedSheet(element, bucketName);
    for (const rule of topLevelRules(element.textContent ?? '')) renderer.insertionCache[rule] = bucketName;
  }
}

/**
 * What `RendererProvider` is given to read style elements from once `adoptRenderedStyles` has done so: nothing,
 * so that it does not parse them a second time.
 */
export const NOTHING_TO_REHYDRATE = { querySelectorAll: () => [] } as unknown as Document;
