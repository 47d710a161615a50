import fc from 'fast-check';
import type { CollectedRoute } from './helpers';

/**
 * Hostile requests for the route sweep (issue 20 item 7, tests/server/hostile-sweep.test.ts): fixed cases every route
 * gets (NUL, lone surrogates, 100k-character strings, 10k-deep nesting, `1e400`, wrong types, `__proto__`/
 * `constructor` keys, 100k-item arrays, mutations of a valid body built from the route's body schema) and fast-check
 * arbitraries for seeded random ones.
 */

/** One request of the sweep: a name for the report, the raw URL (params and query already in it), the body. */
export interface HostileCase {
  name: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

const LONG = 'x'.repeat(100_000);
const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const BIG_ARRAY = `[${'0,'.repeat(99_999)}0]`;

/** Percent-encodes text, lone surrogates included (as the three bytes of their code unit, which no decoder accepts). */
export function enc(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    out += ch.length === 1 && c >= 0xd800 && c <= 0xdfff ? `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase() : encodeURIComponent(ch);
  }
  return out;
}

/** Path param names of a URL pattern (`/a/:id/:recordId` → ['id', 'recordId']). */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
}

/** The URL with each `:param` replaced by the (already encoded) value `value(name)`. */
export function fillPath(url: string, value: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => value(name));
}

type Schema = { type?: string | string[]; enum?: unknown[]; minimum?: number; properties?: Record<string, Schema>; anyOf?: Schema[]; required?: string[] };

/** A value the schema accepts, as far as a sweep needs: first enum value, 'x', the minimum or 1, true, [], {}. */
function plausible(s: Schema | undefined): unknown {
  if (!s) return 'x';
  if (s.enum?.length) return s.enum[0];
  const type = [s.type ?? s.anyOf?.[0]?.type].flat()[0];
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'x';
}

/** Property names of the route's body schema and a body its schema accepts (one plausible value per property). */
export function bodyShape(route: CollectedRoute): { props: string[]; valid: Record<string, unknown> } {
  const schema = route.options.schema?.body as Schema | undefined;
  const props = Object.keys(schema?.properties ?? {});
  return { props, valid: Object.fromEntries(props.map((p) => [p, plausible(schema?.properties?.[p])])) };
}

/** Query parameter names the route declares, plus the ones handlers commonly read. */
export function queryNames(route: CollectedRoute): string[] {
  return [...new Set([...Object.keys(route.options.schema?.querystring?.properties ?? {}), 'keyword', 'currentPage', 'queryJson'])];
}

/** Hostile path-param values (encoded): NUL, a lone surrogate, bad percent-encoding, 100k characters, traversal, SQL. */
export const HOSTILE_PARAMS: Array<[string, string]> = [
  ['NUL', enc('a\u0000b')],
  ['lone surrogate', enc('\uD800')],
  ['bad percent-encoding', '%E0%A4%A'],
  ['100k characters', LONG],
  ['traversal', enc('../../../etc/passwd')],
  ['SQL', enc("1' or '1'='1")],
];

/** The fixed query cases of a route: NUL, 100k characters, a lone surrogate in JSON text, reserved keys, arrays. */
export function queryCases(base: string, names: string[]): HostileCase[] {
  const all = (v: string) => names.map((n) => `${enc(n)}=${enc(v)}`).join('&');
  return [
    { name: 'query NUL', url: `${base}?${all('a\u0000b')}` },
    { name: 'query 100k', url: `${base}?${all(LONG)}` },
    { name: 'query lone surrogate in JSON', url: `${base}?${all('{"a":"\\ud800"}')}` },
    { name: 'query NUL in JSON', url: `${base}?${all('["\\u0000"]')}` },
    { name: 'query reserved keys', url: `${base}?__proto__[a]=1&constructor[prototype][b]=1&${all('1')}` },
    { name: 'query wrong types', url: `${base}?${names.map((n) => `${enc(n)}=1&${enc(n)}=2&${enc(n)}[x]=y`).join('&')}` },
  ];
}

/** The fixed body cases of a route (raw JSON text unless said): see the file comment. */
export function bodyCases(url: string, props: string[], valid: Record<string, unknown>): HostileCase[] {
  const json = (name: string, payload: string): HostileCase => ({ name, url, payload, contentType: 'application/json' });
  const each = (v: unknown) => JSON.stringify(Object.fromEntries(props.map((p) => [p, v])));
  const cases = [
    json('10k-deep arrays', DEEP),
    json('10k-deep objects', DEEP_OBJECT),
    json('1e400', '{"n":1e400,"a":[1e400]}'),
    json('__proto__ key', '{"__proto__":{"isAdministrator":1}}'),
    json('constructor key', '{"constructor":{"prototype":{"isAdministrator":1}}}'),
    json('100k-item array', BIG_ARRAY),
    json('wrong root: string with NUL', '"a\\u0000b"'),
    json('wrong root: string', '"x"'),
    json('wrong root: array', '[1,"a",{}]'),
    json('wrong root: boolean', 'true'),
    json('wrong root: number', '1e400'),
    json('wrong root: null', 'null'),
    json('malformed JSON', '{"a":'),
    { name: 'text/plain NUL', url, payload: 'a\u0000b', contentType: 'text/plain' },
    { name: 'text/plain', url, payload: 'abc', contentType: 'text/plain' },
    { name: 'form', url, payload: 'a=1&b=x', contentType: 'application/x-www-form-urlencoded' },
    { name: 'form NUL and __proto__', url, payload: `a=${enc('x\u0000')}&__proto__[b]=1`, contentType: 'application/x-www-form-urlencoded' },
    { name: 'malformed multipart', url, payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=b' },
    { name: 'unknown content type', url, payload: '<a/>', contentType: 'application/xml' },
  ];
  if (props.length) {
    cases.push(
      json('body NUL', each('a\u0000b')),
      json('body lone surrogate', each('\uD800x')),
      json('body 100k strings', each(LONG)),
      json('body 100k-item arrays', `{${props.map((p) => `${JSON.stringify(p)}:${BIG_ARRAY}`).join(',')}}`),
      json('body objects', each({ a: { b: 1 } })),
      json('body numbers', each(-1e308)),
      json('body 1e400', `{${props.map((p) => `${JSON.stringify(p)}:1e400`).join(',')}}`),
      json('valid body, NUL in one extra key', JSON.stringify({ ...valid, 'x\u0000': 1 })),
      ...props.map((p) => json(`valid body, ${p} NUL`, JSON.stringify({ ...valid, [p]: `${String(valid[p])}\u0000` }))),
    );
  }
  return cases;
}

const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a\u0000', '\uD800', ''), fc.string({ maxLength: 8 }));
const hostileUnit = fc.oneof(fc.constantFrom('\u0000', '\uD800', '\uDC00', "'", '"', '\\', '%'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
const hostileString = fc.oneof(
  fc.constantFrom('a\u0000b', '\uD800', 'x\uDFFFy', '', ' ', "'; drop table users; --", '../../../etc/passwd', '{{7*7}}', '<script>alert(1)</script>', LONG, '{"a":"\\u0000"}'),
  fc.string({ unit: hostileUnit, maxLength: 40 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileKey, hostileString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * A seeded random request for `route` at `base` (params filled): a hostile query, and for routes with a body a
 * hostile JSON body — one property of the valid body replaced, a random object, a random value, or a raw text.
 */
export function randomCase(route: CollectedRoute, base: string): fc.Arbitrary<HostileCase> {
  const names = queryNames(route);
  const query = fc.dictionary(fc.oneof(fc.constantFrom(...names), hostileKey), fc.oneof(hostileString, hostileValue.map((v) => JSON.stringify(v) ?? '')), { maxKeys: 3 });
  const url = query.map((q) => `${base}?${Object.entries(q).map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`);
  if (route.method === 'GET' || route.method === 'HEAD') return url.map((u) => ({ name: 'random query', url: u }));
  const { props, valid } = bodyShape(route);
  const raw = fc.constantFrom(DEEP, DEEP_OBJECT, BIG_ARRAY, '1e400', '{"__proto__":{}}', '{"a":1e400}');
  const mutation = props.length ? fc.tuple(fc.constantFrom(...props), hostileValue).map(([p, v]) => JSON.stringify({ ...valid, [p]: v })) : fc.constant('{}');
  const body = fc.oneof(mutation, fc.dictionary(hostileKey, hostileValue, { maxKeys: 4 }).map((o) => JSON.stringify(o)), hostileValue.map((v) => JSON.stringify(v) ?? 'null'), raw);
  return fc.tuple(url, body).map(([u, payload]) => ({ name: 'random body', url: u, payload, contentType: 'application/json' }));
}
