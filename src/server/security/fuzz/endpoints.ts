import { resolveRef, type Json } from './schema-arbitrary';

/** One operation the fuzz sends requests to, as the OpenAPI document describes it. */
export interface FuzzedEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as documented, with `{name}` placeholders. */
  path: string;
  /** The JSON request body's schema, when the operation takes one. */
  bodySchema?: Json;
  /** Path, query and header parameters, their `$ref`s followed. */
  parameters: Json[];
}

/**
 * Operations of the selection (a JSON request body, or GET with query parameters) that are not fuzzed, each with its
 * reason. Empty today: every such operation is fuzzed.
 */
export const SKIPPED: Record<string, string> = {};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `METHOD /path`, the key of an operation in SKIPPED and in test names. */
export const operationKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

/** Every operation with an application/json request body, and every GET with query parameters, from the document. */
export function selectedOperations(doc: Json): FuzzedEndpoint[] {
  const selected: FuzzedEndpoint[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method];
      if (!operation) continue;
      const parameters = [...((item as Json).parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) =>
        resolveRef(doc, p),
      );
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const hasQuery = parameters.some((p) => p.in === 'query');
      if (bodySchema || (method === 'get' && hasQuery)) {
        selected.push({ method: method.toUpperCase() as FuzzedEndpoint['method'], path, bodySchema, parameters });
      }
    }
  }
  return selected;
}

/** The selected operations less those SKIPPED names. */
export function fuzzedEndpoints(doc: Json): FuzzedEndpoint[] {
  return selectedOperations(doc).filter((e) => !(operationKey(e.method, e.path) in SKIPPED));
}
