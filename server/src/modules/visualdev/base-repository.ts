import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import { toMs } from '../../db/json';
import type { Db } from '../../db/types';
import { failWith, type MessageTable } from '../dictionary/localized-error';
import { likePattern } from './list-filter';
import { assignFreeTables, uniqueEnCode } from './model-io';
import { binModel } from './model-bin';
import { type LoadedModel, type Model, saveModel } from './model-store';

/** Model records for the admin page (spec 001 §7 "Visual dev" Base; design.md §4). */

/** One model in the admin list. Times in ms. */
export interface ModelListItem {
  id: string;
  fullName: string;
  enCode: string;
  /** The category's name (its dictionary item's fullName, as JNPF's design list shows 分类; issue 22 item 4). */
  category: string | null;
  /** The stored category (dictionary item id or code), as the `category` filter takes it. */
  categoryId: string | null;
  type: number;
  state: number;
  webType: number;
  enableFlow: number;
  sortCode: number;
  description: string | null;
  tables: string;
  creatorTime: number | null;
  creatorUserId: string | null;
  lastModifyTime: number | null;
}

/** Filters of the admin list. */
export interface ModelListQuery {
  keyword?: string;
  category?: string;
  type?: number;
  currentPage: number;
  pageSize: number;
}

/** A page of models (name or code matching the keyword, ILIKE bound), newest first; totals are exact (small table). */
export async function listModels(db: Db, q: ModelListQuery): Promise<{ list: ModelListItem[]; total: number }> {
  let base = db.selectFrom('visualdev').where('f_deleted_at', 'is', null);
  if (q.keyword) {
    const p = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('full_name', 'ilike', p), eb('en_code', 'ilike', p)]));
  }
  if (q.category) base = base.where('category', '=', q.category);
  if (q.type !== undefined) base = base.where('type', '=', q.type);
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const rows = await base
    .select(['id', 'full_name', 'en_code', 'category', 'type', 'state', 'web_type', 'enable_flow', 'sort_code', 'description', 'tables', 'created_at', 'created_by', 'updated_at'])
    .orderBy('sort_code')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize)
    .execute();
  const names = await categoryNames(db, rows.map((r) => r.category ?? ''));
  return {
    total: Number(count?.n ?? 0),
    list: rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      enCode: r.en_code,
      category: r.category ? (names.get(r.category) ?? r.category) : r.category,
      categoryId: r.category,
      type: r.type,
      state: r.state,
      webType: r.web_type,
      enableFlow: r.enable_flow,
      sortCode: r.sort_code,
      description: r.description,
      tables: JSON.stringify(r.tables ?? []),
      creatorTime: toMs(r.created_at),
      creatorUserId: r.created_by,
      lastModifyTime: toMs(r.updated_at),
    })),
  };
}

/** Display names of categories: a dictionary item's fullName when the category is its id, else the category itself. */
export async function categoryNames(db: Db, categories: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(categories.filter(Boolean))];
  const rows = ids.length ? await db.selectFrom('dictionary_data').select(['id', 'en_code', 'full_name']).where((eb) => eb.or([eb('id', 'in', ids), eb('en_code', 'in', ids)])).execute() : [];
  const out = new Map<string, string>(ids.map((c) => [c, c]));
  for (const r of rows) {
    if (out.get(r.id) === r.id) out.set(r.id, r.full_name);
    if (out.get(r.en_code) === r.en_code) out.set(r.en_code, r.full_name);
  }
  return out;
}

/** Models grouped by category as a tree (Base/Selector): `[{ id: category, fullName, hasChildren, children: [{ id, fullName, enCode, webType }] }]`. */
export async function modelTree(db: Db, type?: number) {
  let q = db.selectFrom('visualdev').select(['id', 'full_name', 'en_code', 'category', 'web_type', 'type']).where('state', '=', 1).where('f_deleted_at', 'is', null);
  if (type !== undefined) q = q.where('type', '=', type);
  const rows = await q.orderBy('sort_code').orderBy('full_name').execute();
  const names = await categoryNames(db, rows.map((r) => r.category ?? ''));
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const r of rows) {
    const key = r.category ?? '';
    const list = groups.get(key) ?? [];
    list.push({ id: r.id, parentId: key || '0', fullName: r.full_name, enCode: r.en_code, webType: r.web_type, type: r.type, hasChildren: false });
    groups.set(key, list);
  }
  return [...groups.entries()].map(([key, children]) => ({ id: key || '0', parentId: '-1', fullName: key ? (names.get(key) ?? key) : '未分类', hasChildren: true, children }));
}

/**
 * Deletes a model (DELETE Base/{id}): it goes to the bin (model-bin.ts binModel) with its record and tables as they
 * are; `purge` (drop the tables) is remembered and done when the 回收站清理 job purges it after the retention (the
 * tables it bound are then only released). Returns the tables registered to it, or null when there is no live model.
 */
export async function deleteModel(db: Db, id: string, purge: boolean, actor: string | null = null): Promise<string[] | null> {
  return binModel(db, id, purge, actor);
}

/**
 * Copies a model (Base Actions/Copy): new id, fullName + 副本, enCode with a `_copy` suffix (made unique), new empty
 * tables (`<table>_copy`, made unique). Returns the new record.
 */
export async function copyModel(db: Db, source: LoadedModel, userId: string | null): Promise<Model> {
  const model = structuredClone(source.record);
  model.id = randomUUID();
  model.fullName = `${model.fullName.slice(0, 95)}_副本`;
  model.enCode = await uniqueEnCode(db, `${model.enCode.slice(0, 44)}_copy`);
  await assignFreeTables(db, model, false, true);
  return (await saveModel(db, model, userId)).record;
}

/** Who saved a model last and when (GET Base/{id} `lastModifyTime`, `lastModifyUserId`; the stale check's answer). */
export interface ModelStamp {
  /** updated_at in ms: changes on every save. */
  time: number;
  userId: string | null;
  userName: string | null;
}

/** The save stamp of model `id`, or null when there is no such model. */
export async function modelStamp(db: Db, id: string): Promise<ModelStamp | null> {
  const row = await db
    .selectFrom('visualdev')
    .leftJoin('users', 'users.id', 'visualdev.updated_by')
    .select(['visualdev.updated_at', 'visualdev.created_at', 'visualdev.updated_by', 'users.real_name'])
    .where('visualdev.id', '=', id)
    .where('visualdev.f_deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return { time: toMs(row.updated_at) ?? toMs(row.created_at) ?? 0, userId: row.updated_by, userName: row.real_name ?? null };
}

/** Refusals of the model save's version check, in the request's language (tw derived from zh, mas from en). */
const staleMessages: MessageTable<'modelStale' | 'badStamp'> = {
  zh: { modelStale: '{user}于{time}修改了此模型，本次修改未保存。请重新加载后再修改', badStamp: 'lastModifyTime 须为毫秒时间戳' },
  en: { modelStale: '{user} changed this model at {time}; your changes were not saved. Reload before editing', badStamp: 'lastModifyTime must be a time in ms' },
  mas: { modelStale: '{user} mengubah model ini pada {time}; perubahan anda tidak disimpan. Muat semula sebelum mengedit', badStamp: 'lastModifyTime mesti masa dalam ms' },
};

/** `staleFail(code, key, vars, data)`: a localized ApiError of the model save's version check. */
export const staleFail = failWith(staleMessages, 'visualdevBaseStale');

/**
 * The version check of POST Base/{id} (spec 001 §7; the designer sends the `lastModifyTime` it read): when the stored
 * stamp is not `expected`, another administrator saved meanwhile.
 * @throws LocalizedError 409 `modelStale` naming who and when, `data: { lastModifyTime, lastModifyUserId, lastModifyUserName }`.
 */
export async function assertModelUnchanged(db: Db, id: string, expected: number): Promise<void> {
  const now = await modelStamp(db, id);
  if (!now || now.time === expected) return;
  throw staleFail(
    409,
    'modelStale',
    { user: now.userName ?? '?', time: dayjs(now.time).format('YYYY-MM-DD HH:mm:ss') },
    { lastModifyTime: now.time, lastModifyUserId: now.userId, lastModifyUserName: now.userName },
  );
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` after every earlier call with the same `key` has finished (this process): the version check and the save
 * of one model do not interleave with another save of it. Saves from other server processes are not ordered by this.
 */
export async function serially<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}
