import { loadSealCertificate, loadSealStatus } from '@/api/outcomes';
import { unwrap } from '@/api/request';
import type { PageAction } from '@/engine/form-action';
import type { FieldError } from '@/shared/api-types';
import { checkSeal, SEAL_TEXT_FIELD, type InputProblem, type SealAnswer } from './check-seal';

/** What the page shows after a seal was posted without scripts. */
export interface SealActionData {
  /** The text as posted, shown again in its field. */
  text: string;
  problem?: InputProblem;
  answer?: SealAnswer;
  /** The problem as the error summary lists it (it also puts "Error: " before the page's title). */
  errors?: FieldError[];
}

/**
 * /verify-seal posted without scripts: the same check as the browser's (check-seal.ts), run on the server against
 * the published certificate and the document's status, answered as the page shows it.
 */
export const action: PageAction = async ({ fields, scope, t }) => {
  const text = String(fields.get(SEAL_TEXT_FIELD) ?? '');
  const outcome = await checkSeal(text, {
    certificate: async () => unwrap(await loadSealCertificate({ scope })).certificate,
    status: async (documentNumber) => unwrap(await loadSealStatus(documentNumber, { scope })).status,
  });
  if ('problem' in outcome) {
    const key = `outcomes:verify.errors.${outcome.problem}`;
    const errors = [{ field: SEAL_TEXT_FIELD, key, message: t(key) }];
    return { text, problem: outcome.problem, errors } satisfies SealActionData;
  }
  return { text, answer: outcome.answer } satisfies SealActionData;
};
