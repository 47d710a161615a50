import type { BillRule, BillRuleInput, BillRuleOption, BillRulePage } from '../../schemas/wire/bill-rule';
import { request } from './client';
import { downloadJson } from './dictionary';

/** The wire shapes, declared once in schemas/wire/bill-rule.ts (shared with the server). */
export { BILL_DATE_FORMATS } from '../../schemas/wire/bill-rule';
export type { BillRule, BillRuleInput, BillRuleOption, BillRulePage };

const B = '/api/system/BillRule';
const enc = encodeURIComponent;

/** GET BillRule?keyword&currentPage&pageSize (spec 001 §7). */
export function listBillRules(q: { keyword?: string; currentPage: number; pageSize: number }): Promise<BillRulePage> {
  return request<BillRulePage>(B, { query: { keyword: q.keyword || undefined, currentPage: q.currentPage, pageSize: q.pageSize } });
}

/** GET BillRule/Selector → enabled rules `{id, fullName, enCode}` (the billRule widget's rule picker). */
export async function billRuleSelector(): Promise<BillRuleOption[]> {
  return (await request<{ list: BillRuleOption[] }>(`${B}/Selector`)).list;
}

/** GET BillRule/{id}. */
export function getBillRule(id: string): Promise<BillRule> {
  return request<BillRule>(`${B}/${enc(id)}`);
}

/** POST BillRule (create) or BillRule/{id} (update); resolves the id. */
export async function saveBillRule(body: BillRuleInput, id?: string): Promise<string | undefined> {
  const data = await request<{ id: string } | null>(id ? `${B}/${enc(id)}` : B, { method: 'post', json: body });
  return data?.id ?? id;
}

/** DELETE BillRule/{id}. */
export async function deleteBillRule(id: string): Promise<void> {
  await request(`${B}/${enc(id)}`, { method: 'delete' });
}

/** POST BillRule/{id}/Actions/State → the new enabledMark. */
export async function toggleBillRuleState(id: string): Promise<number> {
  return (await request<{ enabledMark: number }>(`${B}/${enc(id)}/Actions/State`, { method: 'post' })).enabledMark;
}

/** GET BillRule/BillNumber/{code}/1 → the next number of rule `code`, without consuming it. */
export function previewBillNumber(code: string, opts: { silent?: boolean } = {}): Promise<string> {
  return request<string>(`${B}/BillNumber/${enc(code)}/1`, { silent: opts.silent });
}

/** GET BillRule/{id}/Action/Export: downloads `<enCode>.json`. */
export function exportBillRule(id: string): Promise<string> {
  return downloadJson(`${B}/${enc(id)}/Action/Export`, (b) => `${typeof b.enCode === 'string' ? b.enCode : 'bill-rule'}.json`);
}
