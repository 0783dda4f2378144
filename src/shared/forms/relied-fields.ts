/**
 * The fields of configured forms that the portal's code reads, in one place: the eligibility facts and the
 * passport the state machine, the passport photo's reading, the decisions and the outcome documents use, the
 * contact details the application form starts from, and the request bodies the API's code reads field by field.
 * A version of the configuration that removes one, changes its type or makes a required one optional is refused
 * with a message naming it (tools/catalogue/relied-field-checks.ts); changing one of them is a change of code.
 */

/** What the code needs of a field: its JSON type, a date's `format`, and whether every answer has it. */
export interface ReliedField {
  type: 'string' | 'boolean' | 'object';
  format?: 'date';
  required?: true;
}

const text = { type: 'string' } as const satisfies ReliedField;
const requiredText = { type: 'string', required: true } as const satisfies ReliedField;
const requiredDate = { type: 'string', format: 'date', required: true } as const satisfies ReliedField;
const requiredObject = { type: 'object', required: true } as const satisfies ReliedField;

/** A form by its id, or the form of a step of the journey by `step:<STEP>` (the manifest names it). */
export const RELIED_FIELDS: Readonly<Record<string, Readonly<Record<string, ReliedField>>>> = {
  'step:APPLICATION_FORM': {
    title: text,
    givenNames: requiredText,
    familyName: requiredText,
    sex: requiredText,
    dateOfBirth: requiredDate,
    nationality: requiredText,
    passportNumber: requiredText,
    passportIssuingCountry: requiredText,
    passportExpiryDate: requiredDate,
    portOfEntry: requiredText,
    email: requiredText,
    mobile: requiredObject,
  },
  applicant: {
    isAccountHolder: { type: 'boolean', required: true },
    relationship: text,
    givenNames: requiredText,
    familyName: requiredText,
    dateOfBirth: requiredDate,
    nationality: requiredText,
    passportIssuingCountry: requiredText,
    passportNumber: requiredText,
  },
  'create-application': { applicationType: requiredText, applyingFor: requiredText },
  registration: {
    title: text,
    givenNames: requiredText,
    familyName: requiredText,
    email: requiredText,
    mobile: requiredObject,
    password: requiredText,
  },
  login: { email: requiredText, password: requiredText },
  'forgot-password': { email: requiredText },
  'reset-password': { authKey: requiredText, newPassword: requiredText },
};
