import { postedFieldsOf } from '@/shared/forms/posted-answers';
import type { FormAnswers } from './form-types';

/**
 * The answers of the pages not shown, as hidden fields of the page shown: a form with several pages that is sent only
 * from its end (nothing saved page by page) keeps them through each page it posts without scripts (read back by
 * `readCarriedForm`, src/engine/form-action.ts). With scripts the engine keeps them itself and these are not read.
 */
export function CarriedAnswers({ answers, except }: { answers: FormAnswers; except: readonly string[] }) {
  const others = Object.fromEntries(Object.entries(answers).filter(([field]) => !except.includes(field)));
  return (
    <>
      {postedFieldsOf(others).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
