import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { FORM_FIELDS, FROM_REVIEW_PARAM } from '../../../../engine/form-address';
import { encode } from '../requests';
import { formFields, pageControls, type PostedRoute } from './page-routes';
import { oddStrings } from '../schema-arbitrary';

/**
 * Random form posts to a page, as a browser without scripts sends them and as an attacker would: fields named as the
 * page's forms name them (dotted paths, a date's parts, list items) mixed with random names, list indices far beyond
 * any list, a field repeated, values with control characters, line and paragraph separators, NUL, any script, very
 * long ones, files where none is expected; form-encoded or multipart; with the visitor's form token or without it;
 * and random queries on the address.
 */

/** Identifiers of real records the fuzz's visitor may name: its own, another profile's. */
export interface PageFixtureIds {
  applications: string[];
  applicants: string[];
  othersApplications: string[];
  othersApplicants: string[];
}

/** How the form token is sent: as the page gave it, or as a forged post would. */
export type TokenMode = 'valid' | 'missing' | 'wrong' | 'foreign' | 'no-cookie';

/** A file part of a multipart body. */
export interface PostedFile {
  file: string;
  type: string;
  bytes: number;
}

/** One form post to send (before the visitor's token and cookies are added). */
export interface PagePost {
  /** Path and query. */
  url: string;
  encoding: 'urlencoded' | 'multipart';
  fields: [string, string | PostedFile][];
  /** Raw bytes put in a form-encoded body as they are (broken escapes, bare separators). */
  raw: string[];
  token: TokenMode;
  signedIn: boolean;
}

/** The request a post becomes: what app.inject is given. */
export interface BuiltRequest {
  url: string;
  headers: Record<string, string>;
  payload: Buffer;
}

const CONTROL = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const SEPARATORS = ['\u2028', '\u2029', '\u0085', '\u0000', '\r\n', '\u007f', '\uFFFF', '\uFFFE'];

/** A text made of control characters, separators, NUL and any script. */
const hostile: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.oneof(CONTROL, fc.constantFrom(...SEPARATORS)), minLength: 1, maxLength: 8 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...SEPARATORS), fc.string({ maxLength: 10 }))
    .map((parts) => parts.join('')),
  fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }),
  fc.string({ minLength: 1, maxLength: 20, unit: 'binary' }),
  fc.constantFrom(...oddStrings, '1e309', '-0', '99999999999999999999', 'NaN', 'true', 'null', '[]', '{}', '0x10'),
);

/** A very long value: the same text repeated, up to 32,000 characters (a text area's worth and more). */
const long: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', 'é', '\u2028', '<b>', '😀', 'FR,', '\u0000'), fc.integer({ min: 500, max: 32_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** A number that names a list's item far beyond any list, or none. */
const hugeIndex = fc.oneof(
  fc.constantFrom('99999', '100000', '4294967295', '9007199254740993', '-1', '1e3', '0x1', '00', ' 1', '1.5', ''),
  fc.integer({ min: 51, max: 10_000_000 }).map(String),
);

/** Random field names: any text, names like the engine's with odd parts, the form's own `_` controls misused. */
const randomName: fc.Arbitrary<string> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }),
  hostile,
  fc.constantFrom('__proto__', 'constructor', 'prototype', '__proto__.polluted', 'a..b', '.', '..', '_', '_csrf.0'),
  fc.integer({ min: 40, max: 2000 }).map((n) => 'n'.repeat(n)),
);

/** What the fuzz draws names and values from for a route: its forms' fields, its controls, real identifiers. */
export interface RouteVocabulary {
  names: string[];
  lists: string[];
  values: string[];
  pageIds: string[];
  actions: string[];
  files: string[];
  examples: [string, string][][];
  ids: string[];
  /** Form pages with an address of their own (`<route>/<page-id>`). */
  formPages: string[];
}

/** The names and values the fuzz draws from for a route. */
export function vocabularyOf(route: PostedRoute, ids: PageFixtureIds): RouteVocabulary {
  const controls = pageControls(route.page);
  const forms = [...(route.form ? [route.form] : []), ...controls.forms].map(formFields);
  const lists = forms.flatMap((f) => f.lists);
  return {
    names: [...forms.flatMap((f) => f.names), ...controls.fields],
    lists,
    values: forms.flatMap((f) => f.values),
    pageIds: forms.flatMap((f) => f.pageIds),
    actions: [
      ...controls.actions,
      ...lists.flatMap((list) => [`add:${list}`, `remove:${list}.0`, `remove:${list}.99999`]),
      'continue',
    ],
    files: controls.files,
    examples: forms.flatMap((f) => f.examples),
    ids: [...ids.applications, ...ids.applicants, ...ids.othersApplications, ...ids.othersApplicants],
    formPages: route.form ? forms[0].pageIds : [],
  };
}

const pick = <T>(list: readonly T[], otherwise: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  list.length > 0 ? fc.constantFrom(...list) : otherwise;

/** A value for any field: one the form knows, a real identifier, or anything hostile, sometimes very long. */
function valueArbitrary(v: RouteVocabulary): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: pick(v.values, fc.string()) },
    { weight: 2, arbitrary: pick(v.ids, fc.uuid()) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 4, arbitrary: hostile },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: long },
  );
}

/** A field's name: the form's own, a list's item far beyond its end, a real name twisted, or a random one. */
function nameArbitrary(v: RouteVocabulary): fc.Arbitrary<string> {
  const real = pick(v.names, randomName);
  return fc.oneof(
    { weight: 6, arbitrary: real },
    { weight: 2, arbitrary: fc.tuple(pick(v.lists, randomName), hugeIndex).map(([list, i]) => `${list}.${i}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(real, fc.constantFrom('.x', '.0', '.day', '[]', '[0]', '\u2028', '\u0000', '.__proto__'))
        .map(([name, suffix]) => `${name}${suffix}`),
    },
    { weight: 3, arbitrary: randomName },
  );
}

/** The form's own controls: the page shown, the button pressed, the mark of check answers. */
function controlArbitrary(v: RouteVocabulary): fc.Arbitrary<[string, string]> {
  return fc.oneof(
    fc.tuple(fc.constant(FORM_FIELDS.page), fc.oneof(pick(v.pageIds, fc.constant('main')), hostile, fc.string())),
    fc.tuple(
      fc.constant(FORM_FIELDS.action),
      fc.oneof(
        { weight: 4, arbitrary: pick(v.actions, fc.constant('continue')) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom('add:', 'remove:'), randomName).map(([a, n]) => a + n) },
        { weight: 1, arbitrary: hostile },
      ),
    ),
    fc.tuple(fc.constant(FORM_FIELDS.fromReview), fc.constantFrom('1', '0', '', '\u0000')),
  );
}

/** Many items of one list posted at once (`otherNationalities.0` ... `.N`), as the form would never post them. */
function floodArbitrary(v: RouteVocabulary): fc.Arbitrary<[string, string][]> {
  return fc
    .tuple(
      pick(v.lists, randomName),
      fc.integer({ min: 2, max: 2000 }),
      pick(v.values, fc.constant('FR')),
      fc.boolean(),
    )
    .map(([list, count, value, sameName]) =>
      Array.from({ length: count }, (_, i): [string, string] => [sameName ? list : `${list}.${i}`, value]),
    );
}

/** A file part: a small file of any type, sometimes with a hostile name. */
const fileArbitrary: fc.Arbitrary<PostedFile> = fc.record({
  file: fc.oneof(
    fc.constantFrom('photo.jpg', 'passport.png', 'document.pdf', '', '../../etc/passwd', 'a\u2028b.jpg', 'x"y.jpg'),
    hostile,
  ),
  type: fc.constantFrom('image/jpeg', 'image/png', 'application/pdf', 'text/html', 'application/octet-stream', ''),
  bytes: fc.integer({ min: 0, max: 4096 }),
});

/** A query string for the route: its own parameters (real or not), a return path, random names, broken escapes. */
function queryArbitrary(route: PostedRoute, v: RouteVocabulary): fc.Arbitrary<string> {
  const known = Object.entries(route.query).map(([name, spec]) =>
    fc.tuple(
      fc.constant(name),
      fc.oneof(
        { weight: 4, arbitrary: pick(spec.enum ?? v.ids, fc.uuid()) },
        { weight: 1, arbitrary: hostile },
        { weight: 1, arbitrary: fc.string() },
      ),
    ),
  );
  const pair = fc.oneof(
    { weight: 6, arbitrary: known.length > 0 ? fc.oneof(...known) : fc.tuple(randomName, hostile) },
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc.constant('from'),
        fc.oneof(
          fc.constantFrom('/profile', '//evil.example', '/\t/evil.example', 'https://evil.example/', '/\\evil', ''),
          hostile.map((h) => `/${h}`),
          hostile,
        ),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('lng', 'edit', FROM_REVIEW_PARAM, 'notice'), hostile) },
    { weight: 1, arbitrary: fc.tuple(randomName, fc.oneof(hostile, fc.string())) },
  );
  const garbage = fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AF',
    '&&',
    '=',
    '==x',
    'a[b]=c',
    '%00',
    '+',
    ';',
    '%E2%80%A8',
  );
  return fc
    .array(
      fc.oneof(
        { weight: 5, arbitrary: pair.map(([n, val]) => `${encode(n)}=${encode(val)}`) },
        { weight: 1, arbitrary: garbage },
      ),
      {
        maxLength: 4,
      },
    )
    .map((parts) => (parts.length > 0 ? `?${parts.join('&')}` : ''));
}

/** The path posted to: the route's own, or (for a form with pages of its own) one of its pages or any segment. */
function pathArbitrary(route: PostedRoute, v: RouteVocabulary): fc.Arbitrary<string> {
  if (v.formPages.length === 0) return fc.constant(route.path);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(route.path) },
    { weight: 4, arbitrary: fc.constantFrom(...v.formPages).map((p) => `${route.path}/${p}`) },
    { weight: 1, arbitrary: hostile.map((h) => `${route.path}/${encode(h)}`) },
  );
}

/** How the visitor is signed in for a route: signed in where it must be, mostly signed out where it must not. */
function signedInArbitrary(route: PostedRoute): fc.Arbitrary<boolean> {
  if (route.guard === 'auth')
    return fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
  if (route.guard === 'guest')
    return fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 4, arbitrary: fc.constant(false) });
  return fc.boolean();
}

/** Every post to a route the fuzz sends. */
export function pagePostArbitrary(route: PostedRoute, ids: PageFixtureIds): fc.Arbitrary<PagePost> {
  const v = vocabularyOf(route, ids);
  const field: fc.Arbitrary<[string, string | PostedFile]> = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(nameArbitrary(v), valueArbitrary(v)) },
    { weight: 2, arbitrary: controlArbitrary(v) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.oneof(pick(v.files, randomName), nameArbitrary(v)), fileArbitrary),
    },
  );
  // Real answers (a form's valid example, whole or in part), which an action may take and save.
  const example =
    v.examples.length > 0
      ? fc.constantFrom(...v.examples).chain((pairs) => fc.subarray(pairs))
      : fc.constant([] as [string, string][]);
  const fields = fc
    .tuple(
      fc.oneof({ weight: 1, arbitrary: example }, { weight: 2, arbitrary: fc.constant([] as [string, string][]) }),
      fc.array(field, { maxLength: 16 }),
      fc.option(floodArbitrary(v), { freq: 8 }),
      fc.option(fc.tuple(nameArbitrary(v), fc.integer({ min: 2, max: 40 })), { freq: 6 }),
    )
    .chain(([real, random, flood, repeated]) => {
      const all: [string, string | PostedFile][] = [...real, ...random, ...(flood ?? [])];
      // One field repeated, with a different value each time.
      if (repeated) for (let i = 0; i < repeated[1]; i++) all.push([repeated[0], String(i)]);
      return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
    });
  return fc.record({
    url: fc.tuple(pathArbitrary(route, v), queryArbitrary(route, v)).map(([p, q]) => p + q),
    encoding: fc.constantFrom('urlencoded', 'multipart'),
    fields,
    raw: fc.array(fc.constantFrom('%', '%zz', '&&', '=', '==x', '%00', '+', '%E2%80%A8', '%ff%fe', 'a=%u2028'), {
      maxLength: 3,
    }),
    token: fc.oneof(
      { weight: 6, arbitrary: fc.constant('valid' as const) },
      { weight: 1, arbitrary: fc.constantFrom<TokenMode>('missing', 'wrong', 'foreign', 'no-cookie') },
    ),
    signedIn: signedInArbitrary(route),
  });
}

/** A multipart field's name, escaped as browsers escape it (WHATWG HTML: `"` and line breaks as %-escapes). */
const quoted = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** The body of a post, with its token field (when the post carries one) first or last, as forms place it. */
export function buildBody(
  post: PagePost,
  tokenField: [string, string] | undefined,
): { payload: Buffer; contentType: string } {
  const fields: [string, string | PostedFile][] = tokenField ? [tokenField, ...post.fields] : post.fields;
  if (post.encoding === 'urlencoded') {
    const parts = fields.map(
      ([name, value]) => `${encode(name)}=${encode(typeof value === 'string' ? value : value.file)}`,
    );
    return {
      payload: Buffer.from([...parts, ...post.raw].join('&')),
      contentType: 'application/x-www-form-urlencoded',
    };
  }
  const boundary = `----eta-fuzz-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`),
      );
    } else {
      const type = value.type ? `\r\nContent-Type: ${value.type}` : '';
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"; filename="${quoted(value.file)}"${type}\r\n\r\n`,
        ),
        // Bytes that are no photo or document: a JPEG's first marker, then noise.
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(value.bytes)]),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A short account of a post, for a failure's message: the address, the body's type and size and its start. */
export function describePost(post: PagePost, request: BuiltRequest): string {
  const body = request.payload.toString('latin1');
  return [
    `POST ${request.url.slice(0, 300)}`,
    `${post.signedIn ? 'signed in' : 'signed out'}, token ${post.token}, ${request.headers['content-type']}`,
    `${request.payload.length} bytes, ${post.fields.length} fields: ${JSON.stringify(body.slice(0, 400))}`,
  ].join('\n  ');
}
