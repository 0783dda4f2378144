import { useEffect, useRef } from 'react';

/**
 * Swipe gestures for the navigation drawer on narrow screens.
 *
 * Coordinates are viewport pixels (Touch.clientX/clientY), x growing to the right.
 *
 * Open gesture (drawer closed): the touch starts in the 80 px band along the right edge of the viewport,
 * that is `viewportWidth - startX <= 80`, and moves left by more than 50 px (`startX - endX > 50`).
 *
 * Close gesture (drawer open): the touch starts in the 30 px band along the drawer's inner (left) edge,
 * that is `0 <= startX - drawerLeft <= 30` where drawerLeft is the x of the drawer's left border, and moves
 * right by more than 50 px (`endX - startX > 50`). A right-side drawer is pushed back the way it came.
 *
 * In a right-to-left language the drawer opens from the left, so every rule is mirrored: the open band runs
 * along the left edge and the swipe goes right; the close band runs along the drawer's right border and the
 * swipe goes left.
 *
 * Either gesture must be mostly horizontal (|dx| > |dy|) so that scrolling the page never toggles the menu.
 * Both are off when the page hides its header (there is no menu to open).
 */
export const SWIPE_THRESHOLD_PX = 50;
export const OPEN_EDGE_PX = 80;
export const CLOSE_EDGE_PX = 30;
/** The drawer covers this share of the viewport width. */
export const DRAWER_WIDTH_RATIO = 0.6;

export interface SwipeInput {
  startX: number;
  startY: number;
  endX: number;
  endY: number;
  viewportWidth: number;
  /** x of the open drawer's left border; defaults to where a 60% drawer starts. */
  drawerLeft?: number;
  /** x of the open drawer's right border (its inner edge in a right-to-left page). */
  drawerRight?: number;
  open: boolean;
  enabled: boolean;
  /** Writing direction of the page; 'rtl' mirrors the gestures. */
  dir?: 'ltr' | 'rtl';
}

/** The same touch seen in a mirror, so that the left-to-right rules decide a right-to-left page. */
function mirrored(input: SwipeInput): SwipeInput {
  const w = input.viewportWidth;
  return {
    ...input,
    dir: 'ltr',
    startX: w - input.startX,
    endX: w - input.endX,
    drawerLeft: input.drawerRight === undefined ? undefined : w - input.drawerRight,
    drawerRight: input.drawerLeft === undefined ? undefined : w - input.drawerLeft,
  };
}

export type SwipeAction = 'open' | 'close' | null;

/** Decides whether a finished touch opens or closes the drawer (see the module comment for the rules). */
export function swipeAction(input: SwipeInput): SwipeAction {
  if (!input.enabled) return null;
  if (input.dir === 'rtl') return swipeAction(mirrored(input));
  const dx = input.endX - input.startX;
  const dy = input.endY - input.startY;
  if (Math.abs(dx) <= Math.abs(dy)) return null;

  if (!input.open) {
    const fromRightEdge = input.viewportWidth - input.startX;
    const inOpenBand = fromRightEdge >= 0 && fromRightEdge <= OPEN_EDGE_PX;
    return inOpenBand && -dx > SWIPE_THRESHOLD_PX ? 'open' : null;
  }

  const drawerLeft = input.drawerLeft ?? input.viewportWidth * (1 - DRAWER_WIDTH_RATIO);
  const intoDrawer = input.startX - drawerLeft;
  const inCloseBand = intoDrawer >= 0 && intoDrawer <= CLOSE_EDGE_PX;
  return inCloseBand && dx > SWIPE_THRESHOLD_PX ? 'close' : null;
}

export interface SwipeDrawerOptions {
  open: boolean;
  /** False on pages that hide the header, and above the drawer breakpoint. */
  enabled: boolean;
  onOpen(): void;
  onClose(): void;
  /** The drawer surface, to measure its real left border when open. */
  getDrawerElement?: () => HTMLElement | null;
}

/** Listens to touchstart/touchend on the document and opens or closes the drawer on a qualifying swipe. */
export function useSwipeDrawer(options: SwipeDrawerOptions): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!options.enabled) return undefined;
    let start: { x: number; y: number } | null = null;

    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const { open, enabled, onOpen, onClose, getDrawerElement } = latest.current;
      const rect = open ? getDrawerElement?.()?.getBoundingClientRect() : undefined;
      const action = swipeAction({
        startX: start.x,
        startY: start.y,
        endX: touch.clientX,
        endY: touch.clientY,
        viewportWidth: window.innerWidth,
        drawerLeft: rect && rect.width > 0 ? rect.left : undefined,
        drawerRight: rect && rect.width > 0 ? rect.right : undefined,
        open,
        enabled,
        dir: document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr',
      });
      start = null;
      if (action === 'open') onOpen();
      else if (action === 'close') onClose();
    };

    document.addEventListener('touchstart', onTouchStart, { passive: true });
    document.addEventListener('touchend', onTouchEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onTouchStart);
      document.removeEventListener('touchend', onTouchEnd);
    };
  }, [options.enabled]);
}
