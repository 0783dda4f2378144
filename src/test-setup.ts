import { afterEach } from 'vitest';
import { setPageTakenOver } from '@/ui/page-taken-over';
import { cleanup, configure } from '@testing-library/react';

// What a test waits for (findBy..., waitFor) may take a few seconds on a busy machine: a page that never comes still
// fails, after 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5000 });

// A test that renders a form or runs the rules imports '@/engine/testing/forms-loaded' first: it loads what a form
// loads on demand in the portal (widgets, fields, rules), which only those tests need.
afterEach(() => cleanup());

// A test renders its page as the browser does when it renders a page itself: taken over from the start. A test of a
// page rendered by the server says otherwise for its own render (setPageTakenOver(false)).
setPageTakenOver();
