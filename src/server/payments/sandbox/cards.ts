import type { PaymentFailure } from '../../../shared/contract';

/** What a test card does on the sandbox page, as the well-known test cards of card providers do. */
export type CardBehaviour =
  { outcome: 'SUCCEEDED' } | { outcome: 'FAILED'; failure: PaymentFailure } | { outcome: 'AUTHENTICATE' };

/** The test cards, by number without spaces, in the order the page lists them. */
export const TEST_CARDS: Record<string, CardBehaviour & { textKey: string }> = {
  '4242424242424242': { outcome: 'SUCCEEDED', textKey: 'cardSucceeds' },
  '4000000000000002': { outcome: 'FAILED', failure: 'DECLINED', textKey: 'cardDeclined' },
  '4000000000009995': { outcome: 'FAILED', failure: 'INSUFFICIENT_FUNDS', textKey: 'cardInsufficientFunds' },
  '4000000000003220': { outcome: 'AUTHENTICATE', textKey: 'cardAuthentication' },
};

/** A card number as typed (spaces, hyphens) reduced to its digits. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** A card number grouped by four for reading. */
export function groupCard(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
