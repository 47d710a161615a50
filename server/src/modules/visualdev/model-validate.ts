import { normalisePattern, UnknownKdKeyError } from '../../../../src/engine/compile';
import { modelProblems } from '../../../../src/engine/modelCheck';
import { fieldListShapeProblem, modelShapeProblem, type ShapeProblem } from '../../../../src/engine/modelShape';
import { ruleProblems } from '../../../../src/engine/ruleCheck';
import { vModelProblem } from '../../../../src/engine/vmodel';
import { fail } from './messages';
import { IDENTIFIER, LayoutError, type ModelLayout } from './model-layout';
import { compileModel, type Model } from './model-store';
import { reservedTable } from './model-table';
import { serverRegistry } from './server-registry';

/**
 * Checks a model record before it is stored (issue 4 item 6, "Bad input"): the shape of schemas/ (ModelRecordSchema
 * with FieldConfigSchema), then every field down the tree: a known kdKey (renderer registry), a safe `__vModel__`
 * (^[A-Za-z_][A-Za-z0-9_]{0,62}$; a model's, which become columns, also not an SQL key word or system name: the
 * designer's own rule, src/engine/vmodel.ts), no duplicate names in one record or one sub-table, regList patterns that compile,
 * at most MAX_FIELDS fields and MAX_DEPTH levels, field rules (src/engine/ruleCheck.ts) and formulas, sub-table columns and the list's tree/group field
 * (src/engine/modelCheck.ts), as the designer checks them; finally the engine compiles it and lays out its tables, none of them
 * reserved (issue 20 item 1: no `pg_…` name, whatever its case, and no platform table). The first problem answers 400
 * with its path (e.g. `formData.fields[3].__config__.kdKey`, `tables[0].table`); nothing is created.
 */

/** Most fields (leaves and containers, all levels) a model may have. */
export const MAX_FIELDS = 500;
/** Deepest nesting of containers. */
export const MAX_DEPTH = 12;

/** A shape problem (src/engine/modelShape.ts, the check the designer runs before sending) as the 400 answer. */
function shapeError({ path, detail }: ShapeProblem): never {
  throw fail(400, 'modelInvalid', { path, detail }, { path });
}

interface Walk {
  count: number;
  /** Model fields become columns: their names may not be SQL key words or system names either (src/engine/vmodel.ts). */
  columns?: boolean;
}

function refuseReserved(name: unknown, path: string, platform: ReadonlySet<string>): void {
  if (typeof name === 'string' && reservedTable(name, platform)) throw fail(400, 'tableReserved', { path, table: name.slice(0, 80) }, { path, table: name });
}

function walkFields(list: unknown, path: string, names: Map<string, string>, state: Walk, depth: number): void {
  if (!Array.isArray(list)) throw fail(400, 'modelInvalid', { path, detail: 'must be array' }, { path });
  if (depth > MAX_DEPTH) throw fail(400, 'modelInvalid', { path, detail: 'nested too deep' }, { path });
  list.forEach((item, i) => {
    const here = `${path}[${i}]`;
    if (++state.count > MAX_FIELDS) throw fail(400, 'tooManyFields', { max: MAX_FIELDS }, { path: here });
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw fail(400, 'modelInvalid', { path: here, detail: 'must be object' }, { path: here });
    const f = item as Record<string, unknown>;
    const cfg = f.__config__ as Record<string, unknown> | undefined;
    if (!cfg || typeof cfg !== 'object' || Array.isArray(cfg)) throw fail(400, 'modelInvalid', { path: `${here}.__config__`, detail: 'must be object' }, { path: `${here}.__config__` });
    const kdKey = cfg.kdKey;
    if (kdKey === undefined && Array.isArray(cfg.children)) {
      walkFields(cfg.children, `${here}.__config__.children`, names, state, depth + 1);
      return;
    }
    if (typeof kdKey !== 'string' || (kdKey !== 'table' && !serverRegistry[kdKey])) {
      throw fail(400, 'unknownKdKey', { path: `${here}.__config__.kdKey`, kdKey: String(kdKey) }, { path: `${here}.__config__.kdKey` });
    }
    const vModel = f.__vModel__;
    if (vModel !== undefined && vModel !== '' && (typeof vModel !== 'string' || !IDENTIFIER.test(vModel))) {
      throw fail(400, 'badIdentifier', { path: `${here}.__vModel__`, name: String(vModel).slice(0, 80) }, { path: `${here}.__vModel__` });
    }
    if (typeof vModel === 'string' && vModel && state.columns) {
      const problem = vModelProblem(vModel, new Set());
      if (problem === 'keyword' || problem === 'reserved') throw fail(400, problem === 'keyword' ? 'sqlKeyword' : 'reservedName', { path: `${here}.__vModel__`, name: vModel }, { path: `${here}.__vModel__` });
    }
    if (typeof vModel === 'string' && vModel) {
      if (names.has(vModel)) throw fail(400, 'duplicateField', { path: `${here}.__vModel__`, name: vModel }, { path: `${here}.__vModel__` });
      names.set(vModel, here);
    }
    const regList = cfg.regList;
    if (Array.isArray(regList)) {
      regList.forEach((r, j) => {
        const p = (r as { pattern?: unknown })?.pattern;
        if (typeof p !== 'string') return;
        try {
          new RegExp(normalisePattern(p), 'u');
        } catch {
          throw fail(400, 'modelInvalid', { path: `${here}.__config__.regList[${j}].pattern`, detail: 'invalid pattern' }, { path: `${here}.__config__.regList[${j}].pattern` });
        }
      });
    }
    if (cfg.children !== undefined) {
      // A sub-table's columns are one record of their own; containers share the form's names.
      walkFields(cfg.children, `${here}.__config__.children`, kdKey === 'table' ? new Map() : names, state, depth + 1);
    }
  });
}

/**
 * The per-field checks of {@link validateModel} over one field list whose answers' paths start with `path` (issue 26
 * item 4: the fields an administrator adds to a built-in page get the same check as a model's). Returns the vModels
 * found (name → path). @throws LocalizedError 400 with `data.path`.
 */
export function checkFieldList(list: unknown, path: string): Map<string, string> {
  const shape = Array.isArray(list) ? fieldListShapeProblem(list, path) : null;
  if (shape) shapeError(shape);
  const names = new Map<string, string>();
  walkFields(list, path, names, { count: 0 }, 0);
  return names;
}

const RULE_DETAIL = {
  fieldMissing: (n: string) => `names a missing field ${n.slice(0, 80)}`,
  valueMissing: () => 'a condition has no value',
  selfReference: (n: string) => `names the field itself (${n.slice(0, 80)})`,
  requiredHidden: () => 'a required field inside a container with a show-when rule',
} as const;

const SHARED_DETAIL = {
  badFormula: () => 'invalid formula (numbers and fields joined by + - × ÷ and brackets only)',
  formulaMissing: (n: string[]) => `the formula names missing fields ${n.join(', ').slice(0, 200)}`,
  noColumns: () => 'a sub-table needs at least one column',
  noTreeField: () => 'a tree list needs its tree field',
  noGroupField: () => 'a grouped list needs its group field',
} as const;

/**
 * How {@link validateModel} checks a built-in page config (issue 26), whose records come from its REST resource, not
 * from a table: field names are not columns (SQL key words such as `group` are fine), rules may name `values`, and a
 * page that draws its own tree (`ownTree`: resource.tree) needs no treeRelation.
 */
export interface ResourceCheck {
  /** Values the page's records carry besides the form's fields (the tree node's nodeFields, add actions' defaults). */
  values: ReadonlySet<string>;
  ownTree: boolean;
}

/**
 * Validates a model record (see the module comment) and returns it typed. Compiles it too, so the record can be
 * saved as it is. `platform`: the platform's tables (`dbFacts(db).platformTables`), which no model may bind.
 * Called by import, create and save (the designer's). @throws LocalizedError 400 with `data.path`.
 */
export function validateModel(input: unknown, platform: ReadonlySet<string>, resource?: ResourceCheck): Model {
  const tables = (input as { tables?: unknown } | null)?.tables;
  if (Array.isArray(tables)) for (const [i, t] of tables.entries()) refuseReserved((t as { table?: unknown } | null)?.table, `tables[${i}].table`, platform);
  const shape = modelShapeProblem(input);
  if (shape) shapeError(shape);
  const model = input as Model;
  const names = new Map<string, string>();
  walkFields(model.formData.fields, 'formData.fields', names, { count: 0, columns: !resource }, 0);
  // Field rules (issue 13 item 1): the designer's own check (src/engine/ruleCheck.ts).
  const rule = ruleProblems(model.formData.fields, resource?.values)[0];
  if (rule) {
    const path = `formData.fields${rule.path}.__config__.${rule.rule}`;
    throw fail(400, 'modelInvalid', { path, detail: RULE_DETAIL[rule.kind](rule.name ?? '') }, { path });
  }
  // Formulas, sub-tables without columns, tree/grouped lists without their field (src/engine/modelCheck.ts, as the designer).
  const shared = modelProblems(model.formData.fields, model.columnData).filter((p) => !(resource?.ownTree && p.kind === 'noTreeField'))[0];
  if (shared) {
    const path = shared.path.startsWith('columnData') ? shared.path : `formData.fields${shared.path}`;
    throw fail(400, 'modelInvalid', { path, detail: SHARED_DETAIL[shared.kind](shared.names ?? []) }, { path });
  }
  let layout: ModelLayout;
  try {
    layout = compileModel(model).layout;
  } catch (err) {
    if (err instanceof UnknownKdKeyError) {
      const path = `formData.${err.path.replace(/\.children/g, '.__config__.children')}.__config__.kdKey`;
      throw fail(400, 'unknownKdKey', { path, kdKey: err.kdKey }, { path });
    }
    if (err instanceof LayoutError) throw fail(400, 'modelInvalid', { path: 'formData', detail: err.message }, { path: 'formData' });
    throw err;
  }
  for (const st of layout.subTables) refuseReserved(st.table, `${names.get(st.vModel) ?? 'formData'}.__config__.tableName`, platform);
  return model;
}
