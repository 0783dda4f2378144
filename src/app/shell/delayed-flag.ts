import { useEffect, useState } from 'react';

/** The loading overlay waits this long before showing, so quick requests cause no flash. */
export const OVERLAY_DELAY_MS = 200;

export interface DelayedFlag {
  /** Reports whether the watched activity is running now. */
  set(active: boolean): void;
  dispose(): void;
}

/**
 * Turns an on/off activity into a flag that turns on only once the activity has lasted `delayMs` without a
 * break, and turns off as soon as the activity stops.
 */
export function createDelayedFlag(delayMs: number, onChange: (visible: boolean) => void): DelayedFlag {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let visible = false;
  const show = (next: boolean) => {
    if (next !== visible) {
      visible = next;
      onChange(next);
    }
  };
  return {
    set(active) {
      if (active) {
        if (timer === undefined && !visible) {
          timer = setTimeout(() => {
            timer = undefined;
            show(true);
          }, delayMs);
        }
        return;
      }
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      show(false);
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** React hook around createDelayedFlag: true once `active` has stayed true for `delayMs`. */
export function useDelayedFlag(active: boolean, delayMs: number = OVERLAY_DELAY_MS): boolean {
  const [visible, setVisible] = useState(false);
  const [flag] = useState(() => createDelayedFlag(delayMs, setVisible));
  useEffect(() => {
    flag.set(active);
  }, [flag, active]);
  useEffect(() => () => flag.dispose(), [flag]);
  return visible;
}
