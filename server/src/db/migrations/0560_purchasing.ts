import { type Kysely, sql } from 'kysely';

/**
 * Purchase requisitions (issue 17 items 1–3; spec 001 §3 PuReq, §4 states, §7 "Purchase requisition").
 * - `pu_unit`: units of measure (GetUnitList); `pu_dept_item`: department consumable items (GetDeptItem). Plain tables,
 *   not models: they are short reference lists the requisition screens only pick from (materials and manufacturing
 *   orders, which designers extend, are seeded visualdev models: kd_pu_material, kd_pu_manfac + kd_pu_manfac_bom).
 * - `pu_req`: the header. `bill_no` (bill rule PurchaseRequisition, issued on first save), `tno` (the temporary number
 *   from createTno the draft carried), `req_type` (mno | fabric | sno | dept | outsource | general), department,
 *   requester, dates (`req_date`, `delivery_date` as YYYY-MM-DD text), `audit_state` (0..6, modules/purchasing/states.ts),
 *   `doc_state` (0 normal, 1 cancelled), `progress` (0 not purchased, 1 partly, 2 purchased; rolled up from the lines),
 *   `version` (optimistic lock: every write bumps it).
 * - `pu_req_detail`: lines, in `sort_order`; source mno/sno/bno and the BOM line id they came from; `outsourced_qty`,
 *   `received_qty` (UpdateOutsourcingReq) and the line `progress`.
 * - `pu_req_log`: every change (create, update, state action, outsourcing) with who and when.
 * - `pu_tno`: issued temporary numbers (createTno), so two drafts never share one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pu_unit')
    .ifNotExists()
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('en_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('pu_dept_item')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organize_id', 'text')
    .addColumn('item_code', 'text', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('pu_req')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bill_no', 'text', (c) => c.notNull().unique())
    .addColumn('tno', 'text')
    .addColumn('req_type', 'text', (c) => c.notNull())
    .addColumn('organize_id', 'text')
    .addColumn('requester_id', 'text')
    .addColumn('req_date', 'text', (c) => c.notNull())
    .addColumn('delivery_date', 'text', (c) => c.notNull())
    .addColumn('mno', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('audit_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('doc_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('line_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_qty', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('pu_req_list').ifNotExists().on('pu_req').columns(['req_date', 'id']).execute();
  await db.schema.createIndex('pu_req_org').ifNotExists().on('pu_req').columns(['organize_id']).execute();
  await db.schema
    .createTable('pu_req_detail')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('req_id', 'text', (c) => c.notNull().references('pu_req.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('material_code', 'text', (c) => c.notNull())
    .addColumn('material_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('spec', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('delivery_date', 'text', (c) => c.notNull())
    .addColumn('supplier', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mno', 'text')
    .addColumn('sno', 'text')
    .addColumn('bno', 'text')
    .addColumn('bom_id', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outsourced_qty', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('received_qty', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('pu_req_detail_req').ifNotExists().on('pu_req_detail').columns(['req_id', 'sort_order']).execute();
  await db.schema.createIndex('pu_req_detail_mno').ifNotExists().on('pu_req_detail').columns(['mno', 'material_code']).execute();
  await db.schema
    .createTable('pu_req_log')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('req_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_state', 'integer')
    .addColumn('to_state', 'integer')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pu_req_log_req').ifNotExists().on('pu_req_log').columns(['req_id', 'created_at']).execute();
  await db.schema
    .createTable('pu_tno')
    .ifNotExists()
    .addColumn('tno', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** Drops the purchasing tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['pu_tno', 'pu_req_log', 'pu_req_detail', 'pu_req', 'pu_dept_item', 'pu_unit']) await db.schema.dropTable(t).ifExists().execute();
}
