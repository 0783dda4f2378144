import { randomBytes } from 'node:crypto';

let lastMillis = 0;
let sequence = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter for ids made in the same
 * millisecond, then random bits; so ids sort in the order they were made within one process, and by
 * millisecond across processes.
 */
export function uuidv7(now: number = Date.now()): string {
  if (now <= lastMillis) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMillis += 1;
  } else {
    lastMillis = now;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  const millis = lastMillis;
  for (let i = 0; i < 6; i++) bytes[i] = Math.floor(millis / 2 ** (8 * (5 - i))) & 0xff;
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
