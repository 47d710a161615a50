import { sql } from 'kysely';
import type { Db } from '../db/types';
import { type Decision, grantedIds, type SessionInfo, type Subject, subjectsOf } from '../plugins/permissions';
import { type RowFilter, resolveSchemes } from './row-filter';
import './tables';

/**
 * The model side of the policy engine (design.md §7a, issue 12 item 4): for a model route, which of the model's
 * menus the caller may use for the action, and from their granted items the row filter and the readable and writable
 * fields. The model's switches decide which checks apply, as in JNPF (reference/permissions.md §2):
 * - `useBtnPermission` (on unless explicitly false): the action's button enCode must be granted on the menu;
 * - `useColumnPermission` (off unless true): readFields = the granted list columns (ModuleColumn enCodes);
 * - `useFormPermission` (off unless true): writeFields = the granted form fields (ModuleForm enCodes), which are
 *   readable too;
 * - `useDataPermission` (off unless true): rowFilter = the union of the granted schemes of those menus; an "all data"
 *   scheme (all_data 1) lifts the filter; no scheme granted → every row denied.
 * Grants of the user, its enabled roles and its positions are united (subjectsOf).
 */

/** A model's permission switches (columnData use*Permission). */
export interface ModelSwitches {
  btn: boolean;
  column: boolean;
  form: boolean;
  data: boolean;
}

/** The switches of model `modelId` (null when there is no such model). */
export async function modelSwitches(db: Db, modelId: string): Promise<ModelSwitches | null> {
  const row = await db
    .selectFrom('visualdev')
    .select([
      sql<unknown>`column_data->'useBtnPermission'`.as('btn'),
      sql<unknown>`column_data->'useColumnPermission'`.as('col'),
      sql<unknown>`column_data->'useFormPermission'`.as('form'),
      sql<unknown>`column_data->'useDataPermission'`.as('data'),
    ])
    .where('id', '=', modelId)
    .where('f_deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return { btn: row.btn !== false, column: row.col === true, form: row.form === true, data: row.data === true };
}

/** What the engine found, beyond the Decision: the subjects and granted sets (the explainer reads them). */
export interface ModelGrantFacts {
  subjects: Subject[];
  menus: string[];
  switches: ModelSwitches;
  columns: string[];
  forms: string[];
  schemes: Array<{ id: string; full_name: string; all_data: number; match_logic: string; condition_json: string; module_id: string }>;
}

const DENY: Decision = { allowed: false, moduleId: null, rowFilter: null, readFields: null, writeFields: null };

/**
 * The decision for a non-administrator on a model route: `menus` are the model's menus (server binding), `action`
 * 'view' or a button enCode. Returns the decision and the facts behind it.
 */
export async function decideModel(db: Db, session: SessionInfo, modelId: string, menus: string[], action: string): Promise<{ decision: Decision; facts: ModelGrantFacts | null }> {
  const switches = await modelSwitches(db, modelId);
  if (!switches || !menus.length) return { decision: DENY, facts: null };
  const subjects = await subjectsOf(db, session);
  const granted = await grantedIds(db, subjects, 'module');
  const enabled = await db.selectFrom('module').select('id').where('id', 'in', menus).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
  let candidates = enabled.map((m) => m.id).filter((id) => granted.has(id));
  if (candidates.length && action !== 'view' && switches.btn) {
    const buttons = await db.selectFrom('module_button').select(['id', 'module_id']).where('module_id', 'in', candidates).where('en_code', '=', action).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
    const gb = await grantedIds(db, subjects, 'button');
    const withButton = new Set(buttons.filter((b) => gb.has(b.id)).map((b) => b.module_id));
    candidates = candidates.filter((c) => withButton.has(c));
  }
  const facts: ModelGrantFacts = { subjects, menus: candidates, switches, columns: [], forms: [], schemes: [] };
  if (!candidates.length) return { decision: DENY, facts };
  if (switches.column) {
    const g = await grantedIds(db, subjects, 'column');
    const rows = await db.selectFrom('module_column').select(['id', 'en_code']).where('module_id', 'in', candidates).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
    facts.columns = [...new Set(rows.filter((r) => g.has(r.id)).map((r) => r.en_code))];
  }
  if (switches.form) {
    const g = await grantedIds(db, subjects, 'form');
    const rows = await db.selectFrom('module_form').select(['id', 'en_code']).where('module_id', 'in', candidates).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
    facts.forms = [...new Set(rows.filter((r) => g.has(r.id)).map((r) => r.en_code))];
  }
  let rowFilter: RowFilter | null = null;
  if (switches.data) {
    const g = await grantedIds(db, subjects, 'resource');
    const rows = await db
      .selectFrom('module_data_authorize_scheme')
      .select(['id', 'full_name', 'all_data', 'match_logic', 'condition_json', 'module_id'])
      .where('module_id', 'in', candidates)
      .where('enabled_mark', '=', 1)
      .where('f_deleted_at', 'is', null)
      .orderBy('sort_code')
      .orderBy('id')
      .execute();
    facts.schemes = rows.filter((r) => g.has(r.id));
    rowFilter = facts.schemes.some((s) => s.all_data === 1) ? null : await resolveSchemes(db, session, facts.schemes);
  }
  const readFields = switches.column || switches.form ? [...new Set([...(switches.column ? facts.columns : []), ...(switches.form ? facts.forms : [])])] : null;
  const writeFields = switches.form ? facts.forms : null;
  return { decision: { allowed: true, moduleId: candidates[0], rowFilter, readFields, writeFields }, facts };
}
