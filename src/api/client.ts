import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { toast } from './toast';
import { areasWrittenBy, invalidateAreas, noteVersions, VERSIONS_HEADER } from './versions';

/** The reply envelope of every call (spec 000 §7, design.md §6): code 200 is success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Fallback text for an empty error message and for transport errors (spec 000 §8), in Chinese as the spec writes it. */
export const REQUEST_ERROR_TEXT = '请求出错，请重试';
/** The same text by Accept-Language value (issue 25 item 5: the toast speaks the user's language). */
const REQUEST_ERROR_TEXTS: Readonly<Record<string, string>> = {
  'zh-CN': REQUEST_ERROR_TEXT,
  'zh-TW': '請求出錯，請重試',
  'en-US': 'The request failed, please try again',
  'ms-MY': 'Permintaan gagal, sila cuba lagi',
};

/** The request-error text in the current language (the chosen Accept-Language; Chinese when unknown). */
export function requestErrorText(): string {
  return REQUEST_ERROR_TEXTS[hooks.language()] ?? REQUEST_ERROR_TEXT;
}
/** Codes that end the session (spec 000 §8): 600 expired, 601 forced offline, 602 invalid token. */
export const SESSION_END_CODES = [600, 601, 602];
/** Request error toast duration in ms (spec 000 §9). */
export const ERROR_TOAST_MS = 1500;

/** Paths that do not get the `n` timestamp (spec 000 §7, "exempt paths"). Matched case-insensitively against the path. */
export const N_EXEMPT: readonly RegExp[] = [
  /^\/api\/system\/personalsetting\/save/i,
  /^\/api\/system\/sysconfig\/extends/i,
  /^\/api\/visualdev\/dashboard\/article/i,
  /^\/api\/workflow\/Engine\/FlowBefore\/Count/i,
  /^\/api\/system\/sysconfig\/systemName/i,
  /^\/api\/oauth\/CurrentUser/i,
  /^\/api\/visualdev\/portal/i,
  /^\/api\/permission\/Users\/Current\/SystemTheme/i,
];
/** Calls whose 600–602 answers do not end the session (spec 000 §8). */
const SESSION_EXEMPT = [/^\/api\/oauth\/Login/i, /^\/api\/oauth\/LockScreen/i];

/** A rejected call: `transport` for network/HTTP failures, otherwise the envelope's code, msg and data. */
export class ApiError<T = unknown> extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: T | null,
    readonly transport = false,
  ) {
    super(msg || requestErrorText());
    this.name = 'ApiError';
  }
}

/** What the client needs from the app (set once with {@link configureClient}); keeps api free of app imports. */
export interface ClientHooks {
  /** The stored session token, sent as `Authorization`. */
  token: () => string | null;
  /** The `Accept-Language` value of the chosen language. */
  language: () => string;
  /** Called after a 600/601/602 answer: clear the token and reload unless on /login. */
  onSessionEnd: (code: number) => void;
}

const hooks: ClientHooks = {
  token: () => null,
  language: () => 'zh-CN',
  onSessionEnd: () => {
    if (!globalThis.location?.hash.startsWith('#/login')) globalThis.location?.reload();
  },
};
let baseUrl = '';
let fetchImpl: typeof fetch | undefined;

/**
 * Sets the client hooks and, for tests or other hosts, the base URL (default '' = same origin) and the fetch
 * implementation (default: the global fetch).
 */
export function configureClient(next: Partial<ClientHooks> & { baseUrl?: string; fetch?: typeof fetch }): void {
  const { baseUrl: b, fetch: f, ...rest } = next;
  Object.assign(hooks, rest);
  if (b !== undefined) baseUrl = b.replace(/\/$/, '');
  if (f) fetchImpl = f;
}

interface CallContext extends Record<string, unknown> {
  path: string;
  passThrough?: boolean;
  silent?: boolean;
}

/** The ky instance: headers before each request, the envelope check after each response (spec 000 §7–§8). */
export const http: KyInstance = ky.create({
  retry: 0,
  timeout: 1_000_000,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = hooks.token();
        if (token) request.headers.set('Authorization', token);
        request.headers.set('Accept-Language', hooks.language());
      },
    ],
    afterResponse: [
      async (request, options, response) => {
        noteVersions(response.headers.get(VERSIONS_HEADER)); // issue 24 item 6: drop caches whose area moved
        if (!response.ok) return;
        const ctx = options.context as CallContext;
        // Read once and hand ky a fresh Response (cloning a body is unreliable in some fetch implementations).
        const text = await response.text();
        const again = new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
        let body: Envelope;
        try {
          body = JSON.parse(text) as Envelope;
        } catch {
          return again;
        }
        if (body?.code === 200) invalidateAreas(areasWrittenBy(request.method, ctx.path ?? '')); // this tab's own save
        if (!body || typeof body !== 'object' || body.code === 200 || ctx.passThrough) return again;
        if (!ctx.silent) toast('error', body.msg || requestErrorText(), ERROR_TOAST_MS);
        if (SESSION_END_CODES.includes(body.code) && !SESSION_EXEMPT.some((r) => r.test(ctx.path))) hooks.onSessionEnd(body.code);
        throw new ApiError(body.code, body.msg ?? '', body.data ?? null);
      },
    ],
  },
});

/** Options of {@link request}. */
export interface RequestOptions {
  method?: 'get' | 'post' | 'put' | 'delete';
  /** Query parameters; for GET the call's data (spec 000 §7). */
  query?: Record<string, string | number | boolean | undefined | null>;
  /** JSON body. */
  json?: unknown;
  /** Form-encoded body (Login). */
  form?: Record<string, string>;
  /** Return the body untouched whatever its code: no toast, no rejection (spec 000 §8: model-config calls). */
  passThrough?: boolean;
  /** Do not toast a non-200 answer (still rejects). */
  silent?: boolean;
  /** Extra request headers (e.g. a public form link's X-Link-Password). */
  headers?: Record<string, string>;
}

function searchParams(path: string, existing: string, query: RequestOptions['query']): URLSearchParams {
  const sp = new URLSearchParams(existing);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) sp.set(k, String(v));
  if (!N_EXEMPT.some((r) => r.test(path))) sp.set('n', String(Math.floor(Date.now() / 1000)));
  return sp;
}

/**
 * Sends one call and returns the whole envelope (for callers that need `msg`). `path` may carry a query string; it is
 * merged with `query` and the `n` timestamp. Rejects with {@link ApiError} (already toasted unless `silent`).
 */
export async function requestEnvelope<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const [bare, existing = ''] = path.split('?', 2);
  const context: CallContext = { path: bare, passThrough: opts.passThrough, silent: opts.silent };
  const options: Options = { method: opts.method ?? 'get', searchParams: searchParams(bare, existing, opts.query), context, ...(fetchImpl ? { fetch: fetchImpl } : {}) };
  if (opts.json !== undefined) options.json = opts.json;
  if (opts.form) options.body = new URLSearchParams(opts.form);
  if (opts.headers) options.headers = opts.headers;
  const url = /^https?:\/\//.test(bare) ? bare : `${baseUrl}${bare}`;
  try {
    return await http(url, options).json<Envelope<T>>();
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const status = e instanceof HTTPError ? e.response.status : 0;
    if (!opts.silent) toast('error', requestErrorText(), ERROR_TOAST_MS);
    throw new ApiError(status, requestErrorText(), null, true);
  }
}

/** Sends one call and resolves the envelope's `data` on code 200; otherwise toasts and rejects (spec 000 §8). */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, opts)).data;
}

/**
 * The headers every call carries (session token, Accept-Language), for transfers that cannot go through ky
 * (XMLHttpRequest uploads with progress, src/api/transfer.ts).
 */
export function callHeaders(): Record<string, string> {
  const token = hooks.token();
  return { ...(token ? { Authorization: token } : {}), 'Accept-Language': hooks.language() };
}

/** The absolute URL of an API path with `query` and the `n` timestamp (spec 000 §7), as `request` builds it. */
export function callUrl(path: string, query: RequestOptions['query'] = {}): string {
  const [bare, existing = ''] = path.split('?', 2);
  return `${/^https?:\/\//.test(bare) ? bare : `${baseUrl}${bare}`}?${searchParams(bare, existing, query).toString()}`;
}

/** Ends the session as a 600–602 answer does (for transfers outside ky). */
export function endSession(code: number): void {
  if (SESSION_END_CODES.includes(code)) hooks.onSessionEnd(code);
}
