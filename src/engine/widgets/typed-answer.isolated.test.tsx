import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useTypedAnswer } from './typed-answer';

/** Whether the code running now was handed to React's startTransition. */
const transition = vi.hoisted(() => ({ running: false }));

vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return {
    ...react,
    startTransition: (scope: () => void) =>
      react.startTransition(() => {
        transition.running = true;
        try {
          scope();
        } finally {
          transition.running = false;
        }
      }),
  };
});

interface Handed {
  answer: string | undefined;
  inTransition: boolean;
}

/**
 * A field whose form state is shown in an output; each answer handed over is recorded, with how. With `lagging`, the
 * form does not take answers handed over in a transition, as when its work on them has not finished yet.
 */
function Field({ handed, lagging }: { handed: Handed[]; lagging: boolean }) {
  const [answer, setAnswer] = useState<string | undefined>(undefined);
  const typed = useTypedAnswer(
    answer,
    (next) => {
      handed.push({ answer: next, inTransition: transition.running });
      if (!(lagging && transition.running)) setAnswer(next);
    },
    { toAnswer: (text) => text.trim() || undefined },
  );
  return (
    <>
      <input
        aria-label="Answer"
        value={typed.inputProps.value}
        onChange={(e) => typed.inputProps.onChange(e, { value: e.target.value })}
        onKeyDown={typed.inputProps.onKeyDown}
        onBlur={typed.inputProps.onBlur}
      />
      <output aria-label="Form state">{answer ?? '(none)'}</output>
      <button type="button" onClick={() => setAnswer('Restored')}>
        Restore
      </button>
    </>
  );
}

function setup(lagging = false) {
  const handed: Handed[] = [];
  render(<Field handed={handed} lagging={lagging} />);
  return { handed, input: screen.getByLabelText<HTMLInputElement>('Answer') };
}

describe('useTypedAnswer', () => {
  it('shows each key and hands each answer to the form in a transition; empty text is no answer', async () => {
    const { handed, input } = setup();
    await userEvent.type(input, 'Ann');
    expect(input.value).toBe('Ann');
    expect(screen.getByLabelText('Form state').textContent).toBe('Ann');
    expect(handed).toEqual([
      { answer: 'A', inTransition: true },
      { answer: 'An', inTransition: true },
      { answer: 'Ann', inTransition: true },
    ]);
    await userEvent.clear(input);
    expect(screen.getByLabelText('Form state').textContent).toBe('(none)');
    expect(handed.at(-1)).toEqual({ answer: undefined, inTransition: true });
  });

  it('shows the answer as the form takes it (trimmed)', async () => {
    const { input } = setup();
    await userEvent.type(input, ' Ann ');
    expect(input.value).toBe('Ann');
    expect(screen.getByLabelText('Form state').textContent).toBe('Ann');
  });

  it('keeps what was typed while the form lags, and hands it over urgently on Enter', async () => {
    const { handed, input } = setup(true);
    await userEvent.type(input, 'Ann');
    expect(input.value).toBe('Ann');
    expect(screen.getByLabelText('Form state').textContent).toBe('(none)');
    await userEvent.keyboard('{Enter}');
    expect(handed.at(-1)).toEqual({ answer: 'Ann', inTransition: false });
    expect(screen.getByLabelText('Form state').textContent).toBe('Ann');
  });

  it('hands what was typed over urgently when the field is left', async () => {
    const { handed, input } = setup(true);
    await userEvent.type(input, 'Ann');
    fireEvent.blur(input);
    expect(handed.at(-1)).toEqual({ answer: 'Ann', inTransition: false });
    expect(screen.getByLabelText('Form state').textContent).toBe('Ann');
  });

  it('hands nothing more over when the form has caught up', async () => {
    const { handed, input } = setup();
    await userEvent.type(input, 'Ann{Enter}');
    fireEvent.blur(input);
    expect(handed.every((h) => h.inTransition)).toBe(true);
  });

  it('shows an answer changed from outside the field', async () => {
    const { input } = setup();
    await userEvent.type(input, 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(input.value).toBe('Restored');
    await userEvent.type(input, '!');
    expect(input.value).toBe('Restored!');
    expect(screen.getByLabelText('Form state').textContent).toBe('Restored!');
  });
});
