import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { lazyFields, lazyWidgets } from '@/engine/registry';
import { loadRules } from '@/shared/rules/registry';

afterEach(() => cleanup());

// Tests render fixture forms at once: what a form loads on demand in the portal is loaded before they run
// (form-loader.test.ts proves the loading on demand itself).
await Promise.all([
  loadRules(),
  ...[...Object.values(lazyWidgets), ...Object.values(lazyFields)].map((c) => c.preload()),
]);
