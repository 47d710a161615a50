import dayjs from 'dayjs';
import type { JSONSchema7 } from 'json-schema';
import type { FieldConfig } from '../../../../schemas/field';
import { evaluateFormula, type FormulaToken } from '../../../../src/engine/formula';
import type { Db } from '../../db/types';
import type { SessionInfo } from '../../plugins/permissions';
import type { FieldColumn } from './model-layout';
import type { LoadedModel } from './model-store';
import { isStorage, SYSTEM_KDKEYS } from './server-registry';

/**
 * What the server decides about a record before validation (issue 4 item 2, design.md §4):
 * - system fields (createUser, createTime, currOrganize, currDept, currPosition on create; modifyUser, modifyTime on
 *   update) come from the session and the clock, never from the client; on update the stored values stay;
 * - storing calculate fields are recomputed with the engine's formula evaluator (src/engine/formula.ts), the client's
 *   value ignored (sub-table calculate columns per row, with the row's own fields first);
 * - editor HTML is sanitised with DOMPurify over a jsdom window before it is stored.
 */

/** Who is writing: the session's user and organisation. */
export interface Actor {
  userId: string | null;
  userName: string | null;
  organizeId: string | null;
  positionId: string | null;
  /** The signed-in caller (null for system writes): reference checks read as the caller may (record-references.ts). */
  session?: SessionInfo | null;
}

let sanitizer: Promise<(html: unknown) => string> | null = null;

/** The server's HTML sanitiser (DOMPurify bound to a jsdom window, created on first use). */
export function serverSanitizer(): Promise<(html: unknown) => string> {
  sanitizer ??= (async () => {
    const [{ JSDOM }, { createSanitizer }] = await Promise.all([import('jsdom'), import('../../../../renderers/editor/sanitize')]);
    return createSanitizer(new JSDOM('').window);
  })();
  return sanitizer;
}

function timeValue(schema: JSONSchema7 | undefined, now: number): unknown {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  return types.includes('string') && !types.includes('number') && !types.includes('integer') ? dayjs(now).format('YYYY-MM-DD HH:mm:ss') : now;
}

async function organisation(db: Db, organizeId: string | null): Promise<{ company: string | null; dept: string | null }> {
  let id = organizeId;
  let dept: string | null = null;
  for (let depth = 0; id && depth < 20; depth++) {
    const row = await db.selectFrom('organize').select(['id', 'parent_id', 'category']).where('id', '=', id).executeTakeFirst();
    if (!row) break;
    if (row.category === 'company') return { company: row.id, dept };
    dept ??= row.id;
    id = row.parent_id;
  }
  return { company: null, dept };
}

function systemColumns(model: LoadedModel): FieldColumn[] {
  return model.columns.filter((c) => (SYSTEM_KDKEYS as readonly string[]).includes(c.kdKey));
}

/** Drops what the client may not set: system fields and storing calculate fields (top level). */
export function stripServerFields(model: LoadedModel, record: Record<string, unknown>): void {
  for (const c of model.columns) if ((SYSTEM_KDKEYS as readonly string[]).includes(c.kdKey) || c.kdKey === 'calculate') delete record[c.name];
}

/** Fills the system fields of a record being created or updated (see the module comment). Mutates `record`. */
export async function fillSystemFields(db: Db, model: LoadedModel, record: Record<string, unknown>, mode: 'create' | 'update', actor: Actor, now = Date.now()): Promise<void> {
  const cols = systemColumns(model);
  if (!cols.length) return;
  const props = model.compiled.schema.properties ?? {};
  const org = mode === 'create' && cols.some((c) => c.kdKey === 'currOrganize' || c.kdKey === 'currDept') ? await organisation(db, actor.organizeId) : null;
  for (const c of cols) {
    const schema = props[c.name] as JSONSchema7 | undefined;
    if (mode === 'update') {
      if (c.kdKey === 'modifyUser') record[c.name] = actor.userId;
      if (c.kdKey === 'modifyTime') record[c.name] = timeValue(schema, now);
      continue;
    }
    if (c.kdKey === 'createUser') record[c.name] = actor.userId;
    else if (c.kdKey === 'createTime') record[c.name] = timeValue(schema, now);
    else if (c.kdKey === 'currOrganize') record[c.name] = org?.company ?? null;
    else if (c.kdKey === 'currDept') record[c.name] = org?.dept ?? null;
    else if (c.kdKey === 'currPosition') record[c.name] = actor.positionId;
    else record[c.name] = null;
  }
}

function precisionOf(field: FieldConfig): number | undefined {
  const p = field.precision ?? field.__config__.precision;
  return typeof p === 'number' ? p : undefined;
}

function tokensOf(field: FieldConfig): FormulaToken[] | null {
  const e = field.expression ?? field.__config__.expression;
  return Array.isArray(e) && e.length ? (e as FormulaToken[]) : null;
}

/** Recomputes the storing calculate fields (top level, then sub-table columns per row). Mutates `record`. */
export function computeCalculated(model: LoadedModel, record: Record<string, unknown>): void {
  for (const st of model.layout.subTables) {
    const calc = st.columns.filter((c) => c.kdKey === 'calculate' && isStorage(c.field));
    const rows = record[st.vModel];
    if (!calc.length || !Array.isArray(rows)) continue;
    for (const row of rows as Record<string, unknown>[]) {
      for (const c of calc) {
        const tokens = tokensOf(c.field);
        row[c.name] = tokens ? evaluateFormula(tokens, { ...record, ...row }, precisionOf(c.field)) : null;
      }
    }
  }
  for (const c of model.columns) {
    if (c.kdKey !== 'calculate' || !isStorage(c.field)) continue;
    const tokens = tokensOf(c.field);
    record[c.name] = tokens ? evaluateFormula(tokens, record, precisionOf(c.field)) : null;
  }
}

/** Sanitises every editor value of a record (top level and sub-table cells). Mutates `record`. */
export async function sanitizeEditors(model: LoadedModel, record: Record<string, unknown>): Promise<void> {
  const top = model.columns.filter((c) => c.kdKey === 'editor' && typeof record[c.name] === 'string');
  const subs = model.layout.subTables.map((st) => ({ st, cols: st.columns.filter((c) => c.kdKey === 'editor') })).filter((x) => x.cols.length && Array.isArray(record[x.st.vModel]));
  if (!top.length && !subs.length) return;
  const clean = await serverSanitizer();
  for (const c of top) record[c.name] = clean(record[c.name]);
  for (const { st, cols } of subs) {
    for (const row of record[st.vModel] as Record<string, unknown>[]) for (const c of cols) if (typeof row?.[c.name] === 'string') row[c.name] = clean(row[c.name]);
  }
}
