import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// What a test waits for (findBy..., waitFor) may take a few seconds on a busy machine: a page that never comes still
// fails, after 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5000 });

// A test that renders a form or runs the rules imports '@/engine/testing/forms-loaded' first: it loads what a form
// loads on demand in the portal (widgets, fields, rules), which only those tests need.
afterEach(() => cleanup());
