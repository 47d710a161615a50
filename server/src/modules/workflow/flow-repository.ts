import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { jsonb, toMs } from '../../db/json';
import type { Db } from '../../db/types';
import { type RowWrite, softDelete, versionedUpdate } from '../_shared/row-version';
import type { SessionInfo } from '../../plugins/permissions';
import type { FlowTreeNode } from './engine/types';
import type { FlowIssue } from './engine/compile';
import { validateFlow } from './engine/validate';
import { type FlowFormField, formFieldsOf, kindsOf } from './form-fields';
import { fail, flowInvalid } from './messages';
import type { FlowEngineBody } from './schemas';
import type { FlowEngineTable } from './tables';
import './tables';

/** A flow_engine row. */
export type FlowRow = Selectable<FlowEngineTable>;

/** A flow record on the wire (JNPF v3 FlowEngine info; flowTemplateJson and formData as JSON strings). */
export interface FlowWire {
  id: string;
  enCode: string;
  fullName: string;
  category: string | null;
  icon: string | null;
  iconBackground: string | null;
  type: number;
  formType: number;
  formId: string | null;
  formData: string | null;
  visibleType: number;
  flowTemplateJson: string;
  version: string;
  enabledMark: number;
  sortCode: number;
  description: string | null;
  creatorTime: number | null;
  lastModifyTime: number | null;
  /** The row's version (issue 27; `version` is the released version): sent back with a save or delete, a stale one is refused (409). */
  rowVersion: number;
}

/** The wire shape of a row; `withJson` false leaves the designer JSON out (lists). */
export function toWire(r: FlowRow, withJson = true): FlowWire {
  return {
    id: r.id,
    enCode: r.en_code,
    fullName: r.full_name,
    category: r.category,
    icon: r.icon,
    iconBackground: r.icon_background,
    type: r.type,
    formType: r.form_type,
    formId: r.form_id,
    formData: withJson && r.form_data != null ? JSON.stringify(r.form_data) : null,
    visibleType: r.visible_type,
    flowTemplateJson: withJson ? JSON.stringify(r.flow_template_json) : '',
    version: String(r.version),
    enabledMark: r.enabled_mark,
    sortCode: r.sort_code,
    description: r.description,
    creatorTime: toMs(r.created_at),
    lastModifyTime: toMs(r.updated_at),
    rowVersion: Number(r.f_version),
  };
}

/** A JSON value sent as a JSON string (JNPF) or as itself; '' and null → null. @throws 400 badTemplate. */
export function jsonOf(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    throw fail(400, 'badTemplate');
  }
}

/** The launch rights of a start node (initiator, initiatePos, initiateRole, initiateOrg): visible rows; none = everyone. */
export function visibleTargets(tree: unknown): Array<{ operator_type: 'user' | 'Position' | 'Role' | 'Organize'; operator_id: string }> {
  const p = ((tree as FlowTreeNode | null)?.properties ?? {}) as Record<string, unknown>;
  const pick = (key: string, type: 'user' | 'Position' | 'Role' | 'Organize') =>
    (Array.isArray(p[key]) ? (p[key] as unknown[]) : []).filter((x): x is string => typeof x === 'string' && x.length > 0 && x.length <= 100).map((id) => ({ operator_type: type, operator_id: id }));
  return [...pick('initiator', 'user'), ...pick('initiatePos', 'Position'), ...pick('initiateRole', 'Role'), ...pick('initiateOrg', 'Organize')];
}

/**
 * Checks a flow design against its form (the one check of save and release, engine/validate.ts) and returns the
 * form's fields. @throws 400 flowInvalid naming the first node (data.issues lists all), badTemplate, formNotFound.
 */
export async function checkDesign(db: Db, tree: unknown, formId: string | null, formData: unknown): Promise<FlowFormField[]> {
  const fields = await formFieldsOf(db, formId, formData);
  const { issues } = validateFlow(tree, kindsOf(fields));
  if (issues.length) throw flowInvalid(issues);
  return fields;
}

/** The default design of a new flow: a start node only (start → end). */
const START_ONLY = { type: 'start', nodeId: 'start', content: '所有人', properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [] }, childNode: null };

/**
 * One live flow row by id (`withBinned`: also one in the recycle bin, for the tasks of a binned flow, which go on).
 * @throws 404 flowNotFound.
 */
export async function flowRow(db: Db, id: string, withBinned = false): Promise<FlowRow> {
  let q = db.selectFrom('flow_engine').selectAll().where('id', '=', id);
  if (!withBinned) q = q.where('f_deleted_at', 'is', null);
  const row = await q.executeTakeFirst();
  if (!row) throw fail(404, 'flowNotFound');
  return row;
}

/** Whether new tasks of `row` may start: released, not stopped, not in the recycle bin. */
export const isLaunchable = (row: Pick<FlowRow, 'enabled_mark' | 'version' | 'f_deleted_at'>): boolean => row.enabled_mark === 1 && row.version >= 1 && !row.f_deleted_at;

/** The 404 of a flow write (row-version.ts). */
const notFound = () => fail(404, 'flowNotFound');

/**
 * Creates (no `id`) or updates a flow from a FlowEngine body (spec 001 §7 Flow engine): fullName and enCode required,
 * enCode unique (binned flows keep theirs), the design checked (checkDesign), the launch rights written from the start
 * node. Returns the id. The released snapshot is not touched: running and new tasks keep the last released version
 * until Release. An update carrying `rowVersion` older than the row's is refused (409 naming who and when, nothing
 * written; issue 27); without it the last write wins. `out.rowVersion` receives the row's version after the write.
 */
export async function saveFlow(db: Db, b: FlowEngineBody, userId: string | null, id?: string, out: { rowVersion?: number } = {}): Promise<string> {
  const current = id ? await flowRow(db, id) : null;
  const fullName = (b.fullName ?? current?.full_name ?? '').trim();
  const enCode = (b.enCode ?? current?.en_code ?? '').trim();
  if (!fullName) throw fail(400, 'fullNameRequired');
  if (!enCode) throw fail(400, 'enCodeRequired');
  const tree = b.flowTemplateJson === undefined ? (current?.flow_template_json ?? START_ONLY) : (jsonOf(b.flowTemplateJson) ?? START_ONLY);
  const formData = b.formData === undefined ? (current?.form_data ?? null) : jsonOf(b.formData);
  const formId = (b.formId === undefined ? current?.form_id : b.formId) || null;
  await checkDesign(db, tree, formId, formData);
  const taken = await db.selectFrom('flow_engine').select('id').where('en_code', '=', enCode).executeTakeFirst();
  if (taken && taken.id !== id) throw fail(400, 'enCodeTaken');
  const targets = visibleTargets(tree);
  const values = {
    en_code: enCode,
    full_name: fullName,
    category: b.category === undefined ? (current?.category ?? null) : b.category || null,
    icon: b.icon === undefined ? (current?.icon ?? null) : b.icon,
    icon_background: b.iconBackground === undefined ? (current?.icon_background ?? null) : b.iconBackground,
    type: b.type ?? current?.type ?? 0,
    form_type: b.formType ?? current?.form_type ?? 2,
    form_id: formId,
    form_data: jsonb(formData),
    visible_type: targets.length ? 1 : 0,
    flow_template_json: jsonb(tree),
    sort_code: b.sortCode ?? current?.sort_code ?? 0,
    description: b.description === undefined ? (current?.description ?? null) : b.description,
  };
  const flowId = id ?? randomUUID();
  await db.transaction().execute(async (tx) => {
    if (current) out.rowVersion = await versionedUpdate(tx, 'flow_engine', flowId, values, { version: b.rowVersion, actor: userId, notFound });
    else {
      await tx.insertInto('flow_engine').values({ id: flowId, ...values, enabled_mark: 0, created_by: userId }).execute();
      out.rowVersion = 1;
    }
    await tx.deleteFrom('flow_engine_visible').where('flow_id', '=', flowId).execute();
    if (targets.length) await tx.insertInto('flow_engine_visible').values(targets.map((t) => ({ id: `${flowId}:${t.operator_type}:${t.operator_id}`, flow_id: flowId, ...t }))).onConflict((oc) => oc.doNothing()).execute();
  });
  return flowId;
}

/**
 * Release/{id}: checks the design again (the bound form may have changed since the save) and that every subflow
 * names another released flow, stores a new immutable
 * version (snapshot + the form's field kinds) and marks the flow released (enabledMark 1). Returns the version number;
 * `out.rowVersion` receives the row's version after the write; `rowVersion` is the one the caller read (undefined: no
 * check): an older one → 409 naming who and when, nothing written (issue 27).
 */
export async function releaseFlow(db: Db, id: string, userId: string | null, out: { rowVersion?: number } = {}, rowVersion?: number): Promise<number> {
  const row = await flowRow(db, id);
  const fields = await checkDesign(db, row.flow_template_json, row.form_id, row.form_data);
  const subFlows = Object.values(validateFlow(row.flow_template_json, kindsOf(fields)).flow.nodes).filter((n) => n.kind === 'subFlow');
  const missing: FlowIssue[] = [];
  for (const n of subFlows) {
    const child = await db.selectFrom('flow_engine').select(['enabled_mark', 'version']).where('id', '=', String(n.props.flowId)).where('f_deleted_at', 'is', null).executeTakeFirst();
    if (child?.enabled_mark !== 1 || (child?.version ?? 0) < 1 || n.props.flowId === id) missing.push({ nodeId: n.id, name: n.name, key: 'issueSubFlowNotReleased' });
  }
  if (missing.length) throw flowInvalid(missing);
  return db.transaction().execute(async (tx) => {
    const locked = await tx.selectFrom('flow_engine').select('version').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const version = locked.version + 1;
    await tx
      .insertInto('flow_engine_version')
      .values({ id: `${id}:v${version}`, flow_id: id, version, flow_template_json: jsonb(row.flow_template_json), form_fields: jsonb(kindsOf(fields)), created_by: userId })
      .execute();
    out.rowVersion = await versionedUpdate(tx, 'flow_engine', id, { version, enabled_mark: 1 }, { version: rowVersion, actor: userId, notFound });
    return version;
  });
}

/**
 * Stop/{id}: no new launches (enabledMark 0); running tasks go on with their snapshot. `rowVersion`: the row's version
 * the caller read (undefined: no check); an older one → 409 naming who and when, nothing written (issue 27).
 */
export async function stopFlow(db: Db, id: string, userId: string | null, rowVersion?: number): Promise<void> {
  await flowRow(db, id);
  await versionedUpdate(db, 'flow_engine', id, { enabled_mark: 0 }, { version: rowVersion, actor: userId, notFound });
}

/**
 * DELETE FlowEngine/{id}: refused (400 flowInUse) while a task of it is in approval; otherwise the flow goes to the
 * recycle bin (issue 27): it cannot be launched or listed for launch; its other tasks (drafts, rejected, finished) keep
 * working on their released versions, which stay. 409 an older `w.version`.
 */
export async function deleteFlow(db: Db, id: string, w: Omit<RowWrite, 'notFound'> = { actor: null }): Promise<void> {
  await flowRow(db, id);
  const running = await db.selectFrom('flow_task').select('id').where('flow_id', '=', id).where('status', '=', 1).executeTakeFirst();
  if (running) throw fail(400, 'flowInUse');
  await softDelete(db, 'flow_engine', id, { ...w, notFound });
}

/** Actions/Copy: a stopped copy whose name and code get a time suffix (JNPF). Returns the new id. */
export async function copyFlow(db: Db, id: string, userId: string | null): Promise<string> {
  const r = await flowRow(db, id);
  const suffix = String(Date.now()).slice(-6);
  return saveFlow(
    db,
    { ...toWire(r), enCode: `${r.en_code}${suffix}`.slice(0, 50), fullName: `${r.full_name}副本${suffix}`.slice(0, 100), flowTemplateJson: r.flow_template_json, formData: r.form_data },
    userId,
  );
}

/** Actions/ImportData: a flow from an export file (or its JSON); a code already in use gets a suffix. Returns the id. */
export async function importFlow(db: Db, file: unknown, userId: string | null): Promise<string> {
  const f = (jsonOf(file) ?? {}) as Partial<FlowWire>;
  if (typeof f !== 'object' || Array.isArray(f) || typeof f.enCode !== 'string' || typeof f.fullName !== 'string') throw fail(400, 'badTemplate');
  const taken = await db.selectFrom('flow_engine').select('id').where('en_code', '=', f.enCode).executeTakeFirst();
  const enCode = taken ? `${f.enCode}${String(Date.now()).slice(-6)}`.slice(0, 50) : f.enCode;
  const pick = <T>(v: T) => (v === undefined ? undefined : v);
  return saveFlow(
    db,
    {
      enCode,
      fullName: f.fullName,
      category: typeof f.category === 'string' ? f.category : null,
      type: f.type === 1 ? 1 : 0,
      formType: f.formType === 1 ? 1 : 2,
      formId: typeof f.formId === 'string' ? f.formId : null,
      formData: pick(f.formData),
      flowTemplateJson: f.flowTemplateJson,
      description: typeof f.description === 'string' ? f.description : null,
    },
    userId,
  );
}

/**
 * May `session` launch flow `row`? Everyone when visible_type 0; else administrators and the users named directly or
 * through a role, a position or their department (spec: visibility, reference §2 FLOW_ENGINEVISIBLE).
 */
export async function canLaunch(db: Db, session: Pick<SessionInfo, 'userId' | 'isAdministrator' | 'organizeId' | 'positionId'>, row: Pick<FlowRow, 'id' | 'visible_type'>): Promise<boolean> {
  if (row.visible_type === 0 || session.isAdministrator) return true;
  return (await visibleFlowIds(db, session, [row.id])).has(row.id);
}

/** The ids among `flowIds` whose visible rows name the user, one of its roles or positions, or its department. */
export async function visibleFlowIds(db: Db, session: Pick<SessionInfo, 'userId' | 'organizeId' | 'positionId'>, flowIds: string[]): Promise<Set<string>> {
  if (!flowIds.length) return new Set();
  const rel = await db.selectFrom('user_relation').select(['object_type', 'object_id']).where('user_id', '=', session.userId).execute();
  const mine = [['user', session.userId], ...rel.map((r) => [r.object_type, r.object_id])];
  if (session.positionId) mine.push(['Position', session.positionId]);
  if (session.organizeId) mine.push(['Organize', session.organizeId]);
  const rows = await db
    .selectFrom('flow_engine_visible')
    .select('flow_id')
    .where('flow_id', 'in', flowIds)
    .where((eb) => eb.or(mine.map(([t, o]) => eb.and([eb('operator_type', '=', t as 'user'), eb('operator_id', '=', o)]))))
    .execute();
  return new Set(rows.map((r) => r.flow_id));
}
