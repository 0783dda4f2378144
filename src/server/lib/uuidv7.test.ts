import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuidv7';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID carrying the time', () => {
    const id = uuidv7(Date.UTC(2026, 0, 1));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 1));
  });

  it('sorts in the order the ids were made, even within one millisecond', () => {
    const now = Date.UTC(2030, 5, 1);
    const ids = Array.from({ length: 50 }, () => uuidv7(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });
});
