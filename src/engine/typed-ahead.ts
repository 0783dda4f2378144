import { useLayoutEffect, useState, type RefObject } from 'react';

/** The browser's own setter of a field's value, which React's record of the value it last saw does not notice. */
function setValueUnseen(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

/**
 * Hands what the visitor typed, ticked or chose in a form rendered by the server, before the page's scripts ran, to the form's
 * state. Hydration leaves such a field's value on screen, but the form's state (what it checks and sends) keeps the
 * rendered one. Each changed field gets the event React listens to, after React is told the rendered value, so the
 * widget's own change handler reads it as if typed now. Comboboxes are left
 * alone: their answer is an option chosen from the list, which only the page's scripts can open.
 */
export function replayTypedAhead(root: HTMLElement): void {
  // A list shown as the browser's own control until the scripts took over (see SearchCombobox).
  for (const select of root.querySelectorAll('select')) {
    const rendered = [...select.options].find((o) => o.defaultSelected)?.value ?? '';
    if (!select.disabled && select.value !== rendered) select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.disabled || field.getAttribute('role') === 'combobox') continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // A radio button left by the visitor's choice follows the one chosen: only the chosen one is replayed.
      const changed =
        field.type === 'radio' ? field.checked && !field.defaultChecked : field.checked !== field.defaultChecked;
      if (!changed) continue;
      // Set through React's record, then clicked back: React hears a click that changed the field.
      field.checked = !field.checked;
      field.click();
      continue;
    }
    if (field.type === 'file' || field.type === 'hidden' || field.value === field.defaultValue) continue;
    const typed = field.value;
    // Through React's record first (the rendered value), then unseen (the typed one): the input event is a change.
    field.value = field.defaultValue;
    setValueUnseen(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * In the commit that hydrates a form rendered ahead, before anything renders again, replays what was typed into it
 * before (`replayTypedAhead`) into the form that holds `inside`; nothing for a form the browser rendered itself.
 */
export function useKeepTypedAhead(inside: RefObject<HTMLElement | null>, hydrated: boolean): void {
  const [hydrating] = useState(!hydrated);
  useLayoutEffect(() => {
    const form = inside.current?.closest('form');
    if (hydrating && form) replayTypedAhead(form);
  }, [hydrating, inside]);
}
