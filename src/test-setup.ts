import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// A test that renders a form or runs the rules imports '@/engine/testing/forms-loaded' first: it loads what a form
// loads on demand in the portal (widgets, fields, rules), which only those tests need.
afterEach(() => cleanup());
