import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import { compileForm, UnknownKdKeyError } from '../../src/engine/compile';
import { modelProblems } from '../../src/engine/modelCheck';
import type { RendererMap } from '../../src/engine/renderer';
import { ruleProblems } from '../../src/engine/ruleCheck';
import { patternProblem } from '../panels/RegListEditor';
import { childLists, idOf } from '../store/tree';
import { vModelProblem } from '../store/vmodel';
import type { ModelMeta } from './modelApi';

/** A table name the server accepts (schemas/model.ts, model-layout.ts TABLE_NAME), not a PostgreSQL `pg_` name. */
const tableNameOk = (name: string) => /^[a-z_][a-z0-9_]{0,62}$/.test(name) && !name.startsWith('pg_');

/** Problems by field formId, or by `__fullName` / `__enCode` / `__form` for the model's own props. */
export type Problems = Map<number | string, string[]>;
/** Translates a designer key (`fd.…`). */
type T = (key: string, vars?: Record<string, unknown>) => string;

/**
 * Whether two problem maps say the same (same keys, same messages in order). The designer keeps the previous map when
 * a change leaves the problems as they were, so the canvas fields reading it (ProblemsContext) do not all re-render on
 * every edit or drop (issue 13 "Performance", D3).
 */
export function sameProblems(a: Problems, b: Problems): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (!w || w.length !== v.length || v.some((m, i) => m !== w[i])) return false;
  }
  return true;
}

const add = (p: Problems, key: number | string, msg: string) => p.set(key, [...(p.get(key) ?? []), msg]);

/**
 * The designer's checks before saving (issue 13 "Bad input"), shown next to each field on the canvas: field names
 * (identifier, not an SQL keyword or system column, unique in the form; a sub-table's columns unique within it),
 * regList patterns that compile, a sub-table with at least one column, calculate formulas (operators + - × ÷ and
 * brackets only, every field they name present), field rules (show / required / read-only when: the fields they name
 * exist, each condition has its value, no required field inside a container with a show-when rule; the server runs the
 * same src/engine/ruleCheck.ts), the model's name and code, and finally the
 * engine's compile (unknown kdKeys). The server runs its own check (model-validate.ts) on save and answers the first
 * problem with its path.
 */
export function checkModel(form: FormConfig, meta: ModelMeta, registry: RendererMap, t: T): Problems {
  const problems: Problems = new Map();
  if (!meta.fullName.trim()) add(problems, '__fullName', t('fd.fullNameRequired'));
  if (!/^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(meta.enCode)) add(problems, '__enCode', t('fd.enCodeInvalid'));
  if (meta.table && !tableNameOk(meta.table)) add(problems, '__table', t('fd.tableNameInvalid'));
  const visit = (fields: FieldConfig[], names: Set<string>) => {
    for (const f of fields) {
      const id = idOf(f) ?? -1;
      if (Object.hasOwn(f, '__vModel__')) {
        const name = f.__vModel__ ?? '';
        const problem = vModelProblem(name, names);
        if (problem) add(problems, id, t(`fd.vm.${problem}`));
        names.add(name);
      }
      for (const [i, r] of (f.__config__.regList ?? []).entries()) if (typeof r?.pattern === 'string' && patternProblem(r.pattern)) add(problems, id, `${t('fd.regList')} ${i + 1}: ${t('fd.badPattern')}`);
      const isTable = f.__config__.kdKey === 'table';
      const tableName = f.__config__.tableName;
      if (isTable && typeof tableName === 'string' && tableName && !tableNameOk(tableName)) add(problems, id, t('fd.tableNameInvalid'));
      for (const c of childLists(f)) visit(c.list, isTable ? new Set() : names);
    }
  };
  visit(form.fields, new Set());
  checkShared(form, problems, t);
  checkRules(form, problems, t);
  if (!problems.size) {
    try {
      compileForm(form, registry);
    } catch (e) {
      add(problems, '__form', e instanceof UnknownKdKeyError ? `${e.path}: ${e.kdKey}` : String((e as Error).message));
    }
  }
  return problems;
}

/**
 * The field a server path names (`formData.fields[3].__config__.regList[0].pattern`, `…children[1].__config__.children[0]…`):
 * the formId of the deepest field on it, or null when the path names no field (e.g. `enCode`).
 */
export function fieldOfPath(form: FormConfig, path: string): number | null {
  const m = /^(?:formData\.)?fields\[(\d+)\]/.exec(path);
  if (!m) return null;
  let field: FieldConfig | undefined = form.fields[Number(m[1])];
  let rest = path.slice(m[0].length);
  let found = idOf(field) ?? null;
  for (;;) {
    const step = /^\.__config__\.children\[(\d+)\]/.exec(rest);
    if (!step || !field) break;
    const child = (field.__config__.children as unknown[] | undefined)?.[Number(step[1])] as FieldConfig | undefined;
    rest = rest.slice(step[0].length);
    field = child;
    if (child?.__config__?.kdKey) found = idOf(child) ?? found;
  }
  return found;
}

/** Formulas and sub-tables (src/engine/modelCheck.ts, the same check as the server's). */
function checkShared(form: FormConfig, problems: Problems, t: T): void {
  for (const p of modelProblems(form.fields)) add(problems, p.formId ?? -1, p.kind === 'formulaMissing' ? t('fd.formulaMissing', { names: (p.names ?? []).join(', ') }) : t(`fd.${p.kind}`));
}

const RULE_TITLE = { showWhen: 'fd.rule.show', requiredWhen: 'fd.rule.required', readonlyWhen: 'fd.rule.readonly' } as const;

/** Field rules (src/engine/ruleCheck.ts, the same check as the server's): named fields exist, values present, no required field in a hidden container. */
function checkRules(form: FormConfig, problems: Problems, t: T): void {
  for (const p of ruleProblems(form.fields)) {
    const id = p.formId ?? -1;
    if (p.kind === 'requiredHidden') add(problems, id, t('fd.requiredHidden'));
    else add(problems, id, t(`fd.rule.${p.kind}`, { rule: t(RULE_TITLE[p.rule as keyof typeof RULE_TITLE]), name: p.name ?? '' }));
  }
}
