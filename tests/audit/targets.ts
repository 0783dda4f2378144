/**
 * The web audit's targets, taken from the server's OpenAPI document: every operation with a JSON request body and
 * every GET with query parameters (the selection the property-based fuzz uses), with the path and query filled in
 * from the audit account's own records, and a body made from the schema's first example (else from its types).
 */
import { STRONG_PASSWORD } from '../../src/server/accounts/testing/client';
import { operationKey, selectedOperations } from '../../src/server/security/fuzz/endpoints';
import { resolveRef, type Json } from '../../src/server/security/fuzz/schema-arbitrary';

/** The records of the audit account that paths, queries and bodies name. */
export interface AuditRecords {
  email: string;
  applicationId: string;
  applicantId: string;
  documentId: string;
  /** A refresh token of a session of its own, so that its rotation never ends the session the audit uses. */
  spareRefreshToken: string;
}

export interface AuditTarget {
  key: string;
  method: string;
  /** Path and query string, filled in. */
  url: string;
  /** The JSON body, when the operation takes one. */
  body?: string;
}

/**
 * Operations left out, each with its reason: they end or change the very session and password the audit signs in
 * with, so every later call would only be refused.
 */
export const LEFT_OUT: Record<string, string> = {
  'POST /api/eta/profile/logout': 'ends the session the audit uses',
  'POST /api/eta/profile/change-password': 'changes the password and ends the other sessions',
};

/** A value for a named path or query parameter. */
function parameterValue(name: string, path: string, schema: Json, records: AuditRecords): string {
  switch (name) {
    case 'guid':
      return path.startsWith('/api/eta/applicants/') ? records.applicantId : records.applicationId;
    case 'applicantGuid':
    case 'applicantIdentifier':
      return records.applicantId;
    case 'documentGuid':
      return records.documentId;
    case 'formId':
      return 'application-form';
    case 'documentType':
      return 'PROOF_OF_ACCOMMODATION';
    case 'search':
      return 'fr';
    default:
      return String(schema.enum?.[0] ?? schema.examples?.[0] ?? schema.example ?? 'x');
  }
}

/** The values of the audit account's records, by the name a body gives them. */
const namedValues = (records: AuditRecords): Record<string, unknown> => ({
  email: records.email,
  applicantIdentifier: records.applicantId,
  applicationIdentifier: records.applicationId,
  refreshToken: records.spareRefreshToken,
});

/** An example with the audit account's records in place of the example's, at any depth. */
function withRecords(value: unknown, named: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => withRecords(item, named));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key in named ? named[key] : withRecords(item, named)]),
  );
}

/** A value for a schema: its example, constant or first allowed value, else one of its type. */
function sample(doc: Json, raw: Json, name: string, records: AuditRecords): unknown {
  const schema = resolveRef(doc, raw);
  const named = namedValues(records);
  if (name in named) return named[name];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return withRecords(schema.examples[0], named);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.allOf)) return sample(doc, schema.allOf[0], name, records);
  if (Array.isArray(schema.oneOf ?? schema.anyOf)) return sample(doc, (schema.oneOf ?? schema.anyOf)[0], name, records);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const required = new Set<string>(schema.required ?? []);
    return Object.fromEntries(
      Object.entries((schema.properties ?? {}) as Json)
        .filter(([key]) => required.has(key))
        .map(([key, value]) => [key, sample(doc, value as Json, key, records)]),
    );
  }
  if (type === 'array') return [];
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (schema.format === 'date') return '2030-03-02';
  if (name.toLowerCase().includes('password')) return STRONG_PASSWORD;
  return 'test';
}

/** The audit's targets, in the document's order, less those LEFT_OUT. */
export function auditTargets(doc: Json, records: AuditRecords): AuditTarget[] {
  return selectedOperations(doc)
    .filter((operation) => !(operationKey(operation.method, operation.path) in LEFT_OUT))
    .map((operation) => {
      let path = operation.path;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters) {
        const value = parameterValue(parameter.name, operation.path, parameter.schema ?? {}, records);
        if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
        if (parameter.in === 'query') query.set(parameter.name, value);
      }
      const url = query.size > 0 ? `${path}?${query}` : path;
      const body = operation.bodySchema ? JSON.stringify(sample(doc, operation.bodySchema, '', records)) : undefined;
      return { key: operationKey(operation.method, operation.path), method: operation.method, url, body };
    });
}
