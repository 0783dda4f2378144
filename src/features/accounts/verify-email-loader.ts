import type { LoaderFunctionArgs } from 'react-router-dom';
import { accountCalls } from '@/api/accounts';
import { ApiError } from '@/api/request';

/** What checking a confirmation link's key found. */
export type VerifyOutcome = { state: 'confirmed' } | { state: 'invalid' } | { state: 'problem'; message: string };

/**
 * /verify-email?authKey=...: the address is confirmed as the page is opened (on the server, so the link works
 * without scripts); a key is single-use, so the page never checks it again (see page-loaders.ts).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<VerifyOutcome> {
  const authKey = new URL(request.url).searchParams.get('authKey') ?? '';
  if (!authKey) return { state: 'invalid' };
  try {
    await accountCalls.verify({ authKey });
    return { state: 'confirmed' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = error.errorBody;
    if (!body || body.code === 'VERIFY_LINK_INVALID' || body.code === 'VALIDATION_FAILED') return { state: 'invalid' };
    return { state: 'problem', message: body.error };
  }
}
