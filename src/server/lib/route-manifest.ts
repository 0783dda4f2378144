import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The route manifest's file name in a schemas folder (the server's SCHEMAS_DIR). */
export const ROUTE_MANIFEST_FILE = 'routes.manifest.json';

/**
 * The route manifest of a schemas folder, parsed: the one reader of the file on the server (each area keeps what it
 * takes from it as it needs).
 */
export function readRouteManifest(schemasDir: string): unknown {
  return JSON.parse(readFileSync(join(schemasDir, ROUTE_MANIFEST_FILE), 'utf8'));
}
