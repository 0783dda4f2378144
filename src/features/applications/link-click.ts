import type { MouseEvent } from 'react';

/**
 * A click meant to open the link in another tab or window (a modifier key, or not the main button): the link's own
 * address then opens (a confirmation page), instead of the dialog the page opens in place.
 */
export function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
