import { describe, expect, it } from 'vitest';
import { RELIED_FIELDS } from '../../shared/forms/relied-fields';
import { MRZ_FORM_FIELDS } from '../passport-mrz/compare';
import { factAnswers } from './guards';
import type { ApplicantsTable } from './tables';

// The one declaration of the fields the code reads (src/shared/forms/relied-fields.ts) holds every field that the
// application form's own code lists name, so that the checker refuses a version that would take one away.
describe('the fields the code reads from the application form', () => {
  const declared = Object.keys(RELIED_FIELDS['step:APPLICATION_FORM']);

  it('include those the passport photo’s reading fills in and compares', () => {
    expect(declared).toEqual(expect.arrayContaining([...MRZ_FORM_FIELDS]));
  });

  it('include the applicant’s facts the form starts from and keeps in step', () => {
    const facts = Object.keys(factAnswers({} as ApplicantsTable));
    expect(declared).toEqual(expect.arrayContaining(facts));
    expect(Object.keys(RELIED_FIELDS.applicant)).toEqual(expect.arrayContaining(facts));
  });
});
