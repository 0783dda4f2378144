import type { SealStatus } from '@/api/outcomes';
import { fromBase64Url, parseSeal, verifySeal, type Seal, type SealProblem } from '@/shared/seal/seal';

/** The seal's text field, as the form posts it. */
export const SEAL_TEXT_FIELD = 'sealText';

/** Why what was given is not a seal to check. */
export type InputProblem = 'empty' | 'noCode' | 'unreadable';

/** What the check found: a genuine seal with its document's status, a refused seal, or a check that failed. */
export type SealAnswer =
  | { kind: 'genuine'; seal: Seal; status: SealStatus }
  | { kind: 'refused'; problem: Exclude<SealProblem, 'UNREADABLE'> }
  | { kind: 'failed' };

export type SealCheckOutcome = { problem: InputProblem } | { answer: SealAnswer };

/** The two things the check asks the department: its published certificate and a document's current status. */
export interface SealLookups {
  /** The signer certificate, DER in base64url. */
  certificate(): Promise<string>;
  status(documentNumber: string): Promise<SealStatus>;
}

/**
 * Checks a seal's text: its signature against the published certificate, then the status of the document it names.
 * The browser's check and the server's (a form posted without scripts, see verify-seal-action.ts) are this one.
 */
export async function checkSeal(sealText: string, lookups: SealLookups): Promise<SealCheckOutcome> {
  if (sealText.trim() === '') return { problem: 'empty' };
  if (!parseSeal(sealText)) return { problem: 'unreadable' };
  try {
    const certificate = fromBase64Url(await lookups.certificate());
    const verdict = await verifySeal(sealText, certificate);
    if (!verdict.ok) {
      return verdict.problem === 'UNREADABLE'
        ? { problem: 'unreadable' }
        : { answer: { kind: 'refused', problem: verdict.problem } };
    }
    return { answer: { kind: 'genuine', seal: verdict.seal, status: await lookups.status(verdict.seal.data.msg.no) } };
  } catch {
    return { answer: { kind: 'failed' } };
  }
}
