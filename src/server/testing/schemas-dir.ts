import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The schemas the tests read: SCHEMAS_DIR when set (an editor's copy, see tests/recipes), else the repository's.
 * A module of its own, so that helpers the browser journeys load too read it without loading the server.
 */
export const TEST_SCHEMAS_DIR = process.env.SCHEMAS_DIR?.trim()
  ? resolve(process.env.SCHEMAS_DIR.trim())
  : resolve(dirname(fileURLToPath(import.meta.url)), '../../../schemas');
