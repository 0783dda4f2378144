import Fastify, { type RouteOptions } from 'fastify';
import { buildAreas, decorateAreas } from '../../areas';
import { loadPagePaths } from '../../lib/page-paths';
import { routes } from '../../routes/index';
import { createTestDb, TEST_SCHEMAS_DIR, testConfig } from '../../testing/harness';
import { registerValidation } from '../../validation/index';

/** A registered route: "METHOD /path/:param" and the query parameters its schema requires. */
export interface RegisteredRoute {
  route: string;
  requiredQuery: string[];
}

/**
 * Calls `visit` for every route the app's route registry adds, as it is added: on an instance of its own, given
 * what buildApp gives its routes (the configuration, the database, the page paths, the areas) and registering the
 * same plugins in the same order, without starting anything else.
 */
export async function inventoryRoutes(visit: (route: RouteOptions) => void): Promise<void> {
  const testDb = await createTestDb('sqlite');
  const inventory = Fastify({ logger: false });
  try {
    const config = testConfig();
    inventory.decorate('config', config);
    inventory.decorate('db', testDb.db);
    inventory.decorate('pagePaths', loadPagePaths(TEST_SCHEMAS_DIR));
    decorateAreas(inventory, buildAreas(testDb.db, config));
    registerValidation(inventory, { schemasDir: TEST_SCHEMAS_DIR });
    inventory.addHook('onRoute', visit);
    for (const plugin of routes) await inventory.register(plugin);
    await inventory.ready();
  } finally {
    await inventory.close();
    await testDb.close();
  }
}

/** Every /api/ route the app's route registry adds (HEAD aside). */
export async function registeredApiRoutes(): Promise<RegisteredRoute[]> {
  const found: RegisteredRoute[] = [];
  await inventoryRoutes((route) => {
    if (!route.url.startsWith('/api/')) return;
    const query = (route.schema?.querystring ?? {}) as { required?: string[] };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') found.push({ route: `${method} ${route.url}`, requiredQuery: query.required ?? [] });
    }
  });
  return found;
}
