import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notice, type NoticeTone } from './notice';
import { declaredStyle } from './testing/declared-style';

function renderNotice(tone?: NoticeTone, focus?: boolean) {
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <Notice tone={tone} focus={focus}>
        {'Your answers have been saved.'}
      </Notice>
    </FluentProvider>,
  );
  return { notice: screen.getByRole('status'), unmount: view.unmount };
}

describe('Notice', () => {
  it('is a polite status message holding its text, and does not take focus', () => {
    const { notice } = renderNotice();
    expect(notice.textContent).toBe('Your answers have been saved.');
    expect(notice.getAttribute('tabindex')).toBeNull();
    expect(document.activeElement).not.toBe(notice);
  });

  it('with focus, takes focus when it appears, so that it is read out and the keyboard goes on from there', () => {
    const { notice } = renderNotice('success', true);
    expect(notice.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(notice);
  });

  it('draws each tone with its own border colour', () => {
    const colours = (['info', 'success', 'warning'] as const).map((tone) => {
      const { notice, unmount } = renderNotice(tone);
      const colour = declaredStyle(notice, 'border-left-color');
      unmount();
      return colour;
    });
    expect(colours).toEqual(['var(--colorBrandBackground)', 'rgb(0, 112, 60)', 'rgb(179, 89, 0)']);
  });
});
