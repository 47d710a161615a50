import { type ColumnType, type Generated, sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/types';
import { parseProperty } from '../../plugins/permissions';
import type { BinEntity } from '../_shared/builtin-recycle';
import { releaseTables } from './model-ddl';
import { forgetModel } from './model-store';

/**
 * The recycle bin of online-development models (issue 27 item 2 "every delete path is restorable"; migration 0682):
 * DELETE Base/{id} only marks the `visualdev` row (`f_deleted_at`, `f_deleted_by`) and remembers whether the caller
 * asked to drop the tables (`f_purge_tables`). The record and its tables stay as they were — the tables stay
 * registered to the model (visualdev_table), so no new model takes them, and its enCode stays taken — but the model
 * is shown and run nowhere: model-store.ts loadModel answers null for it (record routes, type-3 menus, short links,
 * generated code, export and copy answer 404 as for a missing model), the model list and Selector skip it. The bin
 * (GET /api/visualdev/Base/Recycle, POST …/Recycle/Actions/Restore behind 在线开发's btn_recycle; builtin-recycle.ts)
 * lists and restores it with the same id, config and tables; the 回收站清理 job purges it after the retention
 * (purgeModelBin): the record goes and its tables are released, or dropped when the delete asked so — then, once
 * committed, with its records' stored files (files/store.ts deleteModelFiles).
 */

type Stamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

declare module '../../db/types' {
  /** Migration 0682's columns (visualdev/model-bin.ts). */
  interface VisualdevTable {
    f_version: Generated<number>;
    f_deleted_at: Stamp;
    f_deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
    f_purge_tables: Generated<boolean>;
  }
}

/** The models' bin (appended to the configuration bins, config-bins.ts): behind 在线开发 (webDesign) and its btn_recycle. */
export const MODEL_BIN_ENTITY: BinEntity = {
  table: 'visualdev',
  base: '/api/visualdev/Base',
  menu: 'webDesign',
  fields: { fullName: 'full_name', enCode: 'en_code', category: 'category', type: 'type', webType: 'web_type', state: 'state', purgeTables: 'f_purge_tables', description: 'description' },
  keyword: ['full_name', 'en_code'],
  name: 'full_name',
  parents: [],
  unique: [{ column: 'en_code', field: 'enCode', label: { zh: '编码', en: 'code', mas: 'kod' } }],
  // No cache to clear at the restore: loadModel never keeps a binned model (binModel forgot it, a load answers null).
};

/** The tables a model bound (tables[] entries with `bind: true`, issue 13 item 3): a purge releases them, never drops them. */
function boundTables(tables: unknown): string[] {
  return ((tables ?? []) as Array<{ table?: unknown; bind?: unknown }>).filter((t) => t?.bind === true && typeof t.table === 'string').map((t) => t.table as string);
}

/** The module id of 在线开发 (seed ids.ts menus.webDesign): btn_recycle is seeded on it (seed/builtin-recycle-buttons.ts). */
export const MODEL_BIN_MENU = 'menu-web-design';

/**
 * Moves live model `id` to the bin: the row is marked (deleted now by `actor`; `purge` remembered for the purge) and
 * nothing else changes. Returns the tables registered to it (main first) — with `purge`, those the purge will drop
 * (not the ones it bound) — or null when there is no live model.
 */
export async function binModel(db: Db, id: string, purge: boolean, actor: string | null): Promise<string[] | null> {
  const r = await db
    .updateTable('visualdev')
    .set({ f_deleted_at: new Date(), f_deleted_by: actor, f_purge_tables: purge, f_version: sql`f_version + 1` })
    .where('id', '=', id)
    .where('f_deleted_at', 'is', null)
    .returning('tables')
    .executeTakeFirst();
  forgetModel(db, id);
  if (!r) return null;
  const bound = new Set(boundTables(r.tables));
  const rows = await db.selectFrom('visualdev_table').select(['name', 'parent_table']).where('model_id', '=', id).execute();
  return [...rows.filter((x) => x.parent_table === null), ...rows.filter((x) => x.parent_table !== null)].map((x) => x.name).filter((n) => !(purge && bound.has(n)));
}

/** What purgeModelBin removed: how many models, and those whose records went with their dropped main table. */
export interface ModelPurge {
  count: number;
  /** Their records' files go once the purge has committed (files/store.ts deleteModelFiles; a transaction's rollback must not lose them). */
  withRecords: string[];
}

/**
 * Purges models binned before `cutoff` (inside the built-in purge's transaction): each record goes for good with its
 * menus (dropModelMenus), and its tables are released (kept with their data, free for an import to bind), or dropped
 * when its delete asked so — the tables it bound (existing before it, issue 13 item 3) are only released. A model
 * whose main table was dropped lost its records, so it is named in `withRecords` for its files to go after the
 * commit; while its main table stays (released or bound), its records and so their files stay too.
 */
export async function purgeModelBin(trx: Db, cutoff: RawBuilder<Date>): Promise<ModelPurge> {
  const expired = await trx.selectFrom('visualdev').select(['id', 'tables', 'f_purge_tables']).where('f_deleted_at', '<', cutoff).execute();
  const withRecords: string[] = [];
  for (const m of expired) {
    await dropModelMenus(trx, m.id);
    const main = await trx.selectFrom('visualdev_table').select('name').where('model_id', '=', m.id).where('parent_table', 'is', null).executeTakeFirst();
    const purge = m.f_purge_tables === true;
    const dropped = await releaseTables(trx, m.id, purge, new Set(boundTables(m.tables)));
    if (purge && main && dropped.includes(main.name)) withRecords.push(m.id);
    await trx.deleteFrom('visualdev').where('id', '=', m.id).execute();
  }
  return { count: expired.length, withRecords };
}

/** The grant item type (`authorize.item_type`) of each menu item table: a removed menu's item grants go with it. */
const ITEM_GRANTS = [
  ['module_button', 'button'],
  ['module_column', 'column'],
  ['module_form', 'form'],
  ['module_data_authorize_scheme', 'resource'],
] as const;

/**
 * Removes the menus bound to model `modelId` (type 3, property_json `moduleId`; live or in the menu bin) as the menu
 * bin's purge removes a menu: their grants and their items' grants go, the rows go and their items (buttons, columns,
 * forms, data rules and schemes) with them by their foreign keys. A child menu of one moves up to its parent (a
 * menu delete refuses a menu with children, so nothing under it is lost). Returns the removed menu ids.
 */
export async function dropModelMenus(db: Db, modelId: string): Promise<string[]> {
  const candidates = await db.selectFrom('module').select(['id', 'parent_id', 'property_json']).where('type', '=', 3).where('property_json', 'like', `%${modelId}%`).execute();
  const menus = candidates.filter((m) => parseProperty(m.property_json).moduleId === modelId);
  if (!menus.length) return [];
  const ids = menus.map((m) => m.id);
  for (const m of menus) await db.updateTable('module').set({ parent_id: m.parent_id }).where('parent_id', '=', m.id).execute();
  for (const [table, itemType] of ITEM_GRANTS) {
    await db.deleteFrom('authorize').where('item_type', '=', itemType).where('item_id', 'in', db.selectFrom(table).select('id').where('module_id', 'in', ids)).execute();
  }
  await db.deleteFrom('authorize').where('item_type', '=', 'module').where('item_id', 'in', ids).execute();
  await db.deleteFrom('module').where('id', 'in', ids).execute();
  return ids;
}

/** The answers of DELETE Base/{id} (zh, en, mas; tw reads zh, as recycle-messages.ts recycleText). */
const deleteTexts = {
  zh: { keep: '删除成功，模型已移入回收站，数据表{tables}已保留', purge: '删除成功，模型已移入回收站，数据表{tables}将在回收站清理时删除' },
  en: { keep: 'Deleted: the model is in the recycle bin; the data tables {tables} were kept', purge: 'Deleted: the model is in the recycle bin; the data tables {tables} will be dropped when the bin is purged' },
  mas: { keep: 'Dipadam: model berada dalam tong kitar semula; jadual data {tables} disimpan', purge: 'Dipadam: model berada dalam tong kitar semula; jadual data {tables} akan digugurkan apabila tong dikosongkan' },
} as const;

/** The message of a model's delete in `lang` (zh/tw → zh, en, mas): `purge` says the tables go at the purge. */
export function binnedText(purge: boolean, tables: string[], lang: string): string {
  const t = lang === 'en' ? deleteTexts.en : lang === 'mas' ? deleteTexts.mas : deleteTexts.zh;
  return (purge ? t.purge : t.keep).replace('{tables}', tables.join(', '));
}
