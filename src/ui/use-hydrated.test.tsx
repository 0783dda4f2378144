import { act, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queueSwitch, setPageTakenOver, useHydrated } from './use-hydrated';

const NAMES = ['a', 'b', 'c'];

/** What each switch saw when it was committed: the state of every component in the document at that moment. */
let seen: Record<string, string>;

function Enhanced({ name }: { name: string }) {
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (!hydrated) return;
    seen[name] = NAMES.map((other) => document.getElementById(other)?.textContent).join(' ');
  }, [hydrated, name]);
  return <span id={name}>{`${name}:${hydrated ? 'on' : 'off'}`}</span>;
}

const page = (
  <div>
    {NAMES.map((name) => (
      <Enhanced key={name} name={name} />
    ))}
  </div>
);

beforeEach(() => {
  seen = {};
  setPageTakenOver(false);
});
afterEach(() => {
  document.body.innerHTML = '';
  setPageTakenOver();
});

describe('useHydrated', () => {
  it('renders as the server did while hydrating, then switches each component in a commit of its own', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.appendChild(container);
    expect(container.textContent).toBe('a:offb:offc:off');

    await act(async () => {
      hydrateRoot(container, page);
    });
    await waitFor(() => expect(container.textContent).toBe('a:onb:onc:on'));

    // Committed together, every switch would have seen the others already on.
    expect(seen).toEqual({ a: 'a:on b:off c:off', b: 'a:on b:on c:off', c: 'a:on b:on c:on' });
  });

  it('starts hydrated once the page has been taken over', () => {
    setPageTakenOver();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Enhanced name="a" />);
    expect(container.textContent).toBe('a:on');
  });
});

describe('queueSwitch', () => {
  it('starts each switch once the one before it is done, and skips one no longer wanted', async () => {
    const started: string[] = [];
    const doneA = queueSwitch(() => started.push('a'));
    const doneB = queueSwitch(() => started.push('b'));
    queueSwitch(() => started.push('c'));
    // The component of b goes before its turn.
    doneB();

    await waitFor(() => expect(started).toEqual(['a']));
    // c waits for a.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual(['a']);

    doneA();
    await waitFor(() => expect(started).toEqual(['a', 'c']));
  });
});
