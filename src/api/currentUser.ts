import type { Paged } from '../../schemas/wire/common';
import type { AuthorizeNode, BaseInfo, BaseInfoInput, CurrentAuthorize, Member, Subordinate, SystemLogRow, SystemLogQuery as WireSystemLogQuery } from '../../schemas/wire/current-user';
import { type Envelope, http, request, requestEnvelope } from './client';

/** The wire shapes, declared once in schemas/wire/current-user.ts (shared with the server). */
export type { AuthorizeNode, BaseInfo, BaseInfoInput, CurrentAuthorize, Member, Paged, Subordinate, SystemLogRow };

/**
 * The current user's profile, personal settings and identity APIs (spec 000 §7 "Current user" and "Session";
 * server: server/src/modules/current-user). Every call needs a session.
 */

const BASE = '/api/permission/Users/Current';

/** GET …/Current/BaseInfo. */
export function getBaseInfo(): Promise<BaseInfo> {
  return request<BaseInfo>(`${BASE}/BaseInfo`);
}

/**
 * POST …/Current/BaseInfo; resolves the envelope (msg 修改成功, data: the updated profile). A bad field rejects with
 * code 400 whose msg names it (`silent`: no toast, e.g. to show the message next to the field).
 */
export function saveBaseInfo(input: BaseInfoInput, opts: { silent?: boolean } = {}): Promise<Envelope<BaseInfo>> {
  return requestEnvelope<BaseInfo>(`${BASE}/BaseInfo`, { method: 'post', json: input, silent: opts.silent });
}

/** Layout types (spec 000 §2, §4). */
export type LayoutType = 'classic' | 'functional' | 'blend' | 'plain';

/** POST …/Current/SystemTheme `{ theme }`: the layout type returned at sign-in (also saved as layoutType in personal settings). */
export function saveSystemTheme(theme: LayoutType): Promise<{ theme: LayoutType }> {
  return request(`${BASE}/SystemTheme`, { method: 'post', json: { theme } });
}

/** The four language codes (spec 000 §9). */
export type LanguageCode = 'zh' | 'en' | 'tw' | 'mas';

/** POST …/Current/SystemLanguage `{ language }` (spec 000 §7; issue 5 item 5). */
export function saveSystemLanguage(language: LanguageCode): Promise<{ language: LanguageCode }> {
  return request(`${BASE}/SystemLanguage`, { method: 'post', json: { language } });
}

/** GET …/Current/Subordinate[?id]: the caller's direct reports, or (with `id`, one of them) that user's reports. */
export function getSubordinates(id?: string): Promise<Subordinate[]> {
  return request<Subordinate[]>(`${BASE}/Subordinate`, { query: { id } });
}

/** GET …/Current/Authorize. */
export function getAuthorize(): Promise<CurrentAuthorize> {
  return request<CurrentAuthorize>(`${BASE}/Authorize`);
}

/** Query of the sign-in log: times as epoch ms or 'YYYY-MM-DD' (an end date includes its whole day). */
export type SystemLogQuery = Omit<WireSystemLogQuery, 'startTime' | 'endTime' | 'n'> & { startTime?: number | string; endTime?: number | string };

/** GET …/Current/SystemLog: the caller's sign-in log, newest first. */
export function getSystemLog(query: SystemLogQuery = {}): Promise<Paged<SystemLogRow>> {
  return request<Paged<SystemLogRow>>(`${BASE}/SystemLog`, { query: { ...query } });
}

/** An uploaded file (spec 000 §3): name, fileId, url. */
export interface UploadedFile {
  name: string;
  fileId: string;
  url: string;
}

/** The avatar size limit (spec 000 §5: 5 MB). */
export const AVATAR_MAX_BYTES = 5_242_880;

/**
 * POST …/Current/Avatar/{name} with the image as multipart/form-data (≤ 5 MB; png, jpeg, gif, webp, bmp). Sets the
 * caller's avatar and resolves the stored file. Rejects with the server's message (图片大小不能超过5M, 只能上传图片文件).
 * Goes through the shared ky instance (headers, envelope check) against the page's origin: client.ts has no
 * multipart option yet, so a configured baseUrl is not applied here.
 */
export async function uploadAvatar(file: Blob, name = (file as File).name || 'avatar.png'): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, name);
  const path = `${BASE}/Avatar/${encodeURIComponent(name)}`;
  const env = await http(`${globalThis.location?.origin ?? ''}${path}`, { method: 'post', body, context: { path } }).json<Envelope<UploadedFile>>();
  return env.data;
}

/** An avatar URL usable in `<img src>`: the session token travels as the `token` query (images cannot send headers). */
export function avatarSrc(url: string | null | undefined, token: string | null | undefined): string {
  if (!url) return '';
  if (!token || !url.startsWith('/api/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** Personal theme settings as stored (spec 000 §3): switches are the text 'true' / 'false'. */
export interface ThemeSettings {
  themeClass: string;
  layoutType: LayoutType;
  slideClass: 'dark' | 'lightWhite';
  tagsView: 'true' | 'false';
  tagsIcon: 'true' | 'false';
  showLanguage: 'true' | 'false';
  showSearch: 'true' | 'false';
  useCache: 'true' | 'false';
  showSettings: 'true' | 'false';
  fixedHeader: 'true' | 'false';
  sidebarLogo: 'true' | 'false';
  /** Theme colour, e.g. #409EFF. */
  theme: string;
  size: 'default' | 'medium' | 'small' | 'mini';
}

/** GET /api/system/personalsetting/info (ThemePersonal/theme): the caller's settings (defaults filled in), parsed. */
export async function getThemeSettings(userId?: string): Promise<ThemeSettings> {
  const data = await request<{ PropertyJson: string }>('/api/system/personalsetting/info', { query: { configKey: 'ThemePersonal', configType: 'theme', userId } });
  return JSON.parse(data.PropertyJson) as ThemeSettings;
}

/**
 * POST /api/system/personalsetting/save: one setting (`key`, `value`; booleans are sent as 'true'/'false'), merged
 * into the caller's ThemePersonal settings. Resolves the settings after the save.
 */
export async function saveThemeSetting<K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K] | boolean, ownerUserId?: string): Promise<ThemeSettings> {
  const data = await request<{ PropertyJson: string }>('/api/system/personalsetting/save', {
    method: 'post',
    json: { ConfigKey: 'ThemePersonal', ConfigType: 'theme', OwnerUserId: ownerUserId, key, value: typeof value === 'boolean' ? String(value) : value },
  });
  return JSON.parse(data.PropertyJson) as ThemeSettings;
}

/** A supplier identity (spec 000 §3). */
export interface Supply {
  Id: string;
  SupNo: string;
  SupTname: string;
}

/**
 * POST /api/permission/Users/Actions/SwitchSupply `{ currentSupply }`: must be one of the user's identities (else
 * rejects with 400). Reload CurrentUser afterwards to see the new identity.
 */
export function switchSupply(currentSupply: string, opts: { silent?: boolean } = {}): Promise<{ currentSupply: string; supplyIds: Supply[] }> {
  return request('/api/permission/Users/Actions/SwitchSupply', { method: 'post', json: { currentSupply }, silent: opts.silent });
}

/** GET /api/permission/Users/Members/{id}: the users of a role, position or organisation (404 for an unknown id). */
export async function getMembers(id: string): Promise<Member[]> {
  return (await request<{ list: Member[] }>(`/api/permission/Users/Members/${encodeURIComponent(id)}`)).list;
}
