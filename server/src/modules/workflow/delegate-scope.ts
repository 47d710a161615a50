import { type ColumnType, type ExpressionBuilder, sql } from 'kysely';

/**
 * What a delegation (流程委托) covers, as JNPF v3.4.7's client sets it (Mnxhp de4cb9f0 src/views/workFlow/entrust/
 * Form.vue; migration 0685):
 * - its kind, `type`: "0" 发起委托 (the delegate may launch the flows for the delegator: 委托发起, delegate-launch.ts),
 *   "1" 审批委托 (the delegator's new to-dos go to the delegate: org-resolver.ts delegateOf); none (our own client's
 *   delegations, and every one made before) = both;
 * - its flows, `flowId`: one or several flow ids joined by "," (Form.vue:222 `flowId.join(",")`, :205 splits them
 *   back), stored as they are in `flow_id`; empty = every flow (全部流程).
 */

declare module './tables' {
  /** Migration 0685's column. */
  interface FlowDelegateTable {
    delegate_type: ColumnType<number | null, number | null | undefined, number | null>;
  }
}

/** The stored kind: 0 发起委托, 1 审批委托, null both. */
export type DelegateType = 0 | 1 | null;

/** The kind a delegation is looked up for: launching for someone (0) or approving their to-dos (1). */
export type DelegateUse = 0 | 1;

/** The stored kind of a body's `type` ("0"/"1" as the client's select sends it, or a number; empty/absent → null). */
export function delegateTypeOf(v: unknown): DelegateType {
  if (v === 0 || v === '0') return 0;
  if (v === 1 || v === '1') return 1;
  return null;
}

/** The wire's `type` of a stored kind: "0", "1" (the client's select options' values), or null. */
export const delegateTypeWire = (t: number | null | undefined): string | null => (t === 0 || t === 1 ? String(t) : null);

/** The distinct flow ids of a `flowId` value ("a,b", spaces ignored); [] = every flow. */
export function flowIdsOf(v: string | null | undefined): string[] {
  return [...new Set((v ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}

/** The stored `flow_id` of a list of flow ids: joined by ",", null for every flow. */
export const storedFlowIds = (ids: string[]): string | null => (ids.length ? ids.join(',') : null);

// biome-ignore lint/suspicious/noExplicitAny: used on flow_delegate under any alias (`d` or the table's own name).
type Eb = ExpressionBuilder<any, any>;

/** SQL: the delegation (columns `${alias}.flow_id`) covers flow `flowId` (names none, or names it among its ids). */
export function coversFlow(eb: Eb, alias: string, flowId: string) {
  return eb.or([eb(`${alias}.flow_id`, 'is', null), eb(sql<number>`position(${`,${flowId},`} in ',' || ${sql.ref(`${alias}.flow_id`)} || ',')`, '>', 0)]);
}

/** SQL: the delegation covers at least one of `flowIds` ([] = every flow: then any delegation). */
export function coversAnyFlow(eb: Eb, alias: string, flowIds: string[]) {
  return flowIds.length ? eb.or(flowIds.map((f) => coversFlow(eb, alias, f))) : eb.val(true);
}

/** SQL: the delegation serves `use` (its kind is that one, or none = both). */
export function servesUse(eb: Eb, alias: string, use: DelegateUse) {
  return eb.or([eb(`${alias}.delegate_type`, 'is', null), eb(`${alias}.delegate_type`, '=', use)]);
}

/** SQL: the delegation's kind meets `type` (either is none = both, or they are the same). */
export function sameUse(eb: Eb, alias: string, type: DelegateType) {
  return type === null ? eb.val(true) : servesUse(eb, alias, type);
}
