import Fastify from 'fastify';
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
 * Every /api/ route the app's route registry adds (HEAD aside), listed by an onRoute hook on an instance of its
 * own that registers the same plugins buildApp does, in the same order.
 */
export async function registeredApiRoutes(): Promise<RegisteredRoute[]> {
  const testDb = await createTestDb('sqlite');
  const inventory = Fastify({ logger: false });
  const found: RegisteredRoute[] = [];
  try {
    const config = testConfig();
    inventory.decorate('config', config);
    inventory.decorate('db', testDb.db);
    decorateAreas(inventory, buildAreas(testDb.db, config));
    inventory.decorate('pagePaths', loadPagePaths(TEST_SCHEMAS_DIR));
    registerValidation(inventory);
    inventory.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const query = (route.schema?.querystring ?? {}) as { required?: string[] };
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') found.push({ route: `${method} ${route.url}`, requiredQuery: query.required ?? [] });
      }
    });
    for (const plugin of routes) await inventory.register(plugin);
    await inventory.ready();
  } finally {
    await inventory.close();
    await testDb.close();
  }
  return found;
}
