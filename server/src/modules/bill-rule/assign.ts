import type { FieldConfig } from '../../../../schemas/field';
import { nextBillNumber } from './number';
import type { BillRuleDb } from './types';

/** A billRule field of a form: where its number goes (`__vModel__`) and which rule issues it (enCode). */
export interface BillRuleField {
  vModel: string;
  rule: string;
}

/** The rule enCode of a billRule field: `__config__.rule` (JNPF v3 layout), else a top-level `rule`. */
function ruleOf(f: FieldConfig): string {
  const r = f.__config__.rule ?? (f as Record<string, unknown>).rule;
  return typeof r === 'string' ? r.trim() : '';
}

/**
 * The billRule fields of a form's field list (design.md §4), in form order, looking inside layout containers
 * (row, card, tab/collapse items) but not inside sub-tables. Fields without a `__vModel__` or rule are skipped.
 */
export function billRuleFields(fields: readonly FieldConfig[]): BillRuleField[] {
  const out: BillRuleField[] = [];
  const walk = (list: readonly unknown[]) => {
    for (const item of list) {
      const f = item as FieldConfig;
      const cfg = f?.__config__;
      if (!cfg) continue;
      if (cfg.kdKey === 'billRule') {
        const rule = ruleOf(f);
        if (f.__vModel__ && rule) out.push({ vModel: f.__vModel__, rule });
        continue;
      }
      if (cfg.kdKey === 'table') continue;
      if (Array.isArray(cfg.children)) walk(cfg.children);
    }
  };
  walk(fields);
  return out;
}

/**
 * Fills every billRule field of a record being created with a fresh number (issue 3: "the number is assigned by the
 * server on save"), ignoring whatever the client sent. Call it with the transaction that inserts the record, so the
 * numbers stay unique and gap-free (see nextBillNumber). Mutates and returns `record`. Throws the rule's ApiError
 * (404 unknown rule, 400 disabled rule), which should abort the save.
 */
export async function assignBillNumbers<T extends Record<string, unknown>>(db: BillRuleDb, fields: readonly FieldConfig[], record: T): Promise<T> {
  for (const f of billRuleFields(fields)) (record as Record<string, unknown>)[f.vModel] = await nextBillNumber(db, f.rule);
  return record;
}
