import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  createBrowserRouter,
  createStaticHandler,
  createStaticRouter,
  RouterProvider,
  StaticRouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { startAsRendered } from './rendered-location';

const PATH = '/applications/application';

/** A page that, like the task list after a step is saved, shows a notice the navigation carried in its state. */
function TaskList() {
  const location = useLocation();
  const savedFor = (location.state as { savedFor?: string } | null)?.savedFor;
  return (
    <main data-key={location.key}>
      <h1>Your application</h1>
      {savedFor && <p role="status">Your answers for {savedFor} are saved.</p>}
    </main>
  );
}

const routes: RouteObject[] = [{ path: PATH, element: <TaskList /> }];

/** The page as the server renders it from its address alone, put in the document as the browser receives it. */
async function renderedByServer(): Promise<HTMLElement> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${PATH}`));
  if (context instanceof Response) throw new Error('the page redirected');
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
  document.body.appendChild(container);
  return container;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** Takes the server's page over as the portal does (boot.tsx), collecting what React could only recover from. */
async function hydrate(container: HTMLElement, beforeRouter: () => void): Promise<unknown[]> {
  const recovered: unknown[] = [];
  beforeRouter();
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: {} } });
  await act(async () => {
    root = hydrateRoot(container, <RouterProvider router={router} />, {
      onRecoverableError: (error) => recovered.push(error),
    });
  });
  return recovered;
}

/** A reload of the task list reached inside the app, with "saved" in its history entry. */
const reloadedAfterSaving = () =>
  window.history.replaceState({ usr: { savedFor: 'Ann Lee' }, key: 'k3y4b1e', idx: 2 }, '', PATH);

describe('a page loaded anew whose history entry carries router state', () => {
  it('is not the page the server rendered when the router starts from the entry as it is (the cause)', async () => {
    const container = await renderedByServer();
    const recovered = await hydrate(container, reloadedAfterSaving);
    // React could not hydrate: it threw the server's HTML away and rendered the page again.
    expect(recovered.length).toBeGreaterThan(0);
  });

  it('is taken over as the server rendered it: no recoverable error, nothing redrawn', async () => {
    const container = await renderedByServer();
    const heading = container.querySelector('h1');
    const recovered = await hydrate(container, () => {
      reloadedAfterSaving();
      startAsRendered();
    });
    expect(recovered).toEqual([]);
    // The element the server sent is the one the page goes on with.
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('[role=status]')).toBeNull();
    expect(container.querySelector('main')?.dataset.key).toBe('default');
    // The entry keeps its place in the history, which Back and Forward are counted by.
    expect(window.history.state).toEqual({ idx: 2 });
  });

  it('leaves an entry that carries nothing as it is', () => {
    window.history.replaceState({ idx: 4, other: 'kept' }, '', PATH);
    startAsRendered();
    expect(window.history.state).toEqual({ idx: 4, other: 'kept' });
    window.history.replaceState(null, '', PATH);
    startAsRendered();
    expect(window.history.state).toBeNull();
  });
});
