import type { Decision } from '../../plugins/permissions';
import { ApiError } from '../../plugins/envelope';

/**
 * Field-level permissions of the policy decision (design.md §7a): replies and exports are trimmed to `readFields`,
 * and a write that touches a field outside `writeFields` is refused (403 暂无权限). `null` = no restriction.
 */

/** A record with only `id` and the readable fields (sub-tables count as fields by their `__vModel__`). */
export function trimRow<T extends Record<string, unknown>>(row: T, decision: Decision | null): T {
  const read = decision?.readFields;
  if (!read) return row;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (k === 'id' || read.includes(k)) out[k] = v;
  return out as T;
}

/** The readable subset of field names, in their order. */
export function readable(names: string[], decision: Decision | null): string[] {
  const read = decision?.readFields;
  return read ? names.filter((n) => read.includes(n)) : names;
}

/** Refuses (403) a write whose record touches a field outside `writeFields`. */
export function assertWritable(record: Record<string, unknown>, decision: Decision | null): void {
  const write = decision?.writeFields;
  if (!write) return;
  if (Object.keys(record).some((k) => !write.includes(k))) throw ApiError.forbidden();
}
