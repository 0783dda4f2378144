// The variables the server reads and the operators' "Configuration" table (docs/operators.md) name the same settings.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_SETTINGS } from './config';
import { APPLICATIONS_SETTINGS } from './applications/public';
import { DECISIONS_SETTINGS } from './decisions/public';
import { PAYMENTS_SETTINGS } from './payments/public';
import { SEAL_SETTINGS } from './seal/public';
import { WALLET_SETTING_NAMES } from './wallet/public';

/** Read by the build and the editors' tools (LOCALES_DIR) or by OpenTelemetry's SDK itself (OTEL_*). */
const READ_ELSEWHERE = /^(LOCALES_DIR|OTEL_[A-Z_]+)$/;

function documentedSettings(): Set<string> {
  const readme = readFileSync('docs/operators.md', 'utf8');
  const section = readme.slice(readme.indexOf('\n## Configuration\n'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| variable |')));
  const names = new Set<string>();
  for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
    const firstCell = row.split(' | ')[0];
    for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name);
  }
  return names;
}

describe('settings', () => {
  const read = [
    ...[SERVER_SETTINGS, APPLICATIONS_SETTINGS, DECISIONS_SETTINGS, PAYMENTS_SETTINGS, SEAL_SETTINGS].flatMap(
      (schema) => Object.keys(schema.properties),
    ),
    ...WALLET_SETTING_NAMES,
  ];

  it('documents every variable the server reads in the operators’ table', () => {
    const documented = documentedSettings();
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents no variable the server does not read', () => {
    const known = new Set(read);
    expect([...documentedSettings()].filter((name) => !known.has(name) && !READ_ELSEWHERE.test(name))).toEqual([]);
  });

  it('reads each variable in one area only', () => {
    expect(read.filter((name, index) => read.indexOf(name) !== index)).toEqual([]);
  });
});
