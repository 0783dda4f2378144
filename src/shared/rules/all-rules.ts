/**
 * Loads every rule once, for code that checks any form at any time (the API, the editors' checks). Importing this
 * module is enough: it finishes loading before the importer runs.
 */
import { loadRules } from './registry';

await loadRules();
