import type { ColumnConfig } from '../../schemas/columns';
import type { FieldConfig } from '../../schemas/field';
import { type FormulaToken, formulaRefs, isValidFormula } from './formula';

/**
 * Model checks shared by the designer (designer/model/check.ts, shown next to the field before saving) and the
 * server's model check (model-validate.ts, at import, create and save; 400 with the path) — issue 13 "Bad input":
 * a calculate formula with an operator outside + - × ÷ and brackets or naming a missing field, a sub-table without
 * columns, a tree list (type 2) without its tree field and a grouped list (type 3) without its group field.
 */

/** One problem: where (path below the field list, e.g. `[3].expression`, or a `columnData.…` path) and what. */
export interface ModelProblem {
  path: string;
  formId: number | undefined;
  kind: 'badFormula' | 'formulaMissing' | 'noColumns' | 'noTreeField' | 'noGroupField';
  /** The missing names (formulaMissing). */
  names?: string[];
}

const formIdOf = (f: FieldConfig): number | undefined => {
  const id = f.__config__?.formId;
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : undefined;
};

/** Child lists of a field with their paths (tab/collapse items hold their own children). */
function childLists(f: FieldConfig, here: string): Array<{ list: FieldConfig[]; path: string }> {
  const children = f.__config__?.children;
  if (!Array.isArray(children)) return [];
  return (children as unknown[]).some((c) => c && typeof c === 'object' && !(c as FieldConfig).__config__?.kdKey && Array.isArray((c as FieldConfig).__config__?.children))
    ? (children as FieldConfig[]).map((it, i) => ({ list: (it.__config__?.children ?? []) as FieldConfig[], path: `${here}.__config__.children[${i}].__config__.children` }))
    : [{ list: children as FieldConfig[], path: `${here}.__config__.children` }];
}

/** Every name a formula may refer to: stored fields and `table.column` of sub-table columns. */
export function referableNames(fields: FieldConfig[]): Set<string> {
  const out = new Set<string>();
  const visit = (list: FieldConfig[], prefix: string) => {
    for (const f of list) {
      if (!f?.__config__) continue;
      if (f.__vModel__) out.add(`${prefix}${f.__vModel__}`);
      const inner = f.__config__.kdKey === 'table' && f.__vModel__ ? `${f.__vModel__}.` : prefix;
      for (const c of childLists(f, '')) visit(c.list, inner);
    }
  };
  visit(fields, '');
  return out;
}

/** Problems of a form's fields (formulas, sub-tables) and, when given, of its list config, in tree order. */
export function modelProblems(fields: FieldConfig[], columnData?: Partial<ColumnConfig> | null): ModelProblem[] {
  const names = referableNames(fields);
  const out: ModelProblem[] = [];
  // A sub-table's calculate columns also name the row's own columns bare (record-prepare.ts: the row's fields first).
  const walk = (list: FieldConfig[], path: string, row: Set<string> | null) => {
    list.forEach((f, i) => {
      if (!f?.__config__) return;
      const here = `${path}[${i}]`;
      const formId = formIdOf(f);
      const tokens = (f.expression ?? f.__config__.expression) as FormulaToken[] | undefined;
      if (f.__config__.kdKey === 'calculate' && Array.isArray(tokens) && tokens.length) {
        if (!isValidFormula(tokens)) out.push({ path: `${here}.expression`, formId, kind: 'badFormula' });
        const missing = formulaRefs(tokens).filter((r) => !names.has(r) && !row?.has(r));
        if (missing.length) out.push({ path: `${here}.expression`, formId, kind: 'formulaMissing', names: missing });
      }
      if (f.__config__.kdKey === 'table' && !(f.__config__.children ?? []).length) out.push({ path: `${here}.__config__.children`, formId, kind: 'noColumns' });
      const isTable = f.__config__.kdKey === 'table';
      for (const c of childLists(f, here)) walk(c.list, c.path, isTable ? new Set(c.list.map((x) => x?.__vModel__).filter((x): x is string => !!x)) : row);
    });
  };
  walk(fields, '', null);
  if (columnData && columnData.type === 2 && !(columnData as { treeRelation?: string }).treeRelation) out.push({ path: 'columnData.treeRelation', formId: undefined, kind: 'noTreeField' });
  if (columnData && columnData.type === 3 && !(columnData as { groupField?: string }).groupField) out.push({ path: 'columnData.groupField', formId: undefined, kind: 'noGroupField' });
  return out;
}
