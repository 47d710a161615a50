import { failWith, type LocalizedError, type MessageTable, type MessageVars } from '../../modules/dictionary/localized-error';

/** Why an outbound request was refused or failed (issue 24 item 1). */
export type OutboundReason = 'scheme' | 'bad' | 'blocked' | 'private' | 'redirects' | 'timeout' | 'tooLarge' | 'failed';

/** The messages, zh and en (tw falls back to zh, mas to en). `private` names the system setting to change. */
const table: MessageTable<OutboundReason> = {
  zh: {
    scheme: '地址只能使用 http 或 https',
    bad: '地址格式不正确',
    blocked: '地址不允许访问：{host}（{address} 属于不可访问的地址段 {range}）',
    private: '地址 {host}（{address}）是内网地址，未被允许访问；如需访问，请管理员在系统设置“外部访问白名单”（outboundAllowedHosts）中加入 {entry}',
    redirects: '重定向次数过多（超过 {max} 次）',
    timeout: '外部请求超时（{seconds} 秒）',
    tooLarge: '外部请求返回数据过大（超过 {size}）',
    failed: '外部请求失败：{detail}',
  },
  en: {
    scheme: 'The address must use http or https',
    bad: 'The address is malformed',
    blocked: 'The address is not allowed: {host} ({address} is in the unreachable range {range})',
    private: 'The address {host} ({address}) is internal and not allowed; an administrator may add {entry} to the system setting outboundAllowedHosts',
    redirects: 'Too many redirects (over {max})',
    timeout: 'The outbound request timed out ({seconds} s)',
    tooLarge: 'The outbound request answered too much data (over {size})',
    failed: 'The outbound request failed: {detail}',
  },
};

const fail = failWith(table);

/**
 * An outbound refusal or failure: an ApiError with code 400 and a message in the request's language (the envelope
 * calls `text(lang)`). `reason` and `vars` let a caller (e.g. data interfaces) word it in its own terms.
 */
export type OutboundError = LocalizedError<OutboundReason> & { readonly reason: OutboundReason; readonly vars: MessageVars };

/** Creates an OutboundError. */
export function outboundError(reason: OutboundReason, vars: MessageVars = {}): OutboundError {
  return Object.assign(fail(400, reason, vars), { reason, vars });
}

/** True for an error made by outboundError. */
export function isOutboundError(e: unknown): e is OutboundError {
  return e instanceof Error && typeof (e as { reason?: unknown }).reason === 'string' && 'vars' in e;
}

/** Formats a byte count for messages: `10 MB`, `512 KB`, `300 B` (1024-based, like the old 2 MB text). */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
