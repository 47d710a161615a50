import { lineProgress, rollUp } from '../../modules/purchasing/states';
import { modelDb } from '../../modules/visualdev/model-table';
import { DEMO, demoEnabled, demoUserId } from './demo-company';
import type { SeedContext } from './index';
import { PU_TABLES } from './purchasing-models';

/**
 * Two years of demo requisition history for reports (issue 17 item 1), unless KD_DEMO=0, on a fresh database only
 * (nothing when any requisition exists). Over the 104 weeks before today (today itself excluded, so bill numbers the
 * bill rule issues today never meet these): 采购部 (李娜, 王芳, 赵磊) about four a week — by manufacturing order, fabric,
 * style, outsourcing, general —, 品管部 and 仓储部 one or two a week of their department items. Lines come from the
 * seeded materials and the BOMs of the seeded styles; the orders they name are past orders (MO + year + 101…, batches
 * 239200…), closed and not in 制单, so the open orders' net requirements are untouched. Most are 审核通过 with their
 * progress (purchased when the delivery date has passed, else partly or not yet); some are rejected, terminated or
 * cancelled. None waits for audit (no to-dos appear). Each carries its change log as the module writes it (create,
 * submit, approve/reject/terminate, cancel, outsource; who and when). Inserted in a few multi-row statements in one
 * transaction. Ids `pu-hist-…`.
 */

const DAY = 86_400_000;
/** Rows per INSERT (≤ 24 columns each, under PostgreSQL's 65,535 bound parameters). */
const CHUNK = 1000;

/** A small deterministic generator (the same history on every fresh data folder). */
function lcg(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return Math.floor((s / 2147483648) * n);
  };
}

type Row = Record<string, unknown>;
/** A line's material and quantity before its state columns. */
interface Picked {
  material_code: string;
  material_name: string;
  spec: string;
  unit: string;
  quantity: number;
  supplier: string;
  mno?: string | null;
  sno?: string | null;
  bno?: string | null;
}
interface Bom {
  sno: string;
  lines: Array<{ materialCode: string; materialName: string; spec: string; unit: string; usage: number; lossRate: number; isFabric: boolean }>;
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The department plan: [department, requesters, approver, requisitions per week (×10), types]. */
const PLAN: Array<[string, string[], string, number, string[]]> = [
  [DEMO.departments.purchasing, ['lina', 'wangfang', 'zhaolei'], 'zhouqiang', 40, ['mno', 'mno', 'mno', 'fabric', 'fabric', 'sno', 'outsource', 'general']],
  [DEMO.departments.quality, ['sunli', 'liuyang'], 'chenjing', 15, ['dept']],
  [DEMO.departments.warehouse, ['zhoumin', 'wuhao'], 'huangwei', 15, ['dept']],
];

const REMARKS: Record<string, string[]> = {
  mno: ['按制单需求申购', '大货面辅料', '客户加单，补足用量'],
  fabric: ['大货面料', '面料分批到货', '布料备料'],
  sno: ['款式备料', '翻单备料'],
  outsource: ['外发车缝', '外发印花', '外发压胶'],
  general: ['样品用料', '打样辅料', '补料'],
  dept: ['部门日常耗用', '月度领用', '补充库存'],
};

/** Builds the history rows (headers, lines, logs) for the 104 weeks before `today` (UTC midnight ms). */
export function buildHistory(today: number, boms: Bom[], deptItems: Array<{ organizeId: string | null; code: string; name: string; spec: string; unit: string }>) {
  const rnd = lcg(17_2026);
  const reqs: Row[] = [];
  const lines: Row[] = [];
  const logs: Row[] = [];
  const perDay = new Map<string, number>();
  const orderSeq = new Map<number, number>();
  let batch = 200;
  const start = today - 104 * 7 * DAY;
  for (let week = 0; week < 104; week++) {
    for (const [org, requesters, approver, rate, types] of PLAN) {
      const count = Math.floor(rate / 10) + (rnd(10) < rate % 10 ? 1 : 0) + (rnd(3) === 0 ? 1 : 0) - (rnd(4) === 0 ? 1 : 0);
      for (let k = 0; k < count; k++) {
        let reqDay = start + week * 7 * DAY + rnd(7) * DAY;
        if (new Date(reqDay).getUTCDay() === 0) reqDay += DAY; // no requisitions on Sundays
        if (reqDay >= today) continue;
        const date = ymd(reqDay);
        const seq = (perDay.get(date) ?? 0) + 1;
        perDay.set(date, seq);
        const id = `pu-hist-${String(reqs.length + 1).padStart(5, '0')}`;
        const type = types[rnd(types.length)] as string;
        const requester = demoUserId(requesters[rnd(requesters.length)] as string);
        const reviewer = demoUserId(approver);
        const deliveryDay = reqDay + (15 + rnd(31)) * DAY;
        const year = new Date(reqDay).getUTCFullYear();
        const bom = boms[rnd(boms.length)] as Bom;
        let mno: string | null = null;
        let bno: string | null = null;
        if (type === 'mno' || type === 'fabric' || type === 'outsource') {
          const n = (orderSeq.get(year) ?? 100) + 1;
          orderSeq.set(year, n);
          mno = `MO${year}${n}`;
          bno = `239${batch}`;
          batch = batch >= 999 ? 200 : batch + 1;
        }
        const orderQty = (3 + rnd(28)) * 100;
        let picked: Picked[];
        if (type === 'dept') {
          const own = deptItems.filter((d) => d.organizeId === null || d.organizeId === org);
          const n = 1 + rnd(Math.min(4, own.length));
          const from = rnd(own.length);
          picked = Array.from({ length: n }, (_, i) => own[(from + i) % own.length] as (typeof own)[number]).map((d) => ({ material_code: d.code, material_name: d.name, spec: d.spec, unit: d.unit, quantity: 1 + rnd(20), supplier: '' }));
        } else {
          const src = type === 'fabric' ? bom.lines.filter((l) => l.isFabric) : type === 'outsource' ? bom.lines.slice(0, 2) : type === 'general' ? bom.lines.slice(rnd(3), rnd(3) + 2) : bom.lines;
          picked = src.map((l) => ({
            material_code: l.materialCode,
            material_name: l.materialName,
            spec: l.spec,
            unit: l.unit,
            quantity: type === 'general' ? 5 + rnd(50) : Math.ceil(round3(l.usage * orderQty * (1 + l.lossRate / 100))),
            supplier: '',
            mno: type === 'sno' || type === 'general' ? null : mno,
            sno: type === 'general' ? null : bom.sno,
            bno,
          }));
        }
        // The outcome: mostly approved; the older, the further purchased.
        const roll = rnd(100);
        const outcome = roll < 84 ? 'passed' : roll < 90 ? 'rejected' : roll < 94 ? 'rejectedCancelled' : roll < 97 ? 'cancelled' : 'terminated';
        const at = (d: number, hour: number) => new Date(d + (hour * 60 + rnd(60)) * 60_000 - 8 * 3_600_000); // local (UTC+8) office hours
        const created = at(reqDay, 9 + rnd(3));
        const reviewed = new Date(Math.max(at(Math.min(reqDay + (1 + rnd(2)) * DAY, today - DAY), 10 + rnd(6)).getTime(), created.getTime() + 3_600_000));
        let changes = 0;
        const log = (action: string, user: string, from: number | null, to: number | null, when: Date, note = '') => {
          changes++;
          logs.push({ id: `${id}-log-${changes}`, req_id: id, action, from_state: from, to_state: to, note, user_id: user, created_at: when });
        };
        log('create', requester, null, 0, created, String(picked.length));
        let audit = 0;
        let doc = 0;
        let last = created;
        let lastBy = requester;
        if (outcome !== 'cancelled') {
          log('submit', requester, 0, 2, new Date(created.getTime() + 600_000));
          if (outcome === 'passed') {
            log('approve', reviewer, 2, 6, reviewed, '同意');
            audit = 6;
          } else if (outcome === 'terminated') {
            log('terminate', reviewer, 2, 5, reviewed, '订单取消，终止申请');
            audit = 5;
          } else {
            log('reject', reviewer, 2, 3, reviewed, '数量偏多，请核对后重新提交');
            audit = 3;
          }
          last = reviewed;
          lastBy = reviewer;
        }
        if (outcome === 'cancelled' || outcome === 'rejectedCancelled') {
          last = new Date(last.getTime() + 3_600_000);
          lastBy = requester;
          log('cancel', requester, audit, audit, last);
          doc = 1;
        }
        const due = deliveryDay < today;
        const allIn = due && rnd(100) < 88; // most past-due approved requisitions are fully purchased
        const lineRows = picked.map((l, i) => {
          const q = l.quantity;
          let received = 0;
          if (audit === 6 && doc === 0) received = allIn || (due && rnd(2) === 0) ? q : due || rnd(3) === 0 ? Math.floor(q * (0.3 + rnd(5) / 10)) : 0;
          const outsourced = type === 'outsource' && audit === 6 && doc === 0 ? q : 0;
          return { id: `${id}-${i + 1}`, req_id: id, sort_order: i, mno: null, sno: null, bno: null, bom_id: null, remark: '', ...l, delivery_date: ymd(deliveryDay), outsourced_qty: outsourced, received_qty: type === 'outsource' ? Math.min(received, outsourced) : received, progress: lineProgress(q, type === 'outsource' ? Math.min(received, outsourced) : received) };
        });
        if (type === 'outsource' && audit === 6 && doc === 0) {
          last = new Date(last.getTime() + 2 * DAY);
          log('outsource', requester, 6, 6, last, String(lineRows.length));
        }
        lines.push(...lineRows);
        reqs.push({
          id,
          bill_no: `PR${date.replace(/-/g, '')}${String(seq).padStart(4, '0')}`,
          tno: null,
          req_type: type,
          organize_id: org,
          requester_id: requester,
          req_date: date,
          delivery_date: ymd(deliveryDay),
          mno: type === 'mno' || type === 'fabric' || type === 'outsource' ? mno : null,
          remark: (REMARKS[type] as string[])[rnd((REMARKS[type] as string[]).length)],
          audit_state: audit,
          doc_state: doc,
          progress: rollUp(lineRows.map((l) => l.progress)),
          line_count: lineRows.length,
          total_qty: round3(lineRows.reduce((s, l) => s + l.quantity, 0)),
          version: changes,
          created_at: created,
          created_by: requester,
          updated_at: last,
          updated_by: lastBy,
        });
      }
    }
  }
  return { reqs, lines, logs };
}

async function insertChunked(db: SeedContext['db'], table: 'pu_req' | 'pu_req_detail' | 'pu_req_log', rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // biome-ignore lint/suspicious/noExplicitAny: rows built above match the table's columns
    await db.insertInto(table).values(rows.slice(i, i + CHUNK) as any).execute();
  }
}

/** Seeds the requisition history (see the module comment). Idempotent: skipped when any requisition exists. */
export default async function seedPurchasingHistory({ db }: SeedContext): Promise<void> {
  if (!demoEnabled()) return;
  if (await db.selectFrom('pu_req').select('id').limit(1).executeTakeFirst()) return;
  const mdb = modelDb(db);
  const orders = await mdb.selectFrom(PU_TABLES.manfac).select(['id', 'sno']).where('f_deleted_at', 'is', null).orderBy('mno').execute();
  if (!orders.length) return;
  const bomRows = await mdb.selectFrom(PU_TABLES.bom).selectAll().orderBy('parent_id').orderBy('sort_order').execute();
  const bySno = new Map<string, Bom>();
  for (const o of orders) {
    const sno = String(o.sno ?? '');
    if (bySno.has(sno)) continue;
    const ls = bomRows.filter((b) => b.parent_id === o.id && Number(b.usage) > 0);
    bySno.set(sno, { sno, lines: ls.map((b) => ({ materialCode: String(b.materialCode), materialName: String(b.materialName ?? ''), spec: String(b.spec ?? ''), unit: String(b.unit ?? ''), usage: Number(b.usage), lossRate: Number(b.lossRate ?? 0), isFabric: b.isFabric === true })) });
  }
  const items = (await db.selectFrom('pu_dept_item').selectAll().orderBy('sort_code').execute()).map((d) => ({ organizeId: d.organize_id, code: d.item_code, name: d.item_name, spec: d.spec, unit: d.unit }));
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const { reqs, lines, logs } = buildHistory(today, [...bySno.values()], items);
  await db.transaction().execute(async (trx) => {
    await insertChunked(trx, 'pu_req', reqs);
    await insertChunked(trx, 'pu_req_detail', lines);
    await insertChunked(trx, 'pu_req_log', logs);
  });
}
