import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Nothing but the state machine (src/server/lifecycle) writes a status or a step: the server's code is read, and
 * every Kysely write to the tables whose rows carry one, and every SQL text that writes them, is judged.
 */

const SERVER = path.resolve(import.meta.dirname, '..');

/** Tables whose rows carry a status or a step: only the state machine makes, moves and removes them. */
const OWNED_TABLES = ['applications', 'applicants', 'payments', 'payment_applicants'];
/** Columns of those tables that only the state machine writes. */
const OWNED_COLUMNS = ['status', 'current_step', 'valid_until', 'failure'];

const SQL_WRITE = new RegExp(
  `\\b(update|insert\\s+into|delete\\s+from|replace\\s+into)\\s+["\`]?(${OWNED_TABLES.join('|')})\\b`,
  'i',
);

/** The problems of one source file: where it writes what only the state machine may write. */
export function ownedWrites(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const at = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    return `${fileName}:${line + 1}`;
  };

  /** The `.set(...)` arguments of the query built on `call` (the calls chained after it). */
  const setArguments = (call: ts.Node): ts.Expression[] => {
    const found: ts.Expression[] = [];
    let node: ts.Node = call;
    while (ts.isPropertyAccessExpression(node.parent) || ts.isCallExpression(node.parent)) {
      node = node.parent;
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        if (node.expression.name.text === 'set') found.push(...node.arguments);
      }
    }
    return found;
  };

  /** The columns an update's value names, or a reason it cannot be read. */
  const judgeSet = (value: ts.Expression, where: string) => {
    let object: ts.Expression = value;
    if (ts.isArrowFunction(value)) {
      if (ts.isBlock(value.body)) {
        problems.push(`${where}: an update of an owned table whose values are not an object literal`);
        return;
      }
      object = value.body;
    }
    while (ts.isParenthesizedExpression(object)) object = object.expression;
    if (!ts.isObjectLiteralExpression(object)) {
      problems.push(`${where}: an update of an owned table whose values are not an object literal`);
      return;
    }
    for (const property of object.properties) {
      if (ts.isSpreadAssignment(property)) {
        problems.push(`${where}: an update of an owned table spreads values it cannot name`);
        continue;
      }
      const name =
        property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ? property.name.text
          : undefined;
      if (name && OWNED_COLUMNS.includes(name)) problems.push(`${where}: writes ${name}`);
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [table] = node.arguments;
      if (table && ts.isStringLiteralLike(table) && OWNED_TABLES.includes(table.text)) {
        if (['insertInto', 'deleteFrom', 'replaceInto', 'mergeInto'].includes(method))
          problems.push(`${at(node)}: ${method}('${table.text}'): such rows are made and removed by the state machine`);
        if (method === 'updateTable') for (const value of setArguments(node)) judgeSet(value, at(node));
      }
    }
    if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && SQL_WRITE.test(node.text))
      problems.push(`${at(node)}: SQL that writes an owned table`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

/** The server's shipped source files, but the state machine's own, tests, test helpers and migrations. */
function shippedServerFiles(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const relative = path.relative(SERVER, full);
    if (entry.isDirectory())
      return ['lifecycle', 'testing', path.join('db', 'migrations')].includes(relative) || entry.name === 'testing'
        ? []
        : shippedServerFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the state machine is the only writer of statuses and steps', () => {
  it('finds no write of a status, a step, or an owned row outside src/server/lifecycle', () => {
    const files = shippedServerFiles();
    expect(files.length).toBeGreaterThan(50);
    const problems = files.flatMap((file) => ownedWrites(path.relative(SERVER, file), readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('would see each kind of such a write', () => {
    const sample = `
      db.updateTable('applicants').set({ status: 'APPROVED', updated_at: now }).where('id', '=', id).execute();
      db.updateTable('applicants').set({ given_names: 'Ana' }).execute();
      db.updateTable('applicants').set(changes).execute();
      db.updateTable('payments').set({ ...row }).execute();
      db.updateTable('applications').set((eb) => ({ current_step: eb.ref('x') })).execute();
      db.insertInto('payments').values(row).execute();
      db.deleteFrom('applications').where('id', '=', id).execute();
      sql\`UPDATE applicants SET status = 'SUBMITTED'\`.execute(db);
      db.updateTable('capture_sessions').set({ status: 'BIO_PHONE_LINKED' }).execute();
    `;
    expect(ownedWrites('sample.ts', sample)).toEqual([
      'sample.ts:2: writes status',
      'sample.ts:4: an update of an owned table whose values are not an object literal',
      'sample.ts:5: an update of an owned table spreads values it cannot name',
      'sample.ts:6: writes current_step',
      "sample.ts:7: insertInto('payments'): such rows are made and removed by the state machine",
      "sample.ts:8: deleteFrom('applications'): such rows are made and removed by the state machine",
      'sample.ts:9: SQL that writes an owned table',
    ]);
  });
});
