import { phoneNumberRule } from './phone-number';
import { sameAsRule } from './same-as';
import { passportValidityRule, pastDateRule, tripDatesRule } from './travel-dates';
import type { SchemaRule } from './types';

/** Every rule a schema may name in `x-rules`. Adding a rule: one file and one line here. */
export const ruleRegistry: Record<string, SchemaRule> = {
  phoneNumber: phoneNumberRule,
  sameAs: sameAsRule,
  tripDates: tripDatesRule,
  passportValidity: passportValidityRule,
  pastDate: pastDateRule,
};
