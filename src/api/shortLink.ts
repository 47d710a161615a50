import type { Envelope } from './client';
import { request, requestEnvelope } from './client';

/**
 * 表单外链 (issue 18 item 7; server modules/shortlink, JNPF 3.4's api/onlineDev/webDesign.js): the admin side (a
 * model's link settings) and the public side (a signed-out person opening the link and submitting the form).
 */

/** A model's link settings as the server answers them (JNPF's ShortLinkDialog names; `formPassword` always ''). */
export interface ShortLinkSettings {
  id: string;
  formUse: 0 | 1;
  /** `<origin>/#/formShortLink?id=…&encryption=…`, '' before the first save. */
  formLink: string;
  formPassUse: 0 | 1;
  formPassword: string;
  /** ms since the epoch, or null (never). */
  expiryTime: number | null;
  /** 公开查询: on/off, its link ('' before the first save), whether it asks a password. */
  columnUse: 0 | 1;
  columnLink: string;
  columnPassUse: 0 | 1;
  /** JSON strings of JNPF field items (`prop` = the field): what the query searches by / shows. */
  columnCondition: string;
  columnText: string;
  /** The fields the query may use (the public form's main fields). */
  columnOptions: Array<{ value: string; label: string }>;
}

/** What the admin dialog saves (plain passwords; '' keeps the stored one); column lists are field names. */
export interface ShortLinkSave {
  id: string;
  formUse: 0 | 1;
  formPassUse: 0 | 1;
  formPassword: string;
  expiryTime: number | null;
  columnUse: 0 | 1;
  columnPassUse: 0 | 1;
  columnPassword: string;
  columnCondition: string[];
  columnText: string[];
}

/** The `prop`s of a JSON string of JNPF field items ('' or bad JSON: none). */
export function propsOf(items: string): string[] {
  try {
    const list = JSON.parse(items || '[]') as Array<{ prop?: unknown }>;
    return Array.isArray(list) ? list.map((i) => i?.prop).filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** GET /api/visualdev/ShortLink/{modelId}. */
export function getShortLink(modelId: string): Promise<ShortLinkSettings> {
  return request<ShortLinkSettings>(`/api/visualdev/ShortLink/${encodeURIComponent(modelId)}`);
}

/** PUT /api/visualdev/ShortLink: `formPassword` plain ('' keeps the stored one). Resolves the envelope (msg 保存成功, data = the settings). */
export function saveShortLink(body: ShortLinkSave): Promise<Envelope<ShortLinkSettings>> {
  return requestEnvelope<ShortLinkSettings>('/api/visualdev/ShortLink', { method: 'put', json: body });
}

/** What the public page learns first (GET ShortLink/getConfig/{modelId}). */
export interface LinkInfo {
  id: string;
  fullName: string;
  /** Which page the link opens: the form or the public query. */
  type?: 'form' | 'list';
  formPassUse: 0 | 1;
  columnPassUse?: 0 | 1;
  /** The query's fields (JSON strings of JNPF field items, `prop` and `label`). */
  columnCondition?: string;
  columnText?: string;
  expiryTime: number | null;
}

/** GET /api/visualdev/ShortLink/getConfig/{modelId}?encryption= (silent: the page shows the refusal). */
export function getLinkInfo(modelId: string, encryption: string): Promise<LinkInfo> {
  return request<LinkInfo>(`/api/visualdev/ShortLink/getConfig/${encodeURIComponent(modelId)}`, { query: { encryption }, silent: true });
}

/** POST /api/visualdev/ShortLink/checkPwd with the md5 hex of the typed password (silent). */
export function checkLinkPassword(modelId: string, encryption: string, passwordMd5: string): Promise<unknown> {
  return request('/api/visualdev/ShortLink/checkPwd', { method: 'post', json: { id: modelId, type: 0, encryption, password: passwordMd5 }, silent: true });
}

/** GET /api/visualdev/ShortLink/{modelId}/Config?encryption= → `{ fullName, formData (JSON string: the public form) }`. */
export function getLinkForm(modelId: string, encryption: string): Promise<{ fullName: string; formData: string }> {
  return request(`/api/visualdev/ShortLink/${encodeURIComponent(modelId)}/Config`, { query: { encryption }, silent: true });
}

/** POST /api/visualdev/ShortLink/{modelId}?encryption= with the record; the password's md5 hex in X-Link-Password (silent). */
export function submitLinkForm(modelId: string, encryption: string, record: Record<string, unknown>, passwordMd5: string | null): Promise<Envelope<null>> {
  return requestEnvelope<null>(`/api/visualdev/ShortLink/${encodeURIComponent(modelId)}`, {
    method: 'post',
    query: { encryption },
    json: record,
    silent: true,
    headers: passwordMd5 ? { 'X-Link-Password': passwordMd5 } : undefined,
  });
}

/** One page of the public query: rows of `id` and the shown fields (display text). */
export interface LinkListPage {
  list: Array<Record<string, unknown> & { id: string }>;
  pagination: { currentPage: number; pageSize: number; total: number };
}

/**
 * POST /api/visualdev/ShortLink/{modelId}/ListLink?encryption= with JNPF's list body (`keyword`: matched in the query's
 * text fields, searched or shown); the query password's md5 in X-Link-Password (silent).
 */
export function listLink(modelId: string, encryption: string, body: { currentPage: number; pageSize: number; queryJson: string; keyword?: string }, passwordMd5: string | null): Promise<LinkListPage> {
  return request<LinkListPage>(`/api/visualdev/ShortLink/${encodeURIComponent(modelId)}/ListLink`, {
    method: 'post',
    query: { encryption },
    json: { keyword: '', ...body, sort: '', sidx: '', menuId: modelId, superQueryJson: '' },
    silent: true,
    headers: passwordMd5 ? { 'X-Link-Password': passwordMd5 } : undefined,
  });
}
