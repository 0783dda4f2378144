import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFormIds } from '../../src/server/validation/precompile';
import { readJson, registeredNames, walkUi } from './catalogue-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs, Finding } from './finding';

/** Every `ui:widget` and `ui:field` named in a UI schema is in the engine's registry. */
export function checkWidgets(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const source = readFileSync(dirs.engineRegistry, 'utf8');
  const widgets = new Set(registeredNames(source, 'widgets'));
  const fields = new Set(registeredNames(source, 'fields'));
  for (const id of listFormIds(dirs.schemas)) {
    const path = join(dirs.schemas, `${id}.ui.json`);
    const file = `schemas/${id}.ui.json`;
    if (!existsSync(path)) {
      findings.push({ file, message: 'is missing: every form needs a UI schema with a ui:title per field' });
      continue;
    }
    walkUi(readJson(path), (node, at) => {
      const w = node['ui:widget'];
      if (typeof w === 'string' && !widgets.has(w)) {
        findings.push({
          file,
          message: `field "${at}" names the widget "${w}", which is not registered: use one of ${[...widgets].join(', ')} or add it to src/engine/registry.ts`,
        });
      }
      const fld = node['ui:field'];
      if (typeof fld === 'string' && !fields.has(fld)) {
        findings.push({
          file,
          message: `field "${at}" names the field "${fld}", which is not registered: use one of ${[...fields].join(', ')} or add it to src/engine/registry.ts`,
        });
      }
    });
  }
  return findings;
}
