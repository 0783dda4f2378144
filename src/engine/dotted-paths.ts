/** Dotted paths ("mobile.mobileNumber") into a form's answers and into rjsf's error schema. */
import { ErrorSchemaBuilder, type ErrorSchema } from '@rjsf/utils';

/** Reads a dotted path ("mobile.mobileNumber") from answers. */
export function getAtPath(data: unknown, path: string): unknown {
  if (!path) return data;
  let node = data;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Builds rjsf's ErrorSchema (`{ field: { __errors: [...] } }`) from dotted paths and messages, each message once. */
export function toErrorSchema(entries: { path: string; message: string }[]): ErrorSchema {
  const builder = new ErrorSchemaBuilder();
  // Given as segments, the path is split on its dots only; an empty one is the form itself.
  for (const { path, message } of entries) builder.addErrors(message, path ? path.split('.') : []);
  return builder.ErrorSchema;
}
