import { describe, expect, it } from 'vitest';
import { publicUrlWarnings, readyAddress } from './public-url-warning';

describe('the start-up warning about PUBLIC_URL', () => {
  it('warns when a loopback PUBLIC_URL names another port than the one listened on', () => {
    const warnings = publicUrlWarnings(
      { publicUrl: 'http://localhost:8080', frontEndUrl: 'http://localhost:8080' },
      8510,
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('PUBLIC_URL is http://localhost:8080, but this server listens on port 8510');
    expect(warnings[0]).toContain('the card page, the return after paying or cancelling');
    expect(warnings[0]).toContain('Set PUBLIC_URL=http://localhost:8510');
  });

  it('names FRONT_END_URL when that is the loopback address on another port', () => {
    const warnings = publicUrlWarnings(
      { publicUrl: 'https://eta.example.gov', frontEndUrl: 'http://127.0.0.1:5173' },
      8080,
    );
    expect(warnings).toEqual([expect.stringContaining('FRONT_END_URL is http://127.0.0.1:5173')]);
  });

  it('says nothing when the address is this server’s, or a public name behind a proxy', () => {
    expect(
      publicUrlWarnings({ publicUrl: 'http://localhost:8080', frontEndUrl: 'http://localhost:8080' }, 8080),
    ).toEqual([]);
    expect(publicUrlWarnings({ publicUrl: 'http://localhost', frontEndUrl: 'http://localhost' }, 80)).toEqual([]);
    expect(
      publicUrlWarnings({ publicUrl: 'https://eta.example.gov', frontEndUrl: 'https://eta.example.gov' }, 8080),
    ).toEqual([]);
    expect(
      publicUrlWarnings({ publicUrl: 'http://192.168.1.20:8080', frontEndUrl: 'http://192.168.1.20:8080' }, 8081),
    ).toEqual([]);
  });

  it('names the one address the portal works at in the start-up line', () => {
    expect(readyAddress('http://127.0.0.1:8080', 8080)).toBe('http://127.0.0.1:8080');
    expect(readyAddress('http://localhost:8080', 8080)).toBe('http://localhost:8080');
    expect(readyAddress('https://eta.example.gov', 8080)).toBe('http://localhost:8080');
    expect(readyAddress('http://localhost:8080', 8510)).toBe('http://localhost:8510');
  });
});
