import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureJwtSecret, loadConfig, PUBLIC_SETTING_KEYS } from './config';
import { ConfigError } from './lib/env';

describe('loadConfig', () => {
  it('uses safe defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.nodeEnv).toBe('development');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'sqlite', filename: path.resolve('data', 'eta.sqlite') });
    expect(config.accessTokenTtlSeconds).toBe(900);
    expect(config.refreshTokenTtlSeconds).toBe(3600);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.distDir).toBe(path.resolve('dist'));
    expect(config.maxApplicants).toBe(10);
    expect(config.clientLimits).toEqual({ loginFailures: 10, codeEntries: 10, emails: 20 });
    expect(config.passportCheckLimits).toEqual({ perAccount: 30, perClient: 100 });
    expect(config.bodyLimit).toBe(1024 * 1024);
    expect(config.jwtSecret).toBe('');
    expect(config.devMailbox).toBe(true);
    expect(config.formPreview).toBe(true);
    expect(config.trustProxy).toBe(false);
  });

  it('answers every public setting with official-looking defaults', () => {
    const { publicSettings } = loadConfig({});
    expect(Object.keys(publicSettings)).toEqual([...PUBLIC_SETTING_KEYS]);
    expect(publicSettings.API_URL).toBe('');
    expect(publicSettings.FRONT_END_URL).toBe('http://localhost:8080');
    expect(publicSettings.DEPARTMENT_URL).toBe('https://www.dha.gov.za');
    expect(publicSettings.GOV_PORTAL_URL).toBe('https://www.gov.za');
    for (const key of ['FACEBOOK_URL', 'X_URL', 'YOUTUBE_URL', 'INSTAGRAM_URL', 'TERMS_URL', 'PAIA_URL'] as const) {
      expect(publicSettings[key]).toMatch(/^https:\/\//);
    }
    expect(publicSettings.FORM_PREVIEW).toBe('true');
    expect(publicSettings.DEV_MAILBOX).toBe('true');
    expect(publicSettings.SESSION_WARNING_SECONDS).toBe('120');
    // The photo page's phone link uses the portal's address (a loopback one here, which the page explains).
    expect(publicSettings.PHONE_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://eta.example.org' }).publicSettings.PHONE_URL).toBe(
      'https://eta.example.org',
    );
  });

  it('reads every variable that is set', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: '/var/lib/eta',
      DATABASE_URL: 'postgres://eta@db:5432/eta',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'a'.repeat(40),
      ACCESS_TOKEN_TTL_SECONDS: '60',
      REFRESH_TOKEN_TTL_SECONDS: '600',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'eta@example.org',
      PUBLIC_URL: 'https://eta.example.org/',
      DIST_DIR: '/srv/portal',
      API_URL: 'https://api.example.org',
      X_URL: 'https://x.com/example',
      SESSION_WARNING_SECONDS: '30',
      MAX_APPLICANTS: '4',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      isProduction: true,
      dataDir: '/var/lib/eta',
      database: { kind: 'postgres', connectionString: 'postgres://eta@db:5432/eta' },
      logLevel: 'warn',
      jwtSecret: 'a'.repeat(40),
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 600,
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'eta@example.org',
      publicUrl: 'https://eta.example.org',
      distDir: '/srv/portal',
      maxApplicants: 4,
      trustProxy: { addresses: ['10.0.0.0/8', '127.0.0.1'] },
      devMailbox: false,
      formPreview: false,
    });
    expect(config.publicSettings).toMatchObject({
      API_URL: 'https://api.example.org',
      FRONT_END_URL: 'https://eta.example.org',
      X_URL: 'https://x.com/example',
      FORM_PREVIEW: 'false',
      DEV_MAILBOX: 'false',
      SESSION_WARNING_SECONDS: '30',
    });
  });

  it('reads the inactivity limit, served by /envs, never longer than the refresh token lifetime', () => {
    const defaults = loadConfig({});
    expect(defaults.sessionIdleSeconds).toBe(1800);
    expect(defaults.publicSettings.SESSION_IDLE_SECONDS).toBe('1800');
    expect(loadConfig({ REFRESH_TOKEN_TTL_SECONDS: '600' }).sessionIdleSeconds).toBe(600);
    const set = loadConfig({ SESSION_IDLE_SECONDS: '900' });
    expect(set.sessionIdleSeconds).toBe(900);
    expect(set.publicSettings.SESSION_IDLE_SECONDS).toBe('900');
    expect(() => loadConfig({ SESSION_IDLE_SECONDS: '7200' })).toThrow(
      /SESSION_IDLE_SECONDS must not be more than REFRESH_TOKEN_TTL_SECONDS/,
    );
    expect(() => loadConfig({ SESSION_IDLE_SECONDS: '10' })).toThrow(/SESSION_IDLE_SECONDS/);
  });

  it('reads the grace period for a lost refresh answer, 30 s by default, 0 to turn it off', () => {
    expect(loadConfig({}).refreshReuseGraceSeconds).toBe(30);
    expect(loadConfig({ REFRESH_REUSE_GRACE_SECONDS: '0' }).refreshReuseGraceSeconds).toBe(0);
    expect(() => loadConfig({ REFRESH_REUSE_GRACE_SECONDS: '3600' })).toThrow(/REFRESH_REUSE_GRACE_SECONDS/);
  });

  it('reads the absolute session lifetime, 12 hours by default, never shorter than the refresh token lifetime', () => {
    expect(loadConfig({}).sessionMaxSeconds).toBe(43200);
    expect(loadConfig({ SESSION_MAX_SECONDS: '7200' }).sessionMaxSeconds).toBe(7200);
    expect(loadConfig({ SESSION_MAX_SECONDS: '3600' }).sessionMaxSeconds).toBe(3600);
    // A refresh token lifetime longer than the default raises the default instead of failing to start.
    expect(loadConfig({ REFRESH_TOKEN_TTL_SECONDS: '86400' }).sessionMaxSeconds).toBe(86400);
    expect(() => loadConfig({ SESSION_MAX_SECONDS: '1800' })).toThrow(
      /SESSION_MAX_SECONDS must not be less than REFRESH_TOKEN_TTL_SECONDS \(3600\), got 1800/,
    );
    expect(() => loadConfig({ REFRESH_TOKEN_TTL_SECONDS: '7200', SESSION_MAX_SECONDS: '3600' })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_MAX_SECONDS: 'twelve hours' })).toThrow(/SESSION_MAX_SECONDS/);
    expect(() => loadConfig({ SESSION_MAX_SECONDS: String(31 * 86400) })).toThrow(/SESSION_MAX_SECONDS/);
  });

  it('reads the housekeeping interval, an hour by default, 0 to turn it off', () => {
    expect(loadConfig({}).housekeepingIntervalSeconds).toBe(3600);
    expect(loadConfig({ HOUSEKEEPING_INTERVAL_SECONDS: '0' }).housekeepingIntervalSeconds).toBe(0);
    expect(loadConfig({ HOUSEKEEPING_INTERVAL_SECONDS: '600' }).housekeepingIntervalSeconds).toBe(600);
    expect(() => loadConfig({ HOUSEKEEPING_INTERVAL_SECONDS: '5' })).toThrow(
      /HOUSEKEEPING_INTERVAL_SECONDS must be 0 \(off\) or at least 60/,
    );
    expect(() => loadConfig({ HOUSEKEEPING_INTERVAL_SECONDS: '-1' })).toThrow(/HOUSEKEEPING_INTERVAL_SECONDS/);
    expect(() => loadConfig({ HOUSEKEEPING_INTERVAL_SECONDS: String(8 * 86400) })).toThrow(
      /HOUSEKEEPING_INTERVAL_SECONDS/,
    );
  });

  it('reads the per-client-address limits, for operators whose users share one address', () => {
    const config = loadConfig({
      CLIENT_LOGIN_FAILURE_LIMIT: '50',
      CLIENT_CODE_ENTRY_LIMIT: '40',
      CLIENT_EMAIL_LIMIT: '500',
    });
    expect(config.clientLimits).toEqual({ loginFailures: 50, codeEntries: 40, emails: 500 });
    expect(() => loadConfig({ CLIENT_EMAIL_LIMIT: '0' })).toThrow(/CLIENT_EMAIL_LIMIT/);
  });

  it('reads the capture session settings, with defaults of 15 minutes, 5 attempts and 10 MiB photos', () => {
    expect(loadConfig({}).capture).toEqual({
      sessionTtlSeconds: 900,
      maxAttempts: 5,
      retryCooldownSeconds: 900,
      maxUploadBytes: 10 * 1024 * 1024,
      faceCheck: true,
    });
    const config = loadConfig({
      CAPTURE_SESSION_TTL_SECONDS: '600',
      CAPTURE_MAX_ATTEMPTS: '3',
      CAPTURE_RETRY_COOLDOWN_SECONDS: '3600',
      CAPTURE_MAX_UPLOAD_BYTES: '2097152',
      CAPTURE_FACE_CHECK: 'false',
    });
    expect(config.capture).toEqual({
      sessionTtlSeconds: 600,
      maxAttempts: 3,
      retryCooldownSeconds: 3600,
      maxUploadBytes: 2097152,
      faceCheck: false,
    });
    expect(() => loadConfig({ CAPTURE_MAX_ATTEMPTS: '0' })).toThrow(/CAPTURE_MAX_ATTEMPTS/);
    expect(() => loadConfig({ CAPTURE_SESSION_TTL_SECONDS: '10' })).toThrow(/CAPTURE_SESSION_TTL_SECONDS/);
  });

  it('turns the development mailbox off when SMTP is configured or in production', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:2525' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    // On by default it answers this machine only; set by hand, every client.
    expect(loadConfig({}).devMailboxAnyClient).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'true' }).devMailboxAnyClient).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailboxAnyClient).toBe(false);
  });

  it('reads which proxies are trusted: none, a number of hops, or their addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual({ addresses: ['127.0.0.1'] });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,172.16.0.0/12,fd00::/8,::1' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '172.16.0.0/12', 'fd00::/8', '::1'],
    });
  });

  it('refuses TRUST_PROXY=true, which would take any address a client writes, and says what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^TRUST_PROXY=true would take any address a client writes in X-Forwarded-For .*: set the number of proxies in front of the server \(1, 2, \.\.\.\) or their addresses and CIDR ranges \(10\.0\.0\.0\/8,127\.0\.0\.1\)$/,
    );
  });

  it('refuses a TRUST_PROXY it cannot read, naming the value', () => {
    const refused = (value: string) => {
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`TRUST_PROXY=${value} was taken`);
    };
    expect(refused('yes')).toBe(
      'TRUST_PROXY must be false, the number of proxies in front of the server (1, 2, ...) or their addresses and CIDR ranges separated by commas (10.0.0.0/8,127.0.0.1), got "yes"',
    );
    expect(refused('proxy.internal')).toMatch(/^TRUST_PROXY must be false, .*got "proxy.internal"$/);
    expect(refused('10.0.0.0/8;127.0.0.1')).toMatch(/^TRUST_PROXY must be false/);
    expect(refused('0')).toBe('TRUST_PROXY must be between 1 and 10 proxies, or false for none, got "0"');
    expect(refused('11')).toMatch(/^TRUST_PROXY must be between 1 and 10 proxies/);
    expect(refused('10.0.0.300')).toBe('TRUST_PROXY: "10.0.0.300" is not an IP address or CIDR range');
    expect(refused('10.0.0.0/33')).toBe('TRUST_PROXY: "10.0.0.0/33" has a prefix longer than 32 bits');
    expect(refused('fd00::/129')).toBe('TRUST_PROXY: "fd00::/129" has a prefix longer than 128 bits');
    // A range that holds every address trusts every client, as `true` did.
    expect(refused('0.0.0.0/0')).toMatch(/^TRUST_PROXY: "0.0.0.0\/0" holds every address/);
    expect(refused('127.0.0.1, ::/0')).toMatch(/^TRUST_PROXY: "::\/0" holds every address/);
  });

  it('keeps the test environment quiet by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('rejects values it cannot use with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ FORM_PREVIEW: 'maybe' })).toThrow(/FORM_PREVIEW/);
    expect(() => loadConfig({ TERMS_URL: 'javascript:alert(1)' })).toThrow(/TERMS_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('ensureJwtSecret', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('keeps JWT_SECRET when it is set', async () => {
    const config = loadConfig({ JWT_SECRET: 'from-the-environment-and-long-enough' });
    expect((await ensureJwtSecret(config)).jwtSecret).toBe('from-the-environment-and-long-enough');
  });

  it('creates the data folder and persists one secret across restarts', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'eta-config-'));
    const dataDir = path.join(dir, 'nested', 'data');
    const first = await ensureJwtSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(Buffer.from(first.jwtSecret, 'base64url')).toHaveLength(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await ensureJwtSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(second.jwtSecret).toBe(first.jwtSecret);
  });

  it('refuses a persisted secret that is too short', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'eta-config-'));
    await writeFile(path.join(dir, 'jwt-secret'), 'short\n');
    await expect(ensureJwtSecret(loadConfig({ DATA_DIR: dir }))).rejects.toThrow(ConfigError);
  });
});
