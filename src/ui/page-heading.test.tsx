import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeading } from './page-heading';

function renderHeading(props: { focus?: boolean; focusKey?: string; caption?: string }) {
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <button type="button">{'Before'}</button>
      <PageHeading {...props}>{'Add an applicant'}</PageHeading>
    </FluentProvider>,
  );
  const rerender = (next: typeof props) =>
    view.rerender(
      <FluentProvider theme={webLightTheme}>
        <button type="button">{'Before'}</button>
        <PageHeading {...next}>{'Add an applicant'}</PageHeading>
      </FluentProvider>,
    );
  return { heading: screen.getByRole('heading', { level: 1 }), rerender };
}

describe('PageHeading', () => {
  it('is the page’s h1, focusable by script only, with its caption read as part of it', () => {
    const { heading } = renderHeading({ caption: 'Ana Silva' });
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Silva Add an applicant' })).toBe(heading);
    expect(document.activeElement).not.toBe(heading);
  });

  it('takes focus when it appears with focus', () => {
    const { heading } = renderHeading({ focus: true });
    expect(document.activeElement).toBe(heading);
  });

  it('takes focus when its key changes, not on the first render', () => {
    const { heading, rerender } = renderHeading({ focusKey: 'list' });
    screen.getByRole('button', { name: 'Before' }).focus();
    rerender({ focusKey: 'list' });
    expect(document.activeElement).not.toBe(heading);
    rerender({ focusKey: 'edit' });
    expect(document.activeElement).toBe(heading);
  });
});
