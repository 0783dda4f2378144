import { describe, expect, it } from 'vitest';
import { acceptAttribute } from './format';

describe('the file input', () => {
  it('offers the accepted types with their extensions to the file picker', () => {
    expect(acceptAttribute(['application/pdf', 'image/jpeg', 'image/png'])).toBe(
      'application/pdf,.pdf,image/jpeg,.jpg,.jpeg,image/png,.png',
    );
  });
});
