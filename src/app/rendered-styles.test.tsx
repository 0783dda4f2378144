import {
  Button,
  createDOMRenderer,
  Field,
  FluentProvider,
  type GriffelRenderer,
  Input,
  Link,
  makeStyles,
  RendererProvider,
  renderToStyleElements,
  webLightTheme,
} from '@fluentui/react-components';
import { cleanup, render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptRenderedStyles, NOTHING_TO_REHYDRATE, topLevelRules } from './rendered-styles';

const useNarrow = makeStyles({
  root: { '@media (max-width: 600px)': { color: 'red' }, '@media (min-width: 601px)': { color: 'blue' } },
});

/** A component whose styles change with the screen's width (Griffel's bucket of media queries). */
function Narrow() {
  return <p className={useNarrow().root}>narrow</p>;
}

/**
 * The style elements of a page rendered ahead, written as the server writes them: a renderer without a document
 * keeps its rules as text (here rendered in the test's DOM, so that its insertion effects run).
 */
function renderedAhead(): { server: GriffelRenderer; head: string } {
  const server = createDOMRenderer(null as unknown as Document);
  render(
    <RendererProvider renderer={server} targetDocument={NOTHING_TO_REHYDRATE}>
      <FluentProvider theme={webLightTheme}>
        <Field label="Name" validationMessage="Enter your name" required>
          <Input />
        </Field>
        <Button appearance="primary">Continue</Button>
        <Link href="/faq">Questions</Link>
        <Narrow />
      </FluentProvider>
    </RendererProvider>,
  );
  cleanup();
  return { server, head: renderToStaticMarkup(<>{renderToStyleElements(server)}</>) };
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('styles of a page rendered ahead', () => {
  it('split into exactly the rules Griffel wrote, with their buckets, at-rules and all', () => {
    const { server, head } = renderedAhead();
    const split: Record<string, string> = {};
    for (const [, bucket, css] of head.matchAll(/<style[^>]*data-make-styles-bucket="(\w+)"[^>]*>([^<]*)<\/style>/g)) {
      for (const rule of topLevelRules(css)) split[rule] = bucket;
    }
    expect(Object.keys(server.insertionCache).some((rule) => rule.startsWith('@'))).toBe(true);
    expect(Object.keys(server.insertionCache).length).toBeGreaterThan(50);
    expect(split).toEqual({ ...server.insertionCache });
  });

  it('are taken over as Griffel itself reads them back: the same rules and the same style elements', () => {
    document.head.innerHTML = renderedAhead().head;
    const ours = createDOMRenderer();
    adoptRenderedStyles(ours);
    const griffels = createDOMRenderer();
    render(<RendererProvider renderer={griffels}>page</RendererProvider>);

    expect(Object.keys(ours.insertionCache).length).toBeGreaterThan(50);
    expect(Object.values(ours.stylesheets).filter((sheet) => sheet.bucketName === 'm').length).toBeGreaterThan(2);
    expect(ours.insertionCache).toEqual(griffels.insertionCache);
    expect(Object.keys(ours.stylesheets).sort()).toEqual(Object.keys(griffels.stylesheets).sort());
    for (const [key, sheet] of Object.entries(griffels.stylesheets)) {
      const adopted = ours.stylesheets[key];
      expect(adopted.element).toBe(sheet.element);
      expect(adopted.bucketName).toBe(sheet.bucketName);
      expect(adopted.elementAttributes).toEqual(sheet.elementAttributes);
    }
    // A new rule of a bucket goes to the end of the page's element for it.
    const [key, sheet] = Object.entries(ours.stylesheets)[0];
    sheet.insertRule('.added{color:red;}');
    const rules = ours.stylesheets[key].element!.sheet!.cssRules;
    expect(rules[rules.length - 1].cssText).toContain('.added');
  });

  it('are not read a second time by a renderer provider given nothing to rehydrate', () => {
    document.head.innerHTML = renderedAhead().head;
    const renderer = createDOMRenderer();
    render(
      <RendererProvider renderer={renderer} targetDocument={NOTHING_TO_REHYDRATE}>
        page
      </RendererProvider>,
    );
    expect(document.head.querySelectorAll('style[data-make-styles-bucket]').length).toBeGreaterThan(0);
    expect(renderer.insertionCache).toEqual({});
    expect(renderer.stylesheets).toEqual({});
  });

  it('keep braces and quotes inside a rule', () => {
    const css = ".a{content:\"}{\";}@media (min-width: 1px){.b{color:red;}.c{x:'\\'}';}}.d{}";
    expect(topLevelRules(css)).toEqual([
      '.a{content:"}{";}',
      "@media (min-width: 1px){.b{color:red;}.c{x:'\\'}';}}",
      '.d{}',
    ]);
  });
});
