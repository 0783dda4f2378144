import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { commonPasswords, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('hashes with argon2id and the OWASP parameters', async () => {
    const stored = await hashPassword('Correct-horse-9');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    const options = parseOptions(stored);
    expect(options.memoryCost).toBe(19456);
    expect(options.timeCost).toBe(2);
    expect(options.parallelism).toBe(1);
  });

  it('salts every hash and verifies only the right password', async () => {
    const first = await hashPassword('Correct-horse-9');
    const second = await hashPassword('Correct-horse-9');
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'Correct-horse-9')).toBe(true);
    expect(await verifyPassword(first, 'correct-horse-9')).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('answers false for the dummy verification', async () => {
    expect(await verifyAgainstDummy('dummy-password-that-is-never-issued')).toBe(false);
  });
});

describe('common password block list', () => {
  it('ships exactly 10 000 lower-case entries', () => {
    const list = commonPasswords();
    expect(list.size).toBe(10000);
    for (const entry of list) expect(entry).toBe(entry.toLowerCase());
  });

  it('blocks common passwords whatever their case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PaSsWoRd')).toBe(true);
    expect(isCommonPassword('Qwerty123')).toBe(true);
  });

  it('blocks a common password dressed up with symbols to meet the composition rules', () => {
    expect(isCommonPassword('Password1!')).toBe(true);
    expect(isCommonPassword('Iloveyou!')).toBe(true);
  });

  it('lets an uncommon password through', () => {
    expect(isCommonPassword('Zebra-Lantern-47!')).toBe(false);
    expect(isCommonPassword('!!!')).toBe(false);
  });
});
