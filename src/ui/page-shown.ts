import { createContext } from 'react';

/**
 * Told when the page itself (the matched route's content, inside the layout's Suspense boundary) has been committed:
 * rendered, or hydrated on a page rendered ahead. React hydrates that boundary in a pass of its own, after the
 * layout around it, so only then does the whole page answer.
 */
export const PageShownContext = createContext<(() => void) | undefined>(undefined);
