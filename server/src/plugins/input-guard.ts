import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type MessageKey, t } from '../i18n';
import { ApiError } from './envelope';

/**
 * The input guard (issue 20 item 5): one layer every route passes through that refuses, before any handler or
 * database sees it, text PostgreSQL would refuse (NUL, U+0000) or could not store as UTF-8 (a lone surrogate), in any
 * string — keys as well as values, at any depth — of the route params, the query string, the body (JSON or
 * form-encoded) and multipart field values and uploaded file names. It also refuses `__proto__`/`constructor`/
 * `prototype` keys, non-finite numbers (`1e400` parses to Infinity) and nesting deeper than MAX_DEPTH. The answer is
 * the envelope's 400 naming the field path (`supplierName`, `tableField.0.name`) in the request's language, with
 * `data.errors = [{ field, label, message }]` as record validation answers. Walks iteratively (no stack overflow).
 */

/** Deepest nesting of objects/arrays accepted in a body or query (the root is depth 0). */
export const MAX_DEPTH = 64;

/** Keys refused anywhere: they reach Object.prototype or a constructor when code copies objects naively. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** NUL, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const BAD_SOURCE = '\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const BAD_TEXT = new RegExp(BAD_SOURCE);
const BAD_TEXT_ALL = new RegExp(BAD_SOURCE, 'g');

/** True when `s` holds a NUL or a lone surrogate (text PostgreSQL refuses or cannot encode). */
export function isBadText(s: string): boolean {
  return BAD_TEXT.test(s);
}

/** A refused value: the dotted path of the field (`tableField.0.name`; '' for the root) and the message key. */
export interface InputFlaw {
  path: string;
  key: MessageKey;
}

interface Step {
  value: unknown;
  depth: number;
  node: PathNode | null;
}

interface PathNode {
  key: string;
  parent: PathNode | null;
}

function pathOf(node: PathNode | null): string {
  const keys: string[] = [];
  for (let n = node; n; n = n.parent) keys.push(n.key);
  return keys.reverse().join('.');
}

/** A plain object: prototype Object.prototype or null, or a null-prototype class as fast-querystring's results. */
function isPlainObject(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * The JSON document a string holds when it is one (starts with `{` or `[` and parses), else undefined. Handlers
 * parse such strings (`queryJson`, `formData`, `propertyJson`) and store what they hold, so `\u0000` escapes inside
 * them are flaws too.
 */
function embeddedJson(s: string): unknown {
  const c = s.trimStart()[0];
  if (c !== '{' && c !== '[') return undefined;
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

/**
 * The first flaw in `root` (depth-first, iterative), or null when it is clean: a string with a NUL or a lone
 * surrogate ('invalid'), a reserved or bad key ('invalid', path ends with the key), a non-finite number
 * ('outOfRange'), nesting deeper than MAX_DEPTH ('invalid'). Values other than plain objects, arrays, strings and
 * numbers (Buffers, streams, booleans, null) are not looked into; a string holding a JSON object or array is looked
 * into as well (embeddedJson), at the string's path and depth. `prefix` names the root (e.g. a param's name).
 */
export function findInputFlaw(root: unknown, prefix: PathNode | null = null): InputFlaw | null {
  const stack: Step[] = [{ value: root, depth: 0, node: prefix }];
  while (stack.length) {
    const { value, depth, node } = stack.pop() as Step;
    if (typeof value === 'string') {
      if (isBadText(value)) return { path: pathOf(node), key: 'invalid' };
      const inner = embeddedJson(value);
      if (inner !== undefined) stack.push({ value: inner, depth, node });
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path: pathOf(node), key: 'outOfRange' };
    } else if (value && typeof value === 'object') {
      const isArray = Array.isArray(value);
      if (!isArray && !isPlainObject(value)) continue;
      if (depth >= MAX_DEPTH) return { path: pathOf(node), key: 'invalid' };
      if (isArray) {
        for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth: depth + 1, node: { key: String(i), parent: node } });
      } else {
        const keys = Object.keys(value);
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i];
          const child: PathNode = { key, parent: node };
          if (RESERVED_KEYS.has(key) || isBadText(key)) return { path: pathOf(child), key: 'invalid' };
          stack.push({ value: value[key], depth: depth + 1, node: child });
        }
      }
    }
  }
  return null;
}

/** A path fit for a message: bad characters shown as U+FFFD, at most 120 characters. */
function shownPath(path: string, fallback: string): string {
  const clean = (path || fallback).replace(BAD_TEXT_ALL, '\uFFFD');
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}

/** The 400 ApiError for a flaw (msg names the field; data.errors as record validation gives it). */
function refusal(req: FastifyRequest, flaw: InputFlaw, fallback: string): ApiError {
  const field = shownPath(flaw.path, fallback);
  return ApiError.of(400, flaw.key, { field }, { errors: [{ field, label: field, message: t(req.lang, flaw.key, { field }) }] });
}

/** Throws the 400 of the first flaw in `value` (see findInputFlaw); `fallback` names a flawed root ('body'). */
export function assertCleanInput(req: FastifyRequest, value: unknown, fallback: string): void {
  const flaw = findInputFlaw(value);
  if (flaw) throw refusal(req, flaw, fallback);
}

/** What the guard reads of a @fastify/multipart part (field or file). */
interface PartLike {
  type?: string;
  fieldname?: string;
  filename?: string;
  value?: unknown;
  file?: { resume(): unknown };
  fields?: Record<string, unknown>;
}

/** Throws the 400 for a part whose field name, file name or text value (or an earlier field) is refused. */
function assertCleanPart(req: FastifyRequest, part: PartLike | undefined | null): void {
  if (!part) return;
  const name = typeof part.fieldname === 'string' ? part.fieldname : 'file';
  let flaw: InputFlaw | null = null;
  if (isBadText(name) || RESERVED_KEYS.has(name)) flaw = { path: name, key: 'invalid' };
  else if (typeof part.filename === 'string' && isBadText(part.filename)) flaw = { path: name, key: 'invalid' };
  else if (typeof part.value === 'string' && isBadText(part.value)) flaw = { path: name, key: 'invalid' };
  else if (part.fields) {
    for (const [key, entry] of Object.entries(part.fields)) {
      for (const f of (Array.isArray(entry) ? entry : [entry]) as PartLike[]) {
        if (isBadText(key) || (typeof f?.filename === 'string' && isBadText(f.filename)) || (f?.type === 'field' && typeof f.value === 'string' && isBadText(f.value))) flaw = { path: key, key: 'invalid' };
      }
      if (flaw) break;
    }
  }
  if (!flaw) return;
  part.file?.resume();
  throw refusal(req, flaw, 'file');
}

/**
 * Rethrows an error of the multipart reader: one with an HTTP status (limits: 413; ApiError) as it is, and one
 * without (busboy's `Unexpected end of multipart data`, `Malformed part header`...) as the envelope's 400.
 */
function malformed(req: FastifyRequest): (err: unknown) => never {
  return (err) => {
    if (err instanceof ApiError || typeof (err as { statusCode?: unknown })?.statusCode === 'number') throw err;
    req.log.info({ err }, 'malformed multipart body');
    throw ApiError.of(400, 'badRequest');
  };
}

type AnyFn = (this: FastifyRequest, ...args: unknown[]) => unknown;

/**
 * Wraps @fastify/multipart's readers on this request (`file`, `files`, `parts`), wherever a route reads uploads,
 * so each part is checked as it is handed over (assertCleanPart). No-op where multipart is not registered.
 */
function guardMultipart(req: FastifyRequest): void {
  const r = req as unknown as Record<string, AnyFn | undefined>;
  const file = r.file;
  if (typeof file === 'function') {
    r.file = async function (this: FastifyRequest, ...args: unknown[]) {
      const part = (await (file.apply(this, args) as Promise<PartLike | undefined>).catch(malformed(req))) as PartLike | undefined;
      assertCleanPart(req, part);
      return part;
    };
  }
  for (const name of ['files', 'parts'] as const) {
    const iterate = r[name];
    if (typeof iterate !== 'function') continue;
    r[name] = async function* (this: FastifyRequest, ...args: unknown[]) {
      try {
        for await (const part of iterate.apply(this, args) as AsyncIterable<PartLike>) {
          assertCleanPart(req, part);
          yield part;
        }
      } catch (err) {
        malformed(req)(err);
      }
    };
  }
}

/**
 * Drops the query keys whose value is empty (`type=`, `keyword=`; an array of only empty strings too) from the parsed
 * query, in place, so schema validation and handlers see them absent (issue 22 item 6): JNPF's web client sends
 * every search member, filled or not (the bell: Mnxhp src/layout/components/MessageList.vue:88-93 `type: ''` and
 * :110 `isRead = ''`; the message page: src/views/basic/messageRecord/index.vue:130-131). A key given both empty
 * and filled (`a=&a=x`) keeps its filled values.
 */
export function dropEmptyQueryKeys(query: unknown): void {
  if (!query || typeof query !== 'object') return;
  const q = query as Record<string, unknown>;
  for (const key of Object.keys(q)) {
    const value = q[key];
    if (value === '') delete q[key];
    else if (Array.isArray(value) && value.some((v) => v === '')) {
      const kept = value.filter((v) => v !== '');
      if (kept.length === 0) delete q[key];
      else q[key] = kept.length === 1 ? kept[0] : kept;
    }
  }
}

/**
 * Installs the guard on the root instance (app.ts, before access control and the modules): an onRequest hook drops
 * empty query keys (dropEmptyQueryKeys: empty means absent), checks the route params and the query string (so even
 * access checks never query with them) and wraps the multipart readers; a preValidation hook checks the parsed body
 * (JSON, form-encoded, text). Refusals answer the envelope's 400.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback hooks (no promise per request); a refusal is passed to `done`.
  app.addHook('onRequest', (req, _reply, done) => {
    try {
      for (const [name, value] of Object.entries((req.params ?? {}) as Record<string, unknown>)) {
        const flaw = isBadText(name) ? { path: name, key: 'invalid' as const } : findInputFlaw(value, { key: name, parent: null });
        if (flaw) throw refusal(req, flaw, name);
      }
      dropEmptyQueryKeys(req.query);
      assertCleanInput(req, req.query, 'query');
      if (req.headers['content-type']?.toLowerCase().startsWith('multipart/')) guardMultipart(req);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      assertCleanInput(req, req.body, 'body');
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
}
