import type { Db } from '../db/types';
import type { SessionInfo } from '../plugins/permissions';
import { isVariable, type Operator, type ParsedScheme, parseConditionJson } from './schemes';
import { resolveVariable } from './variables';

/**
 * The row filter of a policy decision (design.md §7a): the union (OR) of the caller's granted data schemes of the
 * menu, each scheme its groups joined by matchLogic, each group its conditions joined by the group's logic, every
 * variable already resolved to values on the server. `schemes: []` denies every row (default deny). A Decision's
 * rowFilter null means no row restriction (administrator, model without useDataPermission, or an "all data" grant).
 * Plain data, so decisions can be cached; compiled to bound SQL by row-sql.ts.
 */
export interface RowFilter {
  schemes: RowScheme[];
}

/** One granted scheme, resolved. */
export interface RowScheme {
  id: string;
  fullName: string;
  matchLogic: 'and' | 'or';
  groups: Array<{ logic: 'and' | 'or'; conditions: RowCondition[] }>;
}

/**
 * One resolved condition: `field op values`. `source` is the literal or variable as written; `deny` marks a condition
 * that cannot hold (unknown or unresolvable variable, broken scheme).
 */
export interface RowCondition {
  field: string;
  op: Operator;
  values: string[];
  source: string;
  deny?: true;
}

/** A stored scheme row as the engine reads it. */
export interface StoredScheme {
  id: string;
  full_name: string;
  match_logic: string;
  condition_json: string;
}

/**
 * Resolves stored schemes for `session` into a RowFilter (variables looked up once each). A scheme whose JSON no
 * longer parses becomes one denying condition (it was checked when saved; a later hand edit must not open rows).
 */
export async function resolveSchemes(db: Db, session: Pick<SessionInfo, 'userId' | 'organizeId'>, stored: StoredScheme[]): Promise<RowFilter> {
  const parsed: Array<{ s: StoredScheme; p: ParsedScheme | null }> = stored.map((s) => {
    try {
      return { s, p: parseConditionJson(s.condition_json, s.match_logic) };
    } catch {
      return { s, p: null };
    }
  });
  const names = new Set<string>();
  for (const { p } of parsed) for (const g of p?.groups ?? []) for (const c of g.conditions) if (isVariable(c.value)) names.add(c.value);
  const values = new Map<string, string[] | null>();
  for (const n of names) values.set(n, await resolveVariable(db, session, n));
  const schemes = parsed.map(({ s, p }): RowScheme => {
    if (!p) return { id: s.id, fullName: s.full_name, matchLogic: 'and', groups: [{ logic: 'and', conditions: [{ field: 'id', op: 'Equal', values: [], source: 'conditionJson', deny: true }] }] };
    return {
      id: s.id,
      fullName: s.full_name,
      matchLogic: p.matchLogic,
      groups: p.groups.map((g) => ({
        logic: g.logic,
        conditions: g.conditions.map((c): RowCondition => {
          if (!isVariable(c.value)) {
            const vals = c.op === 'Included' || c.op === 'NotIncluded' ? c.value.split(',').map((x) => x.trim()).filter(Boolean) : [c.value];
            return { field: c.field, op: c.op, values: vals, source: c.value };
          }
          const v = values.get(c.value);
          return v?.length ? { field: c.field, op: c.op, values: v, source: c.value } : { field: c.field, op: c.op, values: [], source: c.value, deny: true };
        }),
      })),
    };
  });
  return { schemes };
}

/** A readable text of a row filter (explainer): schemes joined by OR, each in brackets; `全部拒绝` when empty. */
export function rowFilterText(rf: RowFilter | null): string {
  if (!rf) return '全部数据';
  if (!rf.schemes.length) return '无数据权限（拒绝全部）';
  return rf.schemes
    .map((s) => {
      const gs = s.groups.map((g) => `(${g.conditions.map((c) => `${c.field} ${c.op} ${c.source}${c.deny ? ' [拒绝]' : ''}`).join(` ${g.logic} `)})`);
      return `${s.fullName}: (${gs.join(` ${s.matchLogic} `)})`;
    })
    .join(' OR ');
}
