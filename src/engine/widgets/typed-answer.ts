import { startTransition, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** Empty text is "no answer", so that "required" messages apply. */
export const textAnswer = (text: string): string | undefined => (text === '' ? undefined : text);

export interface TypedAnswer {
  /** What the field shows: the answer as last typed, ahead of the form's state while that catches up. */
  text: string;
  /** Takes the field's new text: shows it at once and hands the answer to the form in a transition. */
  type: (text: string) => void;
  /** Hands the last typed answer to the form now (on leaving the field, on Enter), so a submit sees it. */
  flush: () => void;
  /**
   * The props of a Fluent Input or Textarea that shows and takes the answer: Enter and leaving the field hand it over
   * at once, and leaving it then tells `onLeave`.
   */
  inputProps: {
    value: string;
    onChange: (event: unknown, data: { value: string }) => void;
    onKeyDown: (event: KeyboardEvent) => void;
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  };
}

export interface TypedAnswerOptions {
  /** Turns the typed text into the answer (trimming, say); by default empty text is no answer. */
  toAnswer?: (text: string) => string | undefined;
  /** Told the field's text when the user leaves the field, after the answer has been handed over (rjsf's onBlur). */
  onLeave?: (text: string) => void;
}

/**
 * The text of a typed answer. Each keystroke shows at once; the form takes the answer in a React transition, so its
 * work on a change (rjsf's state, the rules, the page around it) runs after the keystroke has painted and gives way
 * to the next one. `toAnswer` turns the typed text into the answer (trimming, say); the field shows the answer.
 *
 * An answer that changes from outside (a restored draft, a reset) shows as it is; the answers handed over while
 * typing are told apart from it.
 */
export function useTypedAnswer(
  value: unknown,
  onChange: (answer: string | undefined) => void,
  { toAnswer = textAnswer, onLeave }: TypedAnswerOptions = {},
): TypedAnswer {
  const given = value === undefined || value === null ? '' : String(value);
  const [typed, setTyped] = useState({ text: given, handedOver: [] as string[] });
  let text = typed.text;
  if (given !== typed.text && !typed.handedOver.includes(given)) {
    // Changed from outside: a state update during render, as React advises for state that follows a prop.
    setTyped({ text: given, handedOver: [] });
    text = given;
  }
  const type = (next: string) => {
    const answer = toAnswer(next);
    const shown = answer ?? '';
    setTyped((t) => {
      // The form takes the answers in the order they were handed over: those before the one it holds now are
      // behind it and can no longer arrive. What it holds counts as handed over until it takes the next one.
      const held = t.handedOver.indexOf(given);
      return { text: shown, handedOver: [...(held >= 0 ? t.handedOver.slice(held) : [given]), shown] };
    });
    startTransition(() => onChange(answer));
  };
  const flush = () => {
    if (text !== given) onChange(textAnswer(text));
  };
  return {
    text,
    type,
    flush,
    inputProps: {
      value: text,
      onChange: (_event, data) => type(data.value),
      onKeyDown: (event) => {
        if (event.key === 'Enter') flush();
      },
      onBlur: (event) => {
        flush();
        onLeave?.(event.target.value);
      },
    },
  };
}
