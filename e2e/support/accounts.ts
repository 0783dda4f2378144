import type { APIRequestContext, BrowserContext } from '@playwright/test';

/** A strong password that satisfies every rule of the registration form. */
export const PASSWORD = 'Valid#Passw0rd2026';

export interface Account {
  email: string;
  password: string;
  givenNames: string;
  familyName: string;
}

export interface Tokens {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresIn: number;
}

let counter = 0;

/** A fresh, unique e-mail address for one test. */
export function uniqueEmail(prefix = 'traveller'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

/**
 * The newest message the development mailbox holds for an address, waiting briefly for it to arrive; with
 * `count`, waits until that many matching messages have arrived (so an earlier one is not taken for a new one).
 */
export async function latestMail(request: APIRequestContext, to: string, subjectPattern?: RegExp, { count = 1 } = {}) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as { subject: string; text: string; links: string[] }[];
    const matches = messages.filter((m) => !subjectPattern || subjectPattern.test(m.subject));
    if (matches.length >= count) return matches[0]!;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No e-mail (${count}) to ${to}${subjectPattern ? ` matching ${subjectPattern}` : ''} arrived.`);
}

/** Registers through the API, confirms the address from the e-mailed link and signs in: a ready account. */
export async function createVerifiedAccount(request: APIRequestContext): Promise<Account & { tokens: Tokens }> {
  const account: Account = {
    email: uniqueEmail(),
    password: PASSWORD,
    givenNames: 'Thandi',
    familyName: "O'Neil-Mbeki",
  };
  const registered = await request.post('/api/eta/profile/register', {
    data: {
      title: 'MS',
      givenNames: account.givenNames,
      familyName: account.familyName,
      email: account.email,
      mobile: { isoAlpha2Code: 'GB', mobileNumber: '07400 123456' },
      password: account.password,
      confirmPassword: account.password,
      acceptTerms: true,
    },
  });
  if (!registered.ok()) throw new Error(`register failed: ${registered.status()} ${await registered.text()}`);
  const mail = await latestMail(request, account.email);
  const link = mail.links.find((l) => l.includes('authKey='));
  if (!link) throw new Error('The verification e-mail has no link.');
  const authKey = new URL(link).searchParams.get('authKey');
  const verified = await request.post('/api/eta/profile/verify', { data: { authKey } });
  if (!verified.ok()) throw new Error(`verify failed: ${verified.status()} ${await verified.text()}`);
  const login = await request.post('/api/eta/profile/login', {
    data: { email: account.email, password: account.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  const { tokenInfo } = (await login.json()) as { tokenInfo: Tokens };
  return { ...account, tokens: tokenInfo };
}

/** A new session for an existing account (its own refresh-token family), through the API. */
export async function loginThroughApi(request: APIRequestContext, account: Account): Promise<Tokens> {
  const login = await request.post('/api/eta/profile/login', {
    data: { email: account.email, password: account.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  return ((await login.json()) as { tokenInfo: Tokens }).tokenInfo;
}

/** Puts the session cookies into the browser exactly as the portal does after signing in. */
export async function signInBrowser(context: BrowserContext, baseURL: string, tokens: Tokens): Promise<void> {
  const now = Date.now() / 1000;
  const url = new URL(baseURL);
  const cookie = (name: string, value: string, lifetime: number) => ({
    name,
    value,
    domain: url.hostname,
    path: '/',
    expires: Math.floor(now + lifetime),
    secure: true,
    sameSite: 'Strict' as const,
  });
  await context.addCookies([
    cookie('authToken', tokens.accessToken, tokens.expiresIn),
    cookie('refreshToken', tokens.refreshToken, tokens.refreshExpiresIn),
    cookie('authTokenExpiryDate', new Date((now + tokens.expiresIn) * 1000).toISOString(), tokens.expiresIn),
    cookie(
      'refreshTokenExpiryDate',
      new Date((now + tokens.refreshExpiresIn) * 1000).toISOString(),
      tokens.refreshExpiresIn,
    ),
  ]);
}
