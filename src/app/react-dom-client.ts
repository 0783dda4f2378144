/**
 * React DOM's client as the app starts it (src/app/boot.tsx). Built into React DOM's own chunk (vite.config.ts), so
 * that React DOM sets itself up in the task that evaluates that chunk, not in the task that evaluates the app's.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
