import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LoginResult } from '../../../shared/contract';

/** Helpers for the accounts route tests: real calls through app.inject, mail read from the development mailbox. */

export const STRONG_PASSWORD = 'Zebra-Lantern-47!';
export const OTHER_PASSWORD = 'Quartz-Meadow-83?';

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export function registrationBody(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'MS',
    givenNames: 'Ana Maria',
    familyName: "O'Neill",
    email,
    mobile: { isoAlpha2Code: 'ZA', mobileNumber: '082 123 4567' },
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
}

/** POST to /api/eta/profile/<path> with a JSON body (and a bearer token when given). */
export function post(
  app: FastifyInstance,
  path: string,
  body?: unknown,
  options: { token?: string; lang?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  return app.inject({
    method: 'POST',
    url: `/api/eta/profile/${path}`,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

export function getProfile(app: FastifyInstance, token: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/eta/profile', headers: { authorization: `Bearer ${token}` } });
}

/** Every message in the development mailbox for an address, newest first. */
export async function mailbox(app: FastifyInstance, to: string): Promise<MailboxMessage[]> {
  const response = await app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` });
  if (response.statusCode !== 200) throw new Error(`mailbox answered ${response.statusCode}`);
  return response.json();
}

/** Waits until the address has received `count` messages (mail is sent after the answer), newest first. */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  count = 1,
  timeoutMs = 5000,
): Promise<MailboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await mailbox(app, to);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline) throw new Error(`${to} received ${messages.length} of ${count} messages`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** The authKey of the first link in a message. */
export function authKeyOf(message: { text: string }): string {
  const match = /authKey=([A-Za-z0-9_-]+)/.exec(message.text);
  if (!match) throw new Error('no authKey in the message');
  return match[1];
}

/** The 6-digit code of a verification or password reset message (a word of its own, never part of a link). */
export function codeOf(message: { text: string }): string {
  const match = /(?:^|\s)(\d{6})(?=\s|$)/.exec(message.text);
  if (!match) throw new Error('no code in the message');
  return match[1];
}

/** Registers, confirms the address through the e-mailed link, and signs in. */
export async function registerVerifiedAndLogin(
  app: FastifyInstance,
  email: string,
  password = STRONG_PASSWORD,
  lang?: string,
): Promise<LoginResult> {
  // The profile keeps the language it was registered in (the API then answers its calls in it).
  const registered = await post(
    app,
    'register',
    registrationBody(email, { password, confirmPassword: password }),
    lang ? { lang } : {},
  );
  if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
  const [message] = await waitForMail(app, email);
  const verified = await post(app, 'verify', { authKey: authKeyOf(message) });
  if (verified.statusCode !== 200) throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  const login = await post(app, 'login', { email, password });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  return login.json();
}
