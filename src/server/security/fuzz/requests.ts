import fc from 'fast-check';
import type { FuzzedEndpoint } from './endpoints';
import { mutated, oddStrings, schemaArbitrary, type Json, type Overrides } from './schema-arbitrary';

/** Identifiers of real records: the signed-in caller's own, and another profile's. */
export interface FixtureIds {
  applications: string[];
  applicants: string[];
  othersApplications: string[];
  othersApplicants: string[];
}

/** One request to send: the path filled in, the query, extra headers and the raw body. */
export interface FuzzRequest {
  signedIn: boolean;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Which kind of inputs a run draws: shaped by the schema (sometimes broken), or anything at all. */
export type Family = 'schema' | 'arbitrary';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent for any string: a lone surrogate (which no URL can carry) becomes U+FFFD first. */
export const encode = (value: string): string => encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

const randomSegment: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ minLength: 1, maxLength: 10, unit: 'grapheme' }),
  fc.constantFrom(
    ...oddStrings.filter((s) => s.length > 0 && !s.startsWith('..')),
    '%',
    '0',
    '-1',
    'null',
    'undefined',
  ),
  fc.integer({ min: 90, max: 3000 }).map((n) => 'a'.repeat(n)),
);

/** The record a `{placeholder}` names, from the path segment before it (`applications/{guid}` is an application). */
function realIdentifiers(path: string, name: string, ids: FixtureIds): { own: string[]; others: string[] } {
  const segments = path.split('/');
  const before = segments[segments.indexOf(`{${name}}`) - 1];
  if (before === 'applicants' || name === 'applicantGuid' || name === 'applicantIdentifier') {
    return { own: ids.applicants, others: ids.othersApplicants };
  }
  if (before === 'applications' || before === 'application-details') {
    return { own: ids.applications, others: ids.othersApplications };
  }
  return { own: [], others: [] };
}

/** Real values for half the runs: the caller's own record, or else what the parameter's schema allows. */
function parameterValue(doc: Json, endpoint: FuzzedEndpoint, parameter: Json, ids: FixtureIds): fc.Arbitrary<string> {
  const { own, others } = realIdentifiers(endpoint.path, parameter.name, ids);
  const real =
    own.length > 0
      ? fc.constantFrom(...own)
      : schemaArbitrary(doc, parameter.schema ?? { type: 'string' }).map((v) => String(v));
  const random = others.length > 0 ? fc.oneof(fc.constantFrom(...others), randomSegment) : randomSegment;
  // An empty segment, '.' or '..' makes the address another path (or none): another operation's business.
  return fc.oneof(real, random).filter((v) => v !== '' && v !== '.' && v !== '..');
}

const garbageQuery = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '&&', '=', '==x', 'a[b]=c', '%00', '+', ';');

/** The arbitrary of whole requests to `endpoint` for one family. */
export function requestArbitrary(
  doc: Json,
  endpoint: FuzzedEndpoint,
  ids: FixtureIds,
  family: Family,
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = endpoint.parameters.filter((p) => p.in === 'path');
  const queryParameters = endpoint.parameters.filter((p) => p.in === 'query');
  const headerParameters = endpoint.parameters.filter(
    (p) => p.in === 'header' && p.name.toLowerCase() !== 'accept-language',
  );

  const path = fc
    .tuple(...pathParameters.map((p) => parameterValue(doc, endpoint, p, ids)))
    .map((values) =>
      pathParameters.reduce((url, p, i) => url.replace(`{${p.name}}`, encode(values[i])), endpoint.path),
    );

  const namedQuery = fc
    .tuple(
      ...queryParameters.map((p) =>
        fc.option(
          family === 'schema'
            ? mutated(parameterValue(doc, endpoint, p, ids)).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
            : fc.oneof(
                fc.string(),
                fc.jsonValue().map((v) => JSON.stringify(v)),
              ),
          { freq: 4 },
        ),
      ),
    )
    .map((values) => queryParameters.flatMap((p, i) => (values[i] === null ? [] : [[p.name, values[i]]])));
  const strayQuery = fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 30 })), { maxLength: 3 });
  const query = fc
    .tuple(namedQuery, family === 'arbitrary' ? strayQuery : fc.constant([]), fc.option(garbageQuery, { freq: 5 }))
    .map(([named, stray, garbage]) => {
      const pairs = [...named, ...stray].map(([k, v]) => `${encode(k)}=${encode(v)}`);
      if (garbage !== null) pairs.push(garbage);
      return pairs.length > 0 ? `?${pairs.join('&')}` : '';
    });

  const headers = fc
    .tuple(
      fc.option(fc.oneof(fc.constantFrom('en', 'fr', 'ar', 'zh', 'xx', '*', 'en;q=x'), printable), { freq: 2 }),
      ...headerParameters.map((p) =>
        fc.option(fc.oneof(schemaArbitrary(doc, p.schema ?? { type: 'string' }).map(String), printable), {
          freq: 3,
        }),
      ),
    )
    .map(([language, ...values]) => {
      const out: Record<string, string> = {};
      if (language !== null) out['accept-language'] = language;
      headerParameters.forEach((p, i) => {
        if (values[i] !== null) out[p.name.toLowerCase()] = values[i] as string;
      });
      return out;
    });

  const overrides: Overrides = {
    applicantIdentifier: fc.oneof(
      fc.constantFrom(...ids.applicants),
      fc.constantFrom(...ids.othersApplicants),
      fc.uuid(),
    ),
    applicationIdentifier: fc.oneof(
      fc.constantFrom(...ids.applications),
      fc.constantFrom(...ids.othersApplications),
      fc.uuid(),
    ),
  };
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = !endpoint.bodySchema
    ? fc.constant({})
    : family === 'schema'
      ? mutated(schemaArbitrary(doc, endpoint.bodySchema, overrides)).map((value) => ({
          payload: JSON.stringify(value) ?? 'null',
          contentType: 'application/json',
        }))
      : fc.oneof(
          fc.jsonValue().map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })),
          fc
            .string({ unit: 'binary', maxLength: 200 })
            .map((text) => ({ payload: text, contentType: 'application/json' })),
          fc
            .constantFrom('', '{', '{"a":', 'null', '[]', '"x"', '\uFEFF{}', '{"__proto__":{"x":1}}', '{"a":1,"a":2}')
            .map((text) => ({ payload: text, contentType: 'application/json' })),
          fc
            .tuple(fc.jsonValue(), fc.constantFrom('application/json; charset=utf-8', 'application/json;charset=UTF-8'))
            .map(([value, contentType]) => ({ payload: JSON.stringify(value), contentType })),
        );

  return fc
    .record({ signedIn: fc.nat(3).map((n) => n > 0), path, query, headers, body })
    .map(({ signedIn, path: url, query: q, headers: h, body: b }) => ({
      signedIn,
      url: `${url}${q}`,
      headers: b.contentType ? { ...h, 'content-type': b.contentType } : h,
      ...(b.payload === undefined ? {} : { payload: b.payload }),
    }));
}
