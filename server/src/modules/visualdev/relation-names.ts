import type { Db } from '../../db/types';
import { authorizeModel } from '../../permissions/access';
import type { SqlViewer } from '../data-interface/row-scope';
import { inScope } from './field-access';
import { DELETED_AT_COLUMN, type FieldColumn } from './model-layout';
import { loadModel } from './model-store';
import { raw } from './onlinedev-repository';

/**
 * The display text of relationForm values (issue 22 item 4: "a relation form's display field", as JNPF's server
 * converts list rows): for each relationForm column, record id → the related record's `relationField` value. Only
 * records `viewer` may read (its row scope on the related model; null = the system) that are not deleted; the ids of
 * the others stay unnamed (the caller shows the id). One query per related model.
 */
export async function relationNames(db: Db, columns: FieldColumn[], rows: Array<Record<string, unknown>>, viewer: SqlViewer = null): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const col of columns) {
    if (col.kdKey !== 'relationForm' || out.has(col.name)) continue;
    const names = new Map<string, string>();
    out.set(col.name, names);
    const modelId = typeof col.field.modelId === 'string' ? col.field.modelId : '';
    const ids = [...new Set(rows.flatMap((r) => leaves(r[col.name])))].slice(0, 10_000);
    if (!modelId || !ids.length) continue;
    const target = await loadModel(db, modelId).catch(() => null);
    const show = String(col.field.relationField ?? '');
    if (!target?.columns.some((c) => c.name === show)) continue;
    const decision = viewer && !viewer.isAdministrator ? await authorizeModel(db, viewer, modelId, 'view') : null;
    if (decision && (!decision.allowed || (decision.readFields && !decision.readFields.includes(show)))) continue;
    const found = await raw(db)
      .selectFrom(target.table)
      .select(['id', show])
      .where('id', 'in', ids)
      .where(DELETED_AT_COLUMN, 'is', null)
      .where(inScope(target, decision?.rowFilter ?? null))
      .execute();
    for (const r of found) names.set(String(r.id), r[show] === null || r[show] === undefined ? '' : String(r[show]));
  }
  return out;
}

/** The ids a relationForm value holds (one id, or several). */
function leaves(v: unknown): string[] {
  if (v === null || v === undefined || v === '') return [];
  return (Array.isArray(v) ? v : [v]).filter((x) => typeof x === 'string' || typeof x === 'number').map(String);
}
