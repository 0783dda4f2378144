import type { Plugin } from 'vite';
import { join } from 'node:path';
import { buildFormModule, buildIndexModule, formFiles, listFormIds } from '../../src/server/validation/precompile';
import { DEFAULT_SCHEMAS_DIR } from '../../src/server/validation/schema-files';

/** Virtual module listing the forms: `formIds` and `formLoaders` (one lazy chunk per form). */
export const FORMS_INDEX_ID = 'virtual:eta-forms';
/** Prefix of one form's module: `virtual:eta-forms/<id>` (schema, uiSchema, examples, validateFns, whenFns). */
export const FORM_MODULE_PREFIX = 'virtual:eta-forms/';

/**
 * Compiles every form of `schemas/` to standalone validator code (ajv + ajv-formats + ajv-errors) when Vite
 * builds, serves or tests, so the browser never compiles a schema (CSP `script-src 'self'` holds).
 * Editing a schema, UI schema or examples file rebuilds the form's module.
 */
export function precompiledFormsPlugin(options: { schemasDir?: string } = {}): Plugin {
  const dir = options.schemasDir ?? DEFAULT_SCHEMAS_DIR;
  const resolvedPrefix = '\0' + FORM_MODULE_PREFIX;
  return {
    name: 'eta-precompiled-forms',
    enforce: 'pre',
    config() {
      // The generated modules import this CommonJS file; pre-bundle it so development does not reload on first use.
      return { optimizeDeps: { include: ['ajv-formats/dist/formats.js'] } };
    },
    configureServer(server) {
      // A form added or removed changes the index; edits of existing files are covered by addWatchFile.
      server.watcher.add(dir);
      const refreshIndex = (file: string) => {
        if (!file.startsWith(dir) || !file.endsWith('.schema.json')) return;
        const index = server.moduleGraph.getModuleById('\0' + FORMS_INDEX_ID);
        if (index) server.moduleGraph.invalidateModule(index);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', refreshIndex);
      server.watcher.on('unlink', refreshIndex);
    },
    resolveId(id) {
      if (id === FORMS_INDEX_ID) return '\0' + FORMS_INDEX_ID;
      if (id.startsWith(FORM_MODULE_PREFIX)) return '\0' + id;
      return null;
    },
    load(id) {
      if (id === '\0' + FORMS_INDEX_ID) {
        for (const formId of listFormIds(dir)) this.addWatchFile(join(dir, `${formId}.schema.json`));
        return buildIndexModule(FORM_MODULE_PREFIX, dir);
      }
      if (id.startsWith(resolvedPrefix)) {
        const formId = id.slice(resolvedPrefix.length);
        for (const file of formFiles(formId, dir)) this.addWatchFile(file);
        if (!listFormIds(dir).includes(formId)) {
          this.error(`Unknown form "${formId}": add ${join(dir, `${formId}.schema.json`)}`);
        }
        return buildFormModule(formId, dir);
      }
      return null;
    },
  };
}
