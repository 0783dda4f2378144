/**
 * Writes src/shared/contract/schema-files.generated.ts, the request body schema files and the names of the route
 * manifest's routes as TypeScript (see schema-types-module.ts). Run by `npm test` (first), `npm run typecheck` and
 * `npm ci`.
 */
import { relative } from 'node:path';
import { SCHEMA_TYPES_FILE, writeSchemaTypes } from './schema-types-module';

try {
  const written = writeSchemaTypes();
  console.log(`${relative(process.cwd(), SCHEMA_TYPES_FILE)}: ${written ? 'written' : 'up to date'}`);
} catch (error) {
  console.error(`The request body and route name types could not be generated: ${(error as Error).message}`);
  process.exit(1);
}
