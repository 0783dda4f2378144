import { lazyFields, lazyWidgets } from '@/engine/registry';
import { loadRules } from '@/shared/rules/registry';

// Imported first by the tests that render forms or run the rules (they render fixture forms at once): what a form
// loads on demand in the portal is loaded before they run (form-loader.test.ts proves the loading on demand
// itself). Tests that need neither don't import it, and so don't pay for loading every widget and rule.
await Promise.all([
  loadRules(),
  ...[...Object.values(lazyWidgets), ...Object.values(lazyFields)].map((c) => c.preload()),
]);
