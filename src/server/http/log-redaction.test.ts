import { describe, expect, it } from 'vitest';
import { redactPath, redactQuery, redactText, redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('keeps what is not secret', () => {
    expect(redactUrl('/api/eta/applications/abc?applicantIdentifier=def')).toBe(
      '/api/eta/applications/abc?applicantIdentifier=def',
    );
    expect(redactUrl('/faq?lng=fr')).toBe('/faq?lng=fr');
    expect(redactUrl('/@vite/client')).toBe('/@vite/client');
    expect(redactUrl('https://portal.example/login?from=%2Fprofile')).toBe(
      'https://portal.example/login?from=%2Fprofile',
    );
  });

  it('redacts e-mailed keys, capture sessions and tokens', () => {
    expect(redactUrl('/verify-email?authKey=abc&x')).toBe('/verify-email?authKey=[redacted]&x');
    expect(redactUrl('/x?refresh%5Ftoken=abc')).toBe('/x?refresh%5Ftoken=[redacted]');
    expect(redactUrl('/api/eta/biometrics/capture-session-status/Secret123?x=1')).toBe(
      '/api/eta/biometrics/capture-session-status/[redacted]?x=1',
    );
    expect(redactUrl('/API/ETA/biometrics/capture-session-status/Secret123')).toBe(
      '/API/ETA/biometrics/capture-session-status/[redacted]',
    );
  });

  it('redacts e-mail addresses in the query and the path, written or percent-encoded', () => {
    expect(redactUrl('/reset-password?authKey=k1&email=ana@example.com&lang=fr')).toBe(
      '/reset-password?authKey=[redacted]&email=[redacted]&lang=fr',
    );
    expect(redactUrl('/dev/mailbox.json?to=Ana%40Example.com')).toBe('/dev/mailbox.json?to=[redacted]');
    expect(redactUrl('/x?q=ana%2Bx%40example.com')).toBe('/x?q=[redacted]');
    expect(redactUrl('/x?ana@example.com')).toBe('/x?[redacted]');
    expect(redactUrl('/accounts/ana@example.com/x')).toBe('/accounts/[redacted]/x');
    expect(redactUrl('/accounts/ana%40example.com')).toBe('/accounts/[redacted]');
  });

  it('redacts absolute URLs: the path and query as above, the user and password, the fragment', () => {
    expect(redactUrl('http://127.0.0.1:8080/reset-password?authKey=k1&email=a@b.example')).toBe(
      'http://127.0.0.1:8080/reset-password?authKey=[redacted]&email=[redacted]',
    );
    expect(redactUrl('https://user:pass@store.example/bucket/key?X-Amz-Signature=abc&X-Amz-Credential=c')).toBe(
      'https://[redacted]@store.example/bucket/key?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]',
    );
    expect(redactUrl('https://portal.example/cb#access_token=abc&state=1')).toBe(
      'https://portal.example/cb#access_token=[redacted]&state=1',
    );
  });
});

describe('redactPath and redactQuery', () => {
  it('leave a route pattern readable', () => {
    expect(redactPath('/api/eta/biometrics/capture-session-status/:captureSessionIdentifier')).toBe(
      '/api/eta/biometrics/capture-session-status/:captureSessionIdentifier',
    );
    expect(redactQuery('authKey=abc&email=a%40b.example&lang=en')).toBe('authKey=[redacted]&email=[redacted]&lang=en');
  });
});

describe('redactText', () => {
  it('redacts addresses, URLs, capability paths and secret parameters inside a text', () => {
    expect(redactText('GET /api/eta/wallet/apple/Pass.123.en')).toBe('GET /api/eta/wallet/apple/[redacted]');
    expect(redactText('could not send to <ana@example.com>: 550')).toBe('could not send to <[redacted]>: 550');
    expect(redactText('fetch http://x.example/verify-email?authKey=k2 failed')).toBe(
      'fetch http://x.example/verify-email?authKey=[redacted] failed',
    );
    expect(redactText('GET /reset-password?authKey=k3&lang=fr')).toBe('GET /reset-password?authKey=[redacted]&lang=fr');
    expect(redactText('select * from "accounts" where "email" = ?')).toBe('select * from "accounts" where "email" = ?');
    expect(redactText('GET /applications/:formPage')).toBe('GET /applications/:formPage');
  });
});
