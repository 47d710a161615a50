import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import { evaluateFormula, type FormulaToken } from './formula';

/**
 * Values the server owns (design.md §4; issue: "system fields filled by the server, never by the client";
 * "calculate: when stored, the server recomputes it and ignores the client's value"). Pure TypeScript.
 */

/** kdKeys whose value only the server writes. */
export const SERVER_FILLED = ['billRule', 'createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize', 'currDept', 'currPosition'] as const;

/** A server-owned field of a form: where it sits and what fills it. */
export interface ServerField {
  /** `__vModel__`; sub-table columns are not server-filled. */
  model: string;
  kdKey: (typeof SERVER_FILLED)[number];
  /** billRule: the rule's enCode (`__config__.rule`). */
  rule?: string;
}

function walk(fields: FieldConfig[], visit: (f: FieldConfig, inTable: FieldConfig | null) => void, inTable: FieldConfig | null = null): void {
  for (const f of fields) {
    if (!f?.__config__) continue;
    const kids = (f.__config__.children ?? []) as FieldConfig[];
    if (f.__config__.kdKey === 'table') {
      visit(f, inTable);
      walk(kids, visit, f);
    } else if (kids.length || !f.__config__.kdKey) {
      walk(kids, visit, inTable);
    } else visit(f, inTable);
  }
}

/** The server-filled fields of a form (top level only), in form order. */
export function serverFields(form: FormConfig): ServerField[] {
  const out: ServerField[] = [];
  walk(form.fields, (f, table) => {
    const k = f.__config__.kdKey as ServerField['kdKey'];
    if (!table && f.__vModel__ && (SERVER_FILLED as readonly string[]).includes(k)) out.push({ model: f.__vModel__, kdKey: k, ...(k === 'billRule' ? { rule: String(f.__config__.rule ?? '') } : {}) });
  });
  return out;
}

/**
 * Removes every server-owned value from a client record (system fields, bill numbers and stored calculations),
 * so the server can fill them itself. Returns a new record.
 */
export function stripServerValues(form: FormConfig, record: Record<string, unknown>): Record<string, unknown> {
  const out = { ...record };
  for (const f of serverFields(form)) delete out[f.model];
  walk(form.fields, (f, table) => {
    if (f.__config__.kdKey !== 'calculate' || !f.__vModel__) return;
    if (!table) delete out[f.__vModel__];
  });
  return out;
}

/**
 * Recomputes every stored calculate field (spec 001 §4: NaN -> 0; `tbl.field` sums a sub-table column): top-level
 * ones from the record, sub-table ones per row from that row. Returns a new record; invalid expressions give 0.
 */
export function applyCalculations(form: FormConfig, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  const calc = (f: FieldConfig, values: Record<string, unknown>) => {
    try {
      return evaluateFormula((f.expression ?? []) as FormulaToken[], values, typeof f.precision === 'number' ? f.precision : undefined);
    } catch {
      return 0;
    }
  };
  const stored = (f: FieldConfig) => f.__config__.kdKey === 'calculate' && !!f.__vModel__ && !!f.__config__.isStorage;
  // Sub-table rows first, so top-level formulas summing `tbl.amount` see the recomputed cells.
  walk(form.fields, (f, table) => {
    if (!table || !stored(f) || !table.__vModel__) return;
    const rows = out[table.__vModel__];
    if (Array.isArray(rows)) out[table.__vModel__] = rows.map((r: Record<string, unknown>) => ({ ...r, [f.__vModel__!]: calc(f, { ...out, ...r }) }));
  });
  walk(form.fields, (f, table) => {
    if (!table && stored(f)) out[f.__vModel__!] = calc(f, out);
  });
  return out;
}
