import type { ColumnDataType, CreateTableBuilder, Kysely } from 'kysely';

/**
 * The database as a migration sees it: untyped, because a migration runs against the schema of its own time,
 * never against today's `Database` interface.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above; the one place an untyped Kysely is allowed
export type MigrationDb = Kysely<any>;

/*
 * The words migrations declare tables with. A migration that has run must give the same DDL for ever, so these
 * may only change in ways that keep every migration's SQL as it is: migrate.test.ts compares the SQL of every
 * migration, on SQLite and PostgreSQL, with the SQL it was released with.
 */

type TableBuilder = CreateTableBuilder<string, string>;
/** One or more columns, or a constraint, of a table being created. */
export type TablePart = (table: TableBuilder) => TableBuilder;
type ColumnBuild = Parameters<TableBuilder['addColumn']>[2];

/** Any column, as Kysely's `addColumn` takes it: for what the words below do not say. */
function custom(name: string, type: ColumnDataType, build?: ColumnBuild): TablePart {
  return (table) => table.addColumn(name, type, build);
}

/** Columns that must have a value (`not null`). */
function required(type: ColumnDataType, ...names: string[]): TablePart {
  return (table) => names.reduce((t, name) => t.addColumn(name, type, (column) => column.notNull()), table);
}

/** Columns that may be empty. */
function optional(type: ColumnDataType, ...names: string[]): TablePart {
  return (table) => names.reduce((t, name) => t.addColumn(name, type), table);
}

/** A text column that must have a value no other row has. */
function unique(name: string): TablePart {
  return custom(name, 'text', (column) => column.notNull().unique());
}

/** The table's text key. */
function key(name: string): TablePart {
  return custom(name, 'text', (column) => column.primaryKey());
}

/** A text column naming a row of another table (`'table.column'`), whose rows go when that row goes. */
function belongsTo(name: string, target: string): TablePart {
  return custom(name, 'text', (column) => column.notNull().references(target).onDelete('cascade'));
}

/** A key of several columns. */
function compositeKey(constraint: string, columns: string[]): TablePart {
  return (table) => table.addPrimaryKeyConstraint(constraint, columns);
}

/** The parts of a table, for `createTable`: `col.required('text', 'given_names', 'family_name')`. */
export const col = { custom, required, optional, unique, key, belongsTo, compositeKey };

/** Creates a table from its parts, in order. */
export async function createTable(db: MigrationDb, name: string, parts: TablePart[]): Promise<void> {
  await parts.reduce((table, part) => part(table), db.schema.createTable(name) as unknown as TableBuilder).execute();
}

/** Creates an index on one or more columns of a table. */
export async function createIndex(db: MigrationDb, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** Drops tables, in the order given (tables that others refer to last). */
export async function dropTables(db: MigrationDb, names: string[]): Promise<void> {
  for (const name of names) await db.schema.dropTable(name).execute();
}
