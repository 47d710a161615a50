/**
 * Data schemes (ModuleDataAuthorizeScheme, reference/permissions.md §2 and §6 rule 5): the shape of `conditionJson`,
 * its parser, and the check run when a scheme is saved (unknown field, operator or variable → refused). The policy
 * engine resolves a parsed scheme into a RowScheme (row-filter.ts) and compiles that to bound SQL (row-sql.ts).
 */

/** Operators a condition may use (JNPF conditionSymbol names). */
export const OPERATORS = ['Equal', 'NotEqual', 'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual', 'Included', 'NotIncluded'] as const;
export type Operator = (typeof OPERATORS)[number];

/**
 * Variables a condition value may name, resolved on the server from the session (permissions/variables.ts):
 * the user; the user and everyone below it through users.manager_id; the user's organisation; that organisation and
 * its sub-organisations; the organisations the user administers (and their subtrees); the current supplier identity.
 */
export const VARIABLES = ['@userId', '@userAraSubordinates', '@organizeId', '@organizationAndSuborganization', '@branchManageOrganize', '@branchManageOrganizeAndSub', '@currentSupply'] as const;
export type Variable = (typeof VARIABLES)[number];

/** Fields every model table has that a scheme may use besides the model's own (creator and last editor). */
export const SYSTEM_SCHEME_FIELDS = ['created_by', 'updated_by'] as const;

/** One condition: `field op value`, value a literal (Included/NotIncluded: comma list) or a variable. */
export interface SchemeCondition {
  field: string;
  op: Operator;
  value: string;
}

/** Conditions joined by the group's logic. */
export interface SchemeGroup {
  logic: 'and' | 'or';
  conditions: SchemeCondition[];
}

/** A parsed conditionJson: groups joined by matchLogic. */
export interface ParsedScheme {
  matchLogic: 'and' | 'or';
  groups: SchemeGroup[];
}

/** Why a conditionJson is refused: the path of the bad part and a reason key (menu messages). */
export class SchemeError extends Error {
  constructor(
    readonly reason: 'schemeShape' | 'schemeField' | 'schemeOperator' | 'schemeVariable' | 'schemeValue',
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

const logicOf = (v: unknown): 'and' | 'or' => (String(v ?? 'and').toLowerCase() === 'or' ? 'or' : 'and');

/** True when `v` names a variable (starts with @). */
export const isVariable = (v: string): boolean => v.startsWith('@');

function conditionOf(raw: unknown, path: string): SchemeCondition {
  if (!raw || typeof raw !== 'object') throw new SchemeError('schemeShape', path);
  const r = raw as Record<string, unknown>;
  const field = typeof r.field === 'string' ? r.field : '';
  const op = (typeof r.op === 'string' ? r.op : typeof r.symbol === 'string' ? r.symbol : '') as Operator;
  const value = Array.isArray(r.value) ? r.value.map(String).join(',') : r.value === null || r.value === undefined ? '' : String(r.value);
  if (!field) throw new SchemeError('schemeField', `${path}.field`);
  return { field, op, value };
}

/**
 * Parses a conditionJson: JNPF's `[{logic, groups: [{field, op, value, …}]}]` (groups joined by `matchLogic`, default
 * and) or `{matchLogic, conditionList: [...]}`; the string form is parsed first. @throws SchemeError (shape).
 */
export function parseConditionJson(input: unknown, matchLogic?: string): ParsedScheme {
  let v = input;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v || '[]');
    } catch {
      throw new SchemeError('schemeShape', 'conditionJson');
    }
  }
  let list: unknown = v;
  let logic = logicOf(matchLogic);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    list = o.conditionList ?? o.conditions ?? [];
    if (o.matchLogic) logic = logicOf(o.matchLogic);
  }
  if (!Array.isArray(list) || list.length > 50) throw new SchemeError('schemeShape', 'conditionJson');
  const groups = list.map((g, i): SchemeGroup => {
    const gr = g as Record<string, unknown>;
    const items = gr?.groups;
    if (!Array.isArray(items) || items.length > 50) throw new SchemeError('schemeShape', `conditionJson[${i}].groups`);
    return { logic: logicOf(gr.logic), conditions: items.map((c, j) => conditionOf(c, `conditionJson[${i}].groups[${j}]`)) };
  });
  return { matchLogic: logic, groups };
}

/**
 * Checks a parsed scheme against the fields it may use (the bound model's columns and SYSTEM_SCHEME_FIELDS, or the
 * menu's data-rule fields): every field known, every operator one of OPERATORS, every `@…` value one of VARIABLES,
 * order operators only with a literal value; at least one condition. @throws SchemeError.
 */
export function assertSchemeValid(scheme: ParsedScheme, fields: ReadonlySet<string>): void {
  let n = 0;
  for (const [i, g] of scheme.groups.entries()) {
    for (const [j, c] of g.conditions.entries()) {
      const path = `conditionJson[${i}].groups[${j}]`;
      n++;
      if (!fields.has(c.field)) throw new SchemeError('schemeField', `${path}: ${c.field.slice(0, 63)}`);
      if (!(OPERATORS as readonly string[]).includes(c.op)) throw new SchemeError('schemeOperator', `${path}: ${String(c.op).slice(0, 40)}`);
      if (isVariable(c.value) && !(VARIABLES as readonly string[]).includes(c.value)) throw new SchemeError('schemeVariable', `${path}: ${c.value.slice(0, 63)}`);
      if (isVariable(c.value) && /Than/.test(c.op)) throw new SchemeError('schemeOperator', `${path}: ${c.op}`);
      if (!c.value.trim() || c.value.length > 2000) throw new SchemeError('schemeValue', path);
    }
  }
  if (!n) throw new SchemeError('schemeShape', 'conditionJson');
}

const OP_TEXT: Record<Operator, string> = {
  Equal: '=',
  NotEqual: '≠',
  GreaterThan: '>',
  GreaterThanOrEqual: '≥',
  LessThan: '<',
  LessThanOrEqual: '≤',
  Included: '包含',
  NotIncluded: '不包含',
};

/** A readable summary of a scheme (conditionText): `(a = @userId and b ≠ x) or (…)`, labels by field when given. */
export function schemeText(scheme: ParsedScheme, label: (field: string) => string = (f) => f): string {
  const groups = scheme.groups
    .filter((g) => g.conditions.length)
    .map((g) => `(${g.conditions.map((c) => `${label(c.field)} ${OP_TEXT[c.op] ?? c.op} ${c.value}`).join(` ${g.logic} `)})`);
  return groups.length > 1 ? `(${groups.join(` ${scheme.matchLogic} `)})` : (groups[0] ?? '');
}
