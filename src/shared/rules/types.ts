/** A cross-field or country-dependent rule, named from schemas by `"x-rules": [{ "rule": "<name>", ... }]`. */
export interface RuleConfig {
  rule: string;
  /** Optional message key ("ns:key") replacing the rule's default. */
  message?: string;
  [option: string]: unknown;
}

/** A problem found by a rule, on a field of the object the rule is attached to. */
export interface RuleProblem {
  field: string;
  key: string;
}

export interface SchemaRule {
  /** Problems in `value` (the object the rule is attached to); empty when it holds. */
  check(value: Record<string, unknown>, config: RuleConfig): RuleProblem[];
  /** A normalised copy of `value` (e.g. E.164 phone numbers); only called when `check` found nothing. */
  normalise?(value: Record<string, unknown>, config: RuleConfig): Record<string, unknown>;
  /** Message keys this rule can produce with this config (for catalogue checks and the preview page). */
  messageKeys(config: RuleConfig): string[];
  /** Option names that must be present in the config. */
  requiredOptions: string[];
}
