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
  size(db: Db): number;
  clear(db: Db): void;
}

/** The access caches (plugins/auth-cache.ts) of `db`, by map name. */
const auth = (db: Db) => authCacheOf(db);

/** Every cache the server keeps, in the order the page lists them. */
export const CACHES: CacheEntry[] = [
  { name: 'sessions', fullName: '登录会话', description: '已验证的登录令牌（2 秒）', size: (db) => auth(db)?.sessions.size ?? 0, clear: (db) => auth(db)?.sessions.clear() },
  { name: 'permissions', fullName: '权限判定', description: '用户对菜单、按钮和模型的授权结果（10 秒）', size: (db) => auth(db)?.decisions.size ?? 0, clear: (db) => auth(db)?.decisions.clear() },
  { name: 'menus', fullName: '菜单绑定', description: '模型和编码对应的菜单（10 秒）', size: (db) => auth(db)?.menus.size ?? 0, clear: (db) => auth(db)?.menus.clear() },
  { name: 'settings', fullName: '系统设置', description: '登录超时等系统设置（5 秒）', size: (db) => auth(db)?.config.size ?? 0, clear: (db) => auth(db)?.config.clear() },
  { name: 'models', fullName: '模型', description: '编译后的表单和列表配置', size: (db) => compiledModelCache(db).size, clear: (db) => compiledModelCache(db).clear() },
  { name: 'listTotals', fullName: '列表总数', description: '列表的总条数和翻页位置', size: (db) => listCacheSize(db), clear: (db) => clearListCache(db) },
  { name: 'pages', fullName: '内置页面', description: '系统页面的配置文件', size: () => builtinPagesCached(), clear: () => resetBuiltinPages() },
  { name: 'pageExtensions', fullName: '页面扩展', description: '管理员在系统页面上增加的字段（解析结果）', size: () => parsedExtensions.size, clear: () => parsedExtensions.clear() },
  { name: 'flows', fullName: '流程版本', description: '已发布流程的编译结果', size: () => compiledFlows.size, clear: () => compiledFlows.clear() },
];

/** The cache `name`, or undefined. */
export const cacheNamed = (name: string): CacheEntry | undefined => CACHES.find((c) => c.name === name);

/** The bus topic of clears; payload `{ name }` (a cache name, or '*' for all). */
export const CLEAR_TOPIC = 'cache.clear';

/** Empties cache `name` ('*' = every cache) on this instance. */
export function clearLocal(db: Db, name: string): void {
  for (const c of CACHES) if (name === '*' || c.name === name) c.clear(db);
}
