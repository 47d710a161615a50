import type { Kysely, RawBuilder } from 'kysely';
import { CODE, NAME } from './bin-labels';
import type { Db } from '../../db/types';
import { MODEL_BIN_ENTITY, MODEL_BIN_MENU, purgeModelBin } from '../visualdev/model-bin';
import type { BinEntity } from './builtin-recycle';

/**
 * Recycle bins of the platform's configuration entities (issue 27 items 1-2, beside builtin-recycle.ts's users,
 * dictionaries, menus and organisation): each row has a version (row-version.ts: `… WHERE id = ? AND f_version = ?`,
 * 409 naming who and when) and a delete only marks it (`f_deleted_at`, `f_deleted_by`); every read that lists, picks
 * or resolves the row (by id or enCode) skips binned ones; unique checks still see them until the purge
 * (tests/server/builtin-config-bins.test.ts walks every GET route).
 * - 单据规则 (bill_rule, migration 0668): a binned rule issues no number and previews none.
 * - 数据接口 (data_interface, migration 0671): a binned interface runs nowhere (by id or enCode: Actions/Response,
 *   field sources, reports, tasks all resolve it through getInterface); its run grants stay until the purge.
 * - 打印模板 (print_dev, migration 0674: its soft delete's deleted_at became f_deleted_at): a binned template is
 *   offered to no print button and prints nothing (Data, BatchData, Pdf, the selector); its name is free (only
 *   live names are unique), so a restore is refused while a live template took it.
 * - 门户 (portal, migration 0676: deleted_at became f_deleted_at): a binned portal is shown nowhere (home page, the
 *   Selector, auth, a type-8 menu, the grant page); its grants and users' default stay for a restore, the purge
 *   drops them. Its name is free, as a template's.
 * - 报表 (report, migration 0678: deleted_at became f_deleted_at): a binned report opens and runs nowhere (detail,
 *   Info, Preview, the exports, a type-5 menu, the Selector); its name is free, as a template's.
 * - 在线开发 models (visualdev, migration 0682; visualdev/model-bin.ts): a binned model loads nowhere (records, menus,
 *   short links, export, copy, generated code); its enCode and tables stay taken; the purge drops its tables when
 *   its delete asked so.
 */

/** The configuration tables with a bin. */
export type ConfigBinnedTable = 'bill_rule' | 'data_interface' | 'print_dev' | 'portal' | 'report' | 'visualdev';


/** The configuration entities' bins (appended to BIN_ENTITIES). */
export const CONFIG_BIN_ENTITIES: readonly BinEntity[] = [
  {
    table: 'bill_rule',
    base: '/api/system/BillRule',
    menu: 'billRule',
    fields: { fullName: 'full_name', enCode: 'en_code', prefix: 'prefix', dateFormat: 'date_format', digit: 'digit', startNumber: 'start_number', enabledMark: 'enabled_mark', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [],
    unique: [{ column: 'en_code', field: 'enCode', label: CODE }],
  },
  {
    table: 'data_interface',
    base: '/api/system/DataInterface',
    menu: 'dataInterface',
    fields: { fullName: 'full_name', enCode: 'en_code', category: 'category', dataType: 'data_type', enabledMark: 'enabled_mark', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [],
    unique: [{ column: 'en_code', field: 'enCode', label: CODE }],
  },
  {
    table: 'print_dev',
    base: '/api/system/printDev',
    menu: 'printDev',
    fields: { fullName: 'full_name', enCode: 'en_code', category: 'category', type: 'type', enabledMark: 'enabled_mark', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [],
    unique: [
      { column: 'en_code', field: 'enCode', label: CODE },
      { column: 'full_name', field: 'fullName', label: NAME },
    ],
  },
  {
    table: 'portal',
    base: '/api/visualdev/Portal',
    menu: 'visualPortal',
    fields: { fullName: 'full_name', enCode: 'en_code', category: 'category', type: 'type', enabledMark: 'enabled_mark', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [],
    unique: [
      { column: 'en_code', field: 'enCode', label: CODE },
      { column: 'full_name', field: 'fullName', label: NAME },
    ],
  },
  {
    table: 'report',
    base: '/api/datareport/Data',
    menu: 'dataReport',
    fields: { fullName: 'full_name', enCode: 'en_code', category: 'category', enabledMark: 'enabled_mark', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [],
    unique: [
      { column: 'en_code', field: 'enCode', label: CODE },
      { column: 'full_name', field: 'fullName', label: NAME },
    ],
  },
  MODEL_BIN_ENTITY,
];

/** The admin menus (module ids) of these bins: 回收站 (btn_recycle) is seeded on them (seed/builtin-recycle-buttons.ts). */
export const CONFIG_BIN_MENUS = ['menu-bill-rule', 'menu-data-interface', 'menu-print-dev', 'menu-portal', 'menu-data-report', MODEL_BIN_MENU];

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/** The grants (`authorize` item_type) that hang on a binned row of a table, dropped when it is purged. */
const GRANTS: Partial<Record<ConfigBinnedTable, string>> = { data_interface: 'dataInterface', portal: 'portal' };

/**
 * Purges the configuration bins inside the built-in purge's transaction: rows binned before `cutoff` go for good with
 * what hangs on them (an interface's run grants, a portal's grants and the users' default portal; a model's menus,
 * its tables released, or dropped when its delete asked so: visualdev/model-bin.ts purgeModelBin). Returns how many
 * rows per table (`counts`) and the models purged with their records (`modelsWithRecords`), whose stored files the
 * caller deletes once the transaction has committed (files/store.ts deleteModelFiles).
 */
export async function purgeConfigBins(trx: Db, cutoff: RawBuilder<Date>): Promise<{ counts: Record<ConfigBinnedTable, number>; modelsWithRecords: string[] }> {
  const db = trx as unknown as Loose;
  const out = {} as Record<ConfigBinnedTable, number>;
  for (const t of ['bill_rule', 'data_interface', 'print_dev', 'portal', 'report'] as const) {
    const expired = db.selectFrom(t).select('id').where('f_deleted_at', '<', cutoff);
    const itemType = GRANTS[t];
    if (itemType) await db.deleteFrom('authorize').where('item_type', '=', itemType).where('item_id', 'in', expired).execute();
    if (t === 'portal') await db.updateTable('users').set({ portal_id: null }).where('portal_id', 'in', expired).execute();
    const r = await db.deleteFrom(t).where('f_deleted_at', '<', cutoff).executeTakeFirst();
    out[t] = Number(r.numDeletedRows);
  }
  const models = await purgeModelBin(trx, cutoff);
  out.visualdev = models.count;
  return { counts: out, modelsWithRecords: models.withRecords };
}
