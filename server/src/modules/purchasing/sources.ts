import dayjs from 'dayjs';
import { sql } from 'kysely';
import { PU_TABLES } from '../../db/seed/purchasing-models';
import type { Db } from '../../db/types';
import { modelDb } from '../visualdev/model-table';
import { fail } from './messages';

/**
 * The requisition's sources (issue 17 item 2): manufacturing orders (制单, model vd-pu-manfac) with their BOMs, styles
 * (Sno), batches (Bno), department items and units. The net requirement of a BOM line (spec: BOM usage × order
 * quantity × (1 + loss) − already requested) is computed by {@link netRequirement}.
 */

/** A manufacturing order as the pickers list it. deliveryDate YYYY-MM-DD ('' when unset). */
export interface ManfacOrder {
  id: string;
  mno: string;
  customer: string;
  sno: string;
  bno: string;
  quantity: number;
  deliveryDate: string;
}

/** One BOM line with its requirement: gross = usage × orderQty × (1 + lossRate/100), net = max(0, gross − requested), 3 decimals. */
export interface RequirementLine {
  mno: string;
  sno: string;
  bno: string;
  bomId: string;
  materialCode: string;
  materialName: string;
  spec: string;
  unit: string;
  usage: number;
  /** Percent. */
  lossRate: number;
  isFabric: boolean;
  orderQty: number;
  gross: number;
  requested: number;
  net: number;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Net requirement of one BOM line (spec 001 §5; issue 17 item 2): usage per piece × order quantity × (1 + loss% / 100)
 * − already requested, never below 0, rounded to 3 decimals. Returns `{ gross, net }`.
 */
export function netRequirement(usage: number, orderQty: number, lossRatePercent: number, requested: number): { gross: number; net: number } {
  const gross = round3((Number(usage) || 0) * (Number(orderQty) || 0) * (1 + (Number(lossRatePercent) || 0) / 100));
  return { gross, net: Math.max(0, round3(gross - (Number(requested) || 0))) };
}

const dateOf = (ms: unknown) => (ms === null || ms === undefined || ms === '' ? '' : dayjs(Number(ms)).format('YYYY-MM-DD'));
const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function orderOf(r: Record<string, unknown>): ManfacOrder {
  return { id: String(r.id), mno: String(r.mno ?? ''), customer: String(r.customer ?? ''), sno: String(r.sno ?? ''), bno: String(r.bno ?? ''), quantity: Number(r.quantity ?? 0), deliveryDate: dateOf(r.deliveryDate) };
}

/** Orders (not deleted) filtered by mno/sno/bno lists or a keyword over mno, sno, bno, customer; ordered by mno. */
export async function findOrders(db: Db, f: { mnos?: string[]; snos?: string[]; bnos?: string[]; keyword?: string; limit?: number; offset?: number }): Promise<{ list: ManfacOrder[]; total: number }> {
  let q = modelDb(db).selectFrom(PU_TABLES.manfac).where('f_deleted_at', 'is', null);
  if (f.mnos) q = q.where('mno', 'in', f.mnos.length ? f.mnos : ['']);
  if (f.snos) q = q.where('sno', 'in', f.snos.length ? f.snos : ['']);
  if (f.bnos) q = q.where('bno', 'in', f.bnos.length ? f.bnos : ['']);
  if (f.keyword) {
    const k = escapeLike(f.keyword);
    q = q.where((eb) => eb.or(['mno', 'sno', 'bno', 'customer'].map((c) => eb(c, 'ilike', k))));
  }
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await q.selectAll().orderBy('mno').limit(f.limit ?? 1000).offset(f.offset ?? 0).execute();
  return { list: rows.map(orderOf), total };
}

/** Quantities already requested per `mno|materialCode` on requisitions that are not cancelled nor binned (optionally ignoring one requisition). */
async function requestedOf(db: Db, mnos: string[], excludeReqId?: string): Promise<Map<string, number>> {
  if (!mnos.length) return new Map();
  let q = db
    .selectFrom('pu_req_detail as d')
    .innerJoin('pu_req as r', 'r.id', 'd.req_id')
    .select(['d.mno', 'd.material_code', sql<number>`sum(d.quantity)`.as('qty')])
    .where('d.mno', 'in', mnos)
    .where('r.doc_state', '=', 0)
    .where('r.f_deleted_at', 'is', null)
    .groupBy(['d.mno', 'd.material_code']);
  if (excludeReqId) q = q.where('r.id', '<>', excludeReqId);
  const rows = await q.execute();
  return new Map(rows.map((r) => [`${r.mno}|${r.material_code}`, Number(r.qty)]));
}

/**
 * The BOM lines of `orders` with gross, already-requested and net quantities (fabric lines only when `fabricOnly`).
 * Lines keep the order's and the BOM's order.
 */
export async function requirementLines(db: Db, orders: ManfacOrder[], opts: { fabricOnly?: boolean; excludeReqId?: string } = {}): Promise<RequirementLine[]> {
  if (!orders.length) return [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  let q = modelDb(db).selectFrom(PU_TABLES.bom).selectAll().where('parent_id', 'in', [...byId.keys()]);
  if (opts.fabricOnly) q = q.where('isFabric', '=', true);
  const rows = await q.orderBy('parent_id').orderBy('sort_order').execute();
  const requested = await requestedOf(db, orders.map((o) => o.mno), opts.excludeReqId);
  const index = new Map(orders.map((o, i) => [o.id, i]));
  rows.sort((a, b) => (index.get(String(a.parent_id)) ?? 0) - (index.get(String(b.parent_id)) ?? 0) || Number(a.sort_order) - Number(b.sort_order));
  return rows.map((r) => {
    const o = byId.get(String(r.parent_id)) as ManfacOrder;
    const done = requested.get(`${o.mno}|${r.materialCode}`) ?? 0;
    const { gross, net } = netRequirement(Number(r.usage ?? 0), o.quantity, Number(r.lossRate ?? 0), done);
    return {
      mno: o.mno,
      sno: o.sno,
      bno: o.bno,
      bomId: String(r.id),
      materialCode: String(r.materialCode ?? ''),
      materialName: String(r.materialName ?? ''),
      spec: String(r.spec ?? ''),
      unit: String(r.unit ?? ''),
      usage: Number(r.usage ?? 0),
      lossRate: Number(r.lossRate ?? 0),
      isFabric: r.isFabric === true,
      orderQty: o.quantity,
      gross,
      requested: done,
      net,
    };
  });
}

/** The one order `mno` (404 mnoNotFound when missing or deleted). */
export async function orderByMno(db: Db, mno: string): Promise<ManfacOrder> {
  const { list } = await findOrders(db, { mnos: [mno], limit: 1 });
  const o = list[0];
  if (!o) throw fail(404, 'mnoNotFound', { mno });
  return o;
}

/** Orders whose BOM has a zero-usage line, or whose own quantity is 0 (CheckZeroManfac). */
export async function zeroLines(db: Db, mnos: string[]): Promise<Array<{ mno: string; materialCode: string; materialName: string; usage: number; orderQty: number }>> {
  const { list } = await findOrders(db, { mnos });
  const lines = await requirementLines(db, list);
  const out = lines.filter((l) => !(l.usage > 0) || !(l.orderQty > 0)).map((l) => ({ mno: l.mno, materialCode: l.materialCode, materialName: l.materialName, usage: l.usage, orderQty: l.orderQty }));
  for (const o of list) if (!(o.quantity > 0) && !out.some((x) => x.mno === o.mno)) out.push({ mno: o.mno, materialCode: '', materialName: '', usage: 0, orderQty: o.quantity });
  return out;
}

/** Styles (Sno) with how many orders and pieces, filtered by keyword, paged. */
export async function styleList(db: Db, keyword: string | undefined, limit: number, offset: number): Promise<{ list: Array<{ sno: string; orders: number; quantity: number }>; total: number }> {
  let q = modelDb(db).selectFrom(PU_TABLES.manfac).where('f_deleted_at', 'is', null).where('sno', 'is not', null);
  if (keyword) q = q.where('sno', 'ilike', escapeLike(keyword));
  const grouped = q.select(['sno', sql<number>`count(*)`.as('orders'), sql<number>`coalesce(sum(quantity), 0)`.as('quantity')]).groupBy('sno');
  const all = await grouped.orderBy('sno').execute();
  return { list: all.slice(offset, offset + limit).map((r) => ({ sno: String(r.sno), orders: Number(r.orders), quantity: Number(r.quantity) })), total: all.length };
}

/**
 * Requirement per style and material over all orders of the styles `snos` (GetDisplayDetailsSno): the order lines
 * summed by (sno, materialCode); mno is '' (several orders), usage and lossRate are those of the first order line.
 */
export async function styleRequirement(db: Db, snos: string[]): Promise<RequirementLine[]> {
  const { list } = await findOrders(db, { snos });
  const lines = await requirementLines(db, list);
  const sum = new Map<string, RequirementLine>();
  for (const l of lines) {
    const key = `${l.sno}|${l.materialCode}`;
    const s = sum.get(key);
    if (!s) sum.set(key, { ...l, mno: '', bno: '', bomId: '' });
    else {
      s.orderQty += l.orderQty;
      s.gross = round3(s.gross + l.gross);
      s.requested = round3(s.requested + l.requested);
      s.net = round3(s.net + l.net);
    }
  }
  return [...sum.values()];
}

/** Units, filtered by `unit` (a code or name fragment; '' / 'all' / '0' = every unit). */
export async function unitList(db: Db, unit: string): Promise<Array<{ code: string; name: string; enName: string }>> {
  let q = db.selectFrom('pu_unit').select(['code', 'name', 'en_name']).orderBy('sort_code');
  if (unit && !['all', '0', '-1'].includes(unit)) q = q.where((eb) => eb.or([eb('code', 'ilike', escapeLike(unit)), eb('name', 'ilike', escapeLike(unit))]));
  return (await q.execute()).map((r) => ({ code: r.code, name: r.name, enName: r.en_name }));
}

/** Department consumable items of `organizeId` plus the common ones (no department), filtered by keyword. */
export async function deptItems(db: Db, organizeId: string | null, keyword?: string) {
  let q = db.selectFrom('pu_dept_item').selectAll().orderBy('sort_code');
  q = q.where((eb) => (organizeId ? eb.or([eb('organize_id', 'is', null), eb('organize_id', '=', organizeId)]) : eb('organize_id', 'is', null)));
  if (keyword) q = q.where((eb) => eb.or([eb('item_code', 'ilike', escapeLike(keyword)), eb('item_name', 'ilike', escapeLike(keyword))]));
  return (await q.execute()).map((r) => ({ id: r.id, organizeId: r.organize_id, materialCode: r.item_code, materialName: r.item_name, spec: r.spec, unit: r.unit }));
}

/**
 * Parses a batch search (GetBnoList; spec 001 §5): the text (batches separated by commas, spaces or new lines) needs at
 * least 6 characters; every batch must start with 239; at least one must be a full 3-digit batch (239 + 3 digits);
 * a batch given twice is refused. Returns the batches. @throws 400 bnoSearch | bnoPrefix | bnoAtLeastOne | bnoDuplicate.
 */
export function parseBatches(input: string | string[] | undefined): string[] {
  const text = Array.isArray(input) ? input.join(',') : String(input ?? '');
  if (text.replace(/[\s,，;；]+/g, '').length < 6) throw fail(400, 'bnoSearch');
  const list = text.split(/[\s,，;；]+/).filter(Boolean);
  for (const b of list) if (!b.startsWith('239')) throw fail(400, 'bnoPrefix', { bno: b });
  if (!list.some((b) => /^239\d{3}$/.test(b))) throw fail(400, 'bnoAtLeastOne');
  const seen = new Set<string>();
  for (const b of list) {
    if (seen.has(b)) throw fail(400, 'bnoDuplicate', { key: b });
    seen.add(b);
  }
  return list;
}
