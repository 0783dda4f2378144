/**
 * The type of what a schema file of schemas/ accepts, derived from the file by json-schema-to-ts: a change to the file
 * changes the type. The files come as `as const` objects from schema-files.generated.ts, which
 * tools/schema-types-module.ts writes (`npm test`, `npm run typecheck` and `npm ci` do) and which only
 * `import type` may reach, so nothing that runs needs it. `if`/`then`/`else` and `not` are read, so a body that
 * takes one of two shapes is a union of them (json-schema-to-ts cannot take a value out of a type, so the `else` side
 * of a condition on a value, such as applicant's `isAccountHolder: false`, stays wider than the file: the server's
 * validator is the judge of a body, the type its outline).
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { SchemaFiles } from './schema-files.generated';

export type FromSchemaFile<SCHEMA extends JSONSchema> = FromSchema<
  SCHEMA,
  { references: SchemaFiles; parseIfThenElseKeywords: true; parseNotKeyword: true }
>;
