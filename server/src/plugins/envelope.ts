import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Lang, type MessageKey, requestLang, t } from '../i18n';

/** The reply envelope of every API call (design.md §6, spec 000 §7). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language: the signed-in user's saved one, else a `lang` parameter, else Accept-Language by q-value, else zh (design.md §6; issue 24 item 3). */
    readonly lang: Lang;
  }
}

/** A success envelope: code 200. */
export function ok<T>(data: T, msg = 'Success'): Envelope<T> {
  return { code: 200, msg, data };
}

/**
 * A handled outcome other than success, thrown from handlers and sent as HTTP 200 with `{ code, msg, data }`:
 * 400 bad input, 403 暂无权限, 404 no record, 500 handled fault, 600/601/602 session problems.
 * `msg` is literal text, or a message key (see i18n.ts) translated into the request's language when `key` is set.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly data: unknown = null,
    readonly key?: MessageKey,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(msg);
  }

  /** An error whose message is the key `key` in the request's language. */
  static of(code: number, key: MessageKey, vars: Record<string, string | number> = {}, data: unknown = null): ApiError {
    return new ApiError(code, key, data, key, vars);
  }

  /** 400 with a literal message (already in the request's language). */
  static badRequest(msg: string, data: unknown = null): ApiError {
    return new ApiError(400, msg, data);
  }

  /** 403 暂无权限. */
  static forbidden(): ApiError {
    return ApiError.of(403, 'noPermission');
  }

  /** 404 no such record. */
  static notFound(): ApiError {
    return ApiError.of(404, 'notFound');
  }

  /** The message in `lang`. */
  text(lang: Lang): string {
    return this.key ? t(lang, this.key, this.vars) : this.message;
  }
}

interface AjvLikeError {
  instancePath?: string;
  keyword: string;
  params?: Record<string, unknown>;
}

/** The message of a Fastify schema-validation failure: names the field and the rule, in `lang`. */
export function schemaErrorMessage(errors: AjvLikeError[], lang: Lang): string {
  const e = errors[0];
  const fromPath = (e.instancePath ?? '').split('/').filter(Boolean).pop();
  const field = String(e.params?.missingProperty ?? fromPath ?? '');
  if (e.keyword === 'required') return t(lang, 'required', { field });
  if (e.keyword === 'minLength' && e.params?.limit === 1) return t(lang, 'required', { field });
  if (e.keyword === 'enum') return t(lang, 'notAllowed', { field });
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].includes(e.keyword)) return t(lang, 'outOfRange', { field });
  if (['minLength', 'maxLength', 'minItems', 'maxItems'].includes(e.keyword)) return t(lang, 'tooLong', { field });
  return t(lang, 'invalid', { field });
}

/**
 * Unhandled faults by request (issue 23 item 2): the error id the user's message shows (12 hex) and the error itself;
 * modules/syslog writes them as an exception log row (the stack only there and in the server log).
 */
export const serverFaults = new WeakMap<FastifyRequest, { id: string; err: unknown }>();

function send(reply: FastifyReply, status: number, body: Envelope): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * True for a PostgreSQL data exception (SQLSTATE class 22: a value out of range, of the wrong form or encoding) from
 * pg or PGlite: input that reached SQL unvalidated. The error handler answers it as the envelope's 400 and logs a
 * warning tagged `dataException` (the hostile sweep still reports it, so the route gains a proper check; issue 20).
 */
export function isDataException(err: unknown): boolean {
  const e = err as { code?: unknown; severity?: unknown } | null;
  return typeof e?.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && typeof e.severity === 'string';
}

/**
 * Fastify's `frameworkErrors` (app.ts): a URL the router cannot decode (FST_ERR_BAD_URL: `%E0%A4%A`) or a path
 * parameter over maxParamLength (FST_ERR_MAX_PARAM_LENGTH) answers the envelope's 400 (HTTP 200) instead of Fastify's
 * own JSON (issue 20 item 7).
 */
export function frameworkErrorReply(_err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return send(reply, 200, { code: 400, msg: t(req.lang, 'badRequest'), data: null });
}

/**
 * Installs the wire conventions on the root instance: `req.lang`, the error handler (handled outcomes → HTTP 200
 * with the body code; body too large → HTTP 413; a database data exception → 400, see isDataException; crash → HTTP
 * 500 without internals, with an error id in the message and `data.errorId`) and the not-found handler
 * (HTTP 404 with a JSON body).
 */
export function registerEnvelope(app: FastifyInstance): void {
  app.decorateRequest('lang', {
    getter(this: FastifyRequest) {
      return requestLang(this);
    },
  });
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    const lang = req.lang;
    if (err instanceof ApiError) {
      req.log.info({ bodyCode: err.code }, err.text('zh'));
      return send(reply, 200, { code: err.code, msg: err.text(lang), data: err.data });
    }
    if (err.validation) {
      return send(reply, 200, { code: 400, msg: schemaErrorMessage(err.validation as AjvLikeError[], lang), data: null });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return send(reply, 413, { code: 413, msg: t(lang, 'bodyTooLarge'), data: null });
    if (status === 429) return send(reply, 200, { code: 429, msg: t(lang, 'tooManyAttempts'), data: null });
    if (status >= 400 && status < 500) return send(reply, 200, { code: 400, msg: t(lang, 'badRequest'), data: null });
    if (isDataException(err)) {
      req.log.warn({ err, dataException: true }, 'value refused by the database');
      return send(reply, 200, { code: 400, msg: t(lang, 'badRequest'), data: null });
    }
    const errorId = randomBytes(6).toString('hex');
    serverFaults.set(req, { id: errorId, err });
    req.log.error({ err, errorId }, 'unhandled error');
    return send(reply, 500, { code: 500, msg: `${t(lang, 'serverError')} (${errorId})`, data: { errorId } });
  });
  app.setNotFoundHandler((req, reply) => send(reply, 404, { code: 404, msg: t(req.lang, 'noRoute'), data: null }));
}
