import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLOSE_EDGE_PX, OPEN_EDGE_PX, SWIPE_THRESHOLD_PX, swipeAction, useSwipeDrawer } from './swipe';

const W = 375;
// A 60% drawer on a 375 px screen starts at x = 150.
const DRAWER_LEFT = 150;

function openSwipe(fromRightEdge: number, distance: number, enabled = true) {
  const startX = W - fromRightEdge;
  return swipeAction({
    startX,
    startY: 300,
    endX: startX - distance,
    endY: 300,
    viewportWidth: W,
    open: false,
    enabled,
  });
}

function closeSwipe(intoDrawer: number, distance: number) {
  const startX = DRAWER_LEFT + intoDrawer;
  return swipeAction({
    startX,
    startY: 300,
    endX: startX + distance,
    endY: 300,
    viewportWidth: W,
    drawerLeft: DRAWER_LEFT,
    open: true,
    enabled: true,
  });
}

describe('swipe gesture rules', () => {
  it('uses the spec numbers', () => {
    expect([SWIPE_THRESHOLD_PX, OPEN_EDGE_PX, CLOSE_EDGE_PX]).toEqual([50, 80, 30]);
  });

  it('opens only when the left swipe is more than 50 px', () => {
    expect(openSwipe(10, 49)).toBeNull();
    expect(openSwipe(10, 50)).toBeNull();
    expect(openSwipe(10, 51)).toBe('open');
  });

  it('opens only when the touch starts within 80 px of the right edge', () => {
    expect(openSwipe(79, 100)).toBe('open');
    expect(openSwipe(80, 100)).toBe('open');
    expect(openSwipe(81, 100)).toBeNull();
  });

  it('does not open on a right swipe, a vertical scroll or when disabled', () => {
    expect(openSwipe(10, -100)).toBeNull();
    expect(
      swipeAction({
        startX: W - 10,
        startY: 100,
        endX: W - 80,
        endY: 300,
        viewportWidth: W,
        open: false,
        enabled: true,
      }),
    ).toBeNull();
    expect(openSwipe(10, 100, false)).toBeNull();
  });

  it('closes only when the right swipe is more than 50 px', () => {
    expect(closeSwipe(5, 49)).toBeNull();
    expect(closeSwipe(5, 50)).toBeNull();
    expect(closeSwipe(5, 51)).toBe('close');
  });

  it('closes only when the touch starts within 30 px of the drawer edge', () => {
    expect(closeSwipe(29, 100)).toBe('close');
    expect(closeSwipe(30, 100)).toBe('close');
    expect(closeSwipe(31, 100)).toBeNull();
    expect(closeSwipe(-1, 100)).toBeNull();
  });

  it('never opens an open drawer nor closes a closed one', () => {
    expect(closeSwipe(5, -100)).toBeNull();
    expect(
      swipeAction({
        startX: DRAWER_LEFT + 5,
        startY: 0,
        endX: DRAWER_LEFT + 100,
        endY: 0,
        viewportWidth: W,
        open: false,
        enabled: true,
      }),
    ).toBeNull();
  });

  it('places the close band at 40% of the width when the drawer is not measured', () => {
    expect(
      swipeAction({ startX: 150, startY: 0, endX: 220, endY: 0, viewportWidth: W, open: true, enabled: true }),
    ).toBe('close');
    expect(
      swipeAction({ startX: 100, startY: 0, endX: 220, endY: 0, viewportWidth: W, open: true, enabled: true }),
    ).toBeNull();
  });

  it('mirrors every rule in a right-to-left page: open from the left edge, close at the right border of the drawer', () => {
    const rtl = { startY: 300, endY: 300, viewportWidth: W, enabled: true, dir: 'rtl' as const };
    expect(swipeAction({ ...rtl, startX: 20, endX: 20 + 60, open: false })).toBe('open');
    expect(swipeAction({ ...rtl, startX: 20, endX: 20 + 40, open: false })).toBeNull();
    expect(swipeAction({ ...rtl, startX: 100, endX: 200, open: false })).toBeNull();
    // The edge that opens a left-to-right page does nothing here.
    expect(swipeAction({ ...rtl, startX: W - 20, endX: W - 100, open: false })).toBeNull();
    // A 60% drawer from the left ends at x = 225; the close band is the 30 px inside it.
    const drawer = { drawerLeft: 0, drawerRight: 225, open: true };
    expect(swipeAction({ ...rtl, ...drawer, startX: 210, endX: 140 })).toBe('close');
    expect(swipeAction({ ...rtl, ...drawer, startX: 180, endX: 100 })).toBeNull();
    expect(swipeAction({ ...rtl, ...drawer, startX: 210, endX: 290 })).toBeNull();
    expect(swipeAction({ ...rtl, open: true, startX: 215, endX: 150 })).toBe('close');
  });
});

function touch(type: 'touchstart' | 'touchend', x: number, y: number) {
  const point = { clientX: x, clientY: y, identifier: 1, target: document.body } as unknown as Touch;
  const event = new Event(type, { bubbles: true }) as TouchEvent;
  Object.defineProperty(event, 'touches', { value: type === 'touchstart' ? [point] : [] });
  Object.defineProperty(event, 'changedTouches', { value: [point] });
  document.dispatchEvent(event);
}

describe('useSwipeDrawer', () => {
  it('opens on a swipe from the right edge of the document', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: W });
    const onOpen = vi.fn();
    const onClose = vi.fn();
    renderHook(() => useSwipeDrawer({ open: false, enabled: true, onOpen, onClose }));
    act(() => {
      touch('touchstart', W - 20, 200);
      touch('touchend', W - 100, 205);
    });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens on a swipe from the left edge when the page is right to left', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: W });
    document.documentElement.dir = 'rtl';
    const onOpen = vi.fn();
    renderHook(() => useSwipeDrawer({ open: false, enabled: true, onOpen, onClose: vi.fn() }));
    act(() => {
      touch('touchstart', W - 20, 200);
      touch('touchend', W - 100, 205);
    });
    expect(onOpen).not.toHaveBeenCalled();
    act(() => {
      touch('touchstart', 20, 200);
      touch('touchend', 100, 205);
    });
    expect(onOpen).toHaveBeenCalledTimes(1);
    document.documentElement.dir = 'ltr';
  });

  it('ignores swipes when disabled', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: W });
    const onOpen = vi.fn();
    renderHook(() => useSwipeDrawer({ open: false, enabled: false, onOpen, onClose: vi.fn() }));
    act(() => {
      touch('touchstart', W - 20, 200);
      touch('touchend', W - 100, 200);
    });
    expect(onOpen).not.toHaveBeenCalled();
  });
});
