import type { Db } from '../../db/types';
import { authCacheOf } from '../../plugins/auth-cache';
import { parsedExtensions } from '../page-extension/store';
import { builtinPagesCached, resetBuiltinPages } from '../visualdev/builtin-pages';
import { clearListCache, listCacheSize } from '../visualdev/list-cache';
import { compiledModelCache } from '../visualdev/model-store';
import { compiledFlows } from '../workflow/task-repository';

/**
 * One in-process cache of the server (issue 23 item 5): `name` (the id in /api/system/CacheManage/{name}), `fullName`
 * and `description` (zh, translated by the page), `size(db)` the entries held now, `clear(db)` empties it on this
 * instance. Every cache here refills itself from the database on the next read, so clearing is always safe; it only
 * costs the next requests a little time.
 */
export interface CacheEntry {
  name: string;
  fullName: string;
  description: string;
  /** fullName and description in tw, en and mas: [[fullName, description] per language]. */
  i18n?: Partial<Record<'tw' | 'en' | 'mas', [string, string]>>;
  size(db: Db): number;
  clear(db: Db): void;
}

/** The access caches (plugins/auth-cache.ts) of `db`, by map name. */
const auth = (db: Db) => authCacheOf(db);

/** Every cache the server keeps, in the order the page lists them. */
export const CACHES: CacheEntry[] = [
  {
    name: 'sessions',
    i18n: { tw: ['登入會話', '已驗證的登入令牌（2 秒）'], en: ['Sign-in sessions', 'Verified sign-in tokens (2 s)'], mas: ['Sesi log masuk', 'Token log masuk yang disahkan (2 s)'] }, fullName: '登录会话', description: '已验证的登录令牌（2 秒）', size: (db) => auth(db)?.sessions.size ?? 0, clear: (db) => auth(db)?.sessions.clear() },
  {
    name: 'permissions',
    i18n: { tw: ['權限判定', '用戶對選單、按鈕和模型的授權結果（10 秒）'], en: ['Permission decisions', 'Grants of users on menus, buttons and models (10 s)'], mas: ['Keputusan kebenaran', 'Kebenaran pengguna pada menu, butang dan model (10 s)'] }, fullName: '权限判定', description: '用户对菜单、按钮和模型的授权结果（10 秒）', size: (db) => auth(db)?.decisions.size ?? 0, clear: (db) => auth(db)?.decisions.clear() },
  {
    name: 'menus',
    i18n: { tw: ['選單綁定', '模型和編碼對應的選單（10 秒）'], en: ['Menu bindings', 'Menus bound to models and codes (10 s)'], mas: ['Pengikatan menu', 'Menu yang terikat pada model dan kod (10 s)'] }, fullName: '菜单绑定', description: '模型和编码对应的菜单（10 秒）', size: (db) => auth(db)?.menus.size ?? 0, clear: (db) => auth(db)?.menus.clear() },
  {
    name: 'settings',
    i18n: { tw: ['系統設定', '登入逾時等系統設定（5 秒）'], en: ['System settings', 'Settings such as the sign-in timeout (5 s)'], mas: ['Tetapan sistem', 'Tetapan seperti had masa log masuk (5 s)'] }, fullName: '系统设置', description: '登录超时等系统设置（5 秒）', size: (db) => auth(db)?.config.size ?? 0, clear: (db) => auth(db)?.config.clear() },
  {
    name: 'lookups',
    i18n: { tw: ['名稱對照', '列表顯示用的字典、用戶和組織名稱（10 秒）'], en: ['Name lookups', 'Dictionary, user and organisation names that lists show (10 s)'], mas: ['Carian nama', 'Nama kamus, pengguna dan organisasi yang ditunjukkan senarai (10 s)'] }, fullName: '名称对照', description: '列表显示用的字典、用户和组织名称（10 秒）', size: (db) => auth(db)?.lookups.size ?? 0, clear: (db) => auth(db)?.lookups.clear() },
  {
    name: 'models',
    i18n: { tw: ['模型', '編譯後的表單和列表配置'], en: ['Models', 'Compiled form and list configurations'], mas: ['Model', 'Konfigurasi borang dan senarai yang dikompil'] }, fullName: '模型', description: '编译后的表单和列表配置', size: (db) => compiledModelCache(db).size, clear: (db) => compiledModelCache(db).clear() },
  {
    name: 'listTotals',
    i18n: { tw: ['列表總數', '列表的總條數和翻頁位置'], en: ['List totals', 'Row totals and page positions of lists'], mas: ['Jumlah senarai', 'Jumlah baris dan kedudukan halaman senarai'] }, fullName: '列表总数', description: '列表的总条数和翻页位置', size: (db) => listCacheSize(db), clear: (db) => clearListCache(db) },
  {
    name: 'pages',
    i18n: { tw: ['內建頁面', '系統頁面的配置檔案'], en: ['Built-in pages', 'Configuration files of the system pages'], mas: ['Halaman terbina dalam', 'Fail konfigurasi halaman sistem'] }, fullName: '内置页面', description: '系统页面的配置文件', size: () => builtinPagesCached(), clear: () => resetBuiltinPages() },
  {
    name: 'pageExtensions',
    i18n: { tw: ['頁面擴充', '管理員在系統頁面上增加的欄位（解析結果）'], en: ['Page extensions', 'Fields administrators added to system pages (parsed)'], mas: ['Sambungan halaman', 'Medan yang ditambah pentadbir pada halaman sistem (dihurai)'] }, fullName: '页面扩展', description: '管理员在系统页面上增加的字段（解析结果）', size: () => parsedExtensions.size, clear: () => parsedExtensions.clear() },
  {
    name: 'flows',
    i18n: { tw: ['流程版本', '已發布流程的編譯結果'], en: ['Flow versions', 'Compiled released flows'], mas: ['Versi aliran', 'Aliran terbit yang dikompil'] }, fullName: '流程版本', description: '已发布流程的编译结果', size: () => compiledFlows.size, clear: () => compiledFlows.clear() },
];

/** The name and description of `c` in `lang` (zh as written). */
export function textsOf(c: CacheEntry, lang: string): { fullName: string; description: string } {
  const t = c.i18n?.[lang as 'tw' | 'en' | 'mas'];
  return t ? { fullName: t[0], description: t[1] } : { fullName: c.fullName, description: c.description };
}

/** The cache `name`, or undefined. */
export const cacheNamed = (name: string): CacheEntry | undefined => CACHES.find((c) => c.name === name);

/** The bus topic of clears; payload `{ name }` (a cache name, or '*' for all). */
export const CLEAR_TOPIC = 'cache.clear';

/** Empties cache `name` ('*' = every cache) on this instance. */
export function clearLocal(db: Db, name: string): void {
  for (const c of CACHES) if (name === '*' || c.name === name) c.clear(db);
}
