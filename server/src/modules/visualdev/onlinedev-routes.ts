import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { authorize, modulesOfModel } from '../../plugins/permissions';
import { loadExtension } from '../page-extension/store';
import { builtinPage, mayOpenPage, pageConfigAnswer } from './builtin-pages';
import { type ColumnData, sortableColumns } from './column-data';
import { readable, trimRow } from './field-access';
import { withFlowStateText } from './flow-state';
import { listChanges } from './history';
import { configAnswerConfigs } from './jnpf-config';
import { withListBudget } from './list-budget';
import { displayRows } from './list-display';
import { parseQueryJson } from './list-filter';
import { listPage } from './list-runtime';
import { fail, text } from './messages';
import { type LoadedModel, loadModel } from './model-store';
import { getRecord, recordInScope } from './onlinedev-repository';
import { actorOf, createOne, deleteMany, updateOne } from './record-service';
import { versionOf } from './record-version';
import { versionText } from './record-version-messages';

type IdParams = { id: string };
type RecordParams = { id: string; recordId: string };

/** Page sizes of spec 001 §2/§9 (10 20 50 100 200 500, and 15 30 60 of the progress pages). */
export const PAGE_SIZES = [10, 15, 20, 30, 50, 60, 100, 200, 500] as const;
/** The largest page a list returns. */
export const MAX_PAGE_SIZE = 500;

/** A requested page size bounded to the allowed sizes: the next allowed size up (a size over 500 is refused earlier). */
export function pageSizeOf(requested: number | undefined, fallback: number): number {
  const n = requested ?? fallback;
  return PAGE_SIZES.find((s) => s >= n) ?? MAX_PAGE_SIZE;
}

interface ListBody {
  currentPage?: number;
  /** .NET v3.2's name of currentPage (jnpf-v3.md §3). */
  pageIndex?: number;
  pageSize?: number;
  sort?: 'asc' | 'desc' | '';
  sidx?: string;
  keyword?: string;
  queryJson?: string | Record<string, unknown>;
  treeField?: string;
  treeValue?: unknown;
  summary?: boolean;
  /** true: typed stored values (our own client, which renders them); else display text as JNPF sends it. */
  typed?: boolean;
}

/** JSON Schema of a list body (design.md §6 + JNPF's queryJson/menuId/superQueryJson; menuId is never trusted). */
export const listBodySchema = {
  type: 'object',
  properties: {
    currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageIndex: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
    sort: { type: 'string', enum: ['asc', 'desc', ''] },
    sidx: { type: 'string', maxLength: 63 },
    keyword: { type: 'string', maxLength: 200 },
    queryJson: { anyOf: [{ type: 'string', maxLength: 20_000 }, { type: 'object' }] },
    superQueryJson: {},
    menuId: { type: 'string', maxLength: 100 },
    treeField: { type: 'string', maxLength: 63 },
    treeValue: {},
    summary: { type: 'boolean' },
    typed: { type: 'boolean' },
    n: {},
  },
} as const;

const idParamsSchema = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } } } as const;
const recordIdSchema = { type: 'object', properties: { id: { type: 'string', maxLength: 100 }, recordId: { type: 'string', maxLength: 100 } } } as const;
/** Largest record body (bytes): a document with 20,000 sub-table lines (~1.2 MB) saves (issue 25 item 1). */
const RECORD_BODY_LIMIT = 8 * 1024 * 1024;

/** Loads the route's model: 404 when missing, 500 (handled, no internals) when its configuration does not compile. */
export async function modelOf(req: FastifyRequest<{ Params: IdParams }>): Promise<LoadedModel> {
  let model: LoadedModel | null;
  try {
    model = await loadModel(req.server.db, req.params.id);
  } catch (err) {
    req.log.error({ err, modelId: req.params.id }, 'model does not compile');
    throw new ApiError(500, t(req.lang, 'modelBroken', { detail: req.params.id }));
  }
  if (!model) throw ApiError.notFound();
  return model;
}

const intIn = (v: unknown, min: number, max: number): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : undefined;
};

/**
 * The checked list request of a body (sort column declared, page size bounded, sort direction asc|desc). Also used
 * for export bodies, which carry no route schema, so every value is coerced here. @throws 400.
 */
export function listRequestOf(model: LoadedModel, body: ListBody) {
  const cd = model.record.columnData as ColumnData;
  const sortable = sortableColumns(model.layout, cd);
  const sidx = (typeof body.sidx === 'string' && body.sidx) || (cd.defaultSidx && sortable.has(cd.defaultSidx) ? cd.defaultSidx : '');
  if (sidx && !sortable.has(sidx)) throw ApiError.of(400, 'sortNotAllowed', { field: sidx.slice(0, 63) });
  const sort = body.sort || cd.sort || 'desc';
  return {
    currentPage: intIn(body.currentPage ?? body.pageIndex, 1, 1_000_000) ?? 1,
    pageSize: pageSizeOf(intIn(body.pageSize, 1, MAX_PAGE_SIZE), cd.pageSize || 20),
    sort: sort === 'asc' ? ('asc' as const) : ('desc' as const),
    sidx,
    keyword: typeof body.keyword === 'string' ? body.keyword.trim().slice(0, 200) : '',
    query: parseQueryJson(body.queryJson),
    tree: typeof body.treeField === 'string' && body.treeField ? { field: body.treeField, value: body.treeValue } : undefined,
    summary: body.summary === true,
  };
}

/** Model runtime routes (spec 001 §7 "Visual dev": OnlineDev Config, List, create, detail, update, delete, batchDelete, DataChange). */
const onlineDevRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/visualdev/OnlineDev/{id}/Config → `{ id, fullName, enCode, webType, formData, columnData (JSON strings), flowId, enableFlow }`;
   * the configs in JNPF's names beside ours (jnpf-config.ts configAnswerConfigs; issue 22 item 1).
   * `id` may also be a built-in page's code (issue 26 item 2, builtin-pages.ts): the page's config with its `resource`
   * binding, guarded by its system menu; a model is guarded by the menus bound to it (the `{ model: 'id' }` rule).
   * No grant → 403 (before any 404, so ids are not probed).
   */
  app.get<{ Params: IdParams }>('/api/visualdev/OnlineDev/:id/Config', { config: { access: 'signedIn' }, schema: { params: idParamsSchema } }, async (req) => {
    const session = req.auth!;
    const page = builtinPage(req.params.id);
    if (page) {
      if (!(await mayOpenPage(app.db, session, page))) throw ApiError.forbidden();
      return ok(pageConfigAnswer(page, await loadExtension(app.db, page.code)));
    }
    if (!(await authorize(app.db, session, await modulesOfModel(app.db, req.params.id), 'view')).allowed) throw ApiError.forbidden();
    const { record } = await modelOf(req);
    return ok({
      id: record.id,
      fullName: record.fullName,
      enCode: record.enCode,
      webType: record.webType,
      ...(await configAnswerConfigs(app.db, record.id, record.formData, record.columnData)),
      flowId: record.flowId ?? '',
      enableFlow: record.enableFlow ?? 0,
    });
  });

  /**
   * POST /api/visualdev/OnlineDev/{id}/List: `{ currentPage, pageSize (≤500, rounded up to 10/15/20/30/50/60/100/200/500),
   * sort, sidx, keyword, queryJson ({vModel: value} or its JSON string), treeField/treeValue (type 2), summary }` →
   * `{ list, pagination: { currentPage, pageSize, total }, summary?, groupField?, groups? }`. sidx must be a declared
   * sortable column and query keys declared search fields (else 400). Spec 001 §2–§4; list-runtime.ts. Runs within the
   * list budget (list-budget.ts: searches through a bounded gate; over 3 s, code 500 listTimeout in the caller's language).
   * Rows carry display text as JNPF's server sends them (issue 22 item 4, list-display.ts: option labels, names, dates in
   * the field's format, switch texts, areas, related records' display field) unless the body says `typed: true` (the
   * list flag of our own client, which renders stored values through its renderers). A flow-enabled model's rows carry
   * flowState, flowStateText and flowAudit (+ flowOperatorId: the caller's open to-do on the row's task), from the
   * same statement (flow-state.ts).
   */
  app.post<{ Params: IdParams; Body: ListBody | undefined }>(
    '/api/visualdev/OnlineDev/:id/List',
    { config: { access: { model: 'id' } }, schema: { body: listBodySchema } },
    async (req) => {
      const model = await modelOf(req);
      const request = { ...listRequestOf(model, req.body ?? {}), rowFilter: req.decision?.rowFilter, viewer: req.auth?.userId };
      // Issue 28 item 3: within the list budget (statement timeout; searches through the bounded gate; list-budget.ts).
      const search = !!request.keyword?.trim() || Object.keys(request.query ?? {}).length > 0;
      const page = await withListBudget(app.db, (db, admit) => listPage(db, model, request, admit), search);
      const rows = withFlowStateText(model, page.list, req.lang).map((r) => trimRow(r, req.decision, model));
      return ok({ ...page, list: req.body?.typed === true ? rows : await displayRows(app.db, model, rows, req.auth ?? null) });
    },
  );

  /**
   * POST /api/visualdev/OnlineDev/{id}: creates a record (btn_add) → `{ id }`, msg 新建成功. System fields, calculate
   * fields and bill numbers come from the server; editor HTML is sanitised; invalid → 400 `{ errors }`, nothing written.
   */
  app.post<{ Params: IdParams }>('/api/visualdev/OnlineDev/:id', { config: { access: { model: 'id', button: 'btn_add' } }, bodyLimit: RECORD_BODY_LIMIT }, async (req) => {
    const model = await modelOf(req);
    const id = await createOne(app.db, model, req.body, actorOf(req), req.lang, req.decision);
    return ok({ id }, t(req.lang, 'createOk'));
  });

  /**
   * GET /api/visualdev/OnlineDev/{id}/{recordId} → `{ id, data, ...fields }`: `data` is the JSON string of the record's
   * raw stored values `{ id, ...fields, <sub-table>: rows[], version }` (spec 001 §7 "data.data is JSON"; JNPF's client
   * parses it: Mnxhp src/views/basic/dynamicModel/list/Form.vue:217-220 `JSON.parse(this.dataForm.data)`, and sends the
   * object back with PUT). The same values also travel flat beside it for older callers (our own client reads `data`);
   * a field whose `__vModel__` is `data` is only in the string. Fields outside the caller's readFields are left out;
   * 404 when missing or outside the row scope.
   */
  app.get<{ Params: RecordParams }>(
    '/api/visualdev/OnlineDev/:id/:recordId',
    { config: { access: { model: 'id' } }, schema: { params: recordIdSchema } },
    async (req) => {
      const model = await modelOf(req);
      const row = await getRecord(app.db, model, req.params.recordId, false, req.decision?.rowFilter ?? null);
      if (!row) throw ApiError.notFound();
      const values = trimRow(row, req.decision, model);
      return ok({ ...values, id: row.id, data: JSON.stringify(values) });
    },
  );

  /**
   * POST /api/visualdev/OnlineDev/App/{id}/{recordId}: updates a record (btn_edit; also list type 4's inline edit)
   * → `{ version, merged: { fields, users } | null }`, msg 修改成功 (or the merge note). Fields missing from the body
   * keep their stored values, and so do bill numbers and system fields; a sub-table in the body replaces its rows.
   * `version` (or JNPF's `f_version`) in the body: the version read; an older one is merged when disjoint, else
   * refused with code 409 `{ conflict }` (issue 27 item 1, record-version.ts); 400 (nothing written); 404 when missing.
   */
  const update = async (req: FastifyRequest<{ Params: RecordParams }>) => {
    const model = await modelOf(req);
    // A record in audit or audited: 403, checked inside the update's transaction (record-service.ts).
    const res = await updateOne(app.db, model, req.params.recordId, req.body, actorOf(req), req.lang, req.decision, true);
    if (!res) throw ApiError.notFound();
    const msg = res.merged ? versionText('mergedOk', { users: res.merged.users, fields: res.merged.fields.join('、') }, req.lang) : t(req.lang, 'updateOk');
    return ok(res, msg);
  };
  const updateOpts = { config: { access: { model: 'id', button: 'btn_edit' } }, schema: { params: recordIdSchema }, bodyLimit: RECORD_BODY_LIMIT };
  app.post<{ Params: RecordParams }>('/api/visualdev/OnlineDev/App/:id/:recordId', updateOpts, update);
  /**
   * PUT /api/visualdev/OnlineDev/{id}/{recordId}: the same update as the POST route above (issue 22 item 4), as JNPF's
   * client sends it (Mnxhp src/api/onlineDev/visualDev.js updateModel: body `{ id, data: "<JSON string>" }`, the
   * version inside data); same answers, checks and history.
   */
  app.put<{ Params: RecordParams }>('/api/visualdev/OnlineDev/:id/:recordId', updateOpts, update);

  /**
   * DELETE /api/visualdev/OnlineDev/{id}/{recordId}?version=N (btn_remove), msg 删除成功; 404 when missing; a record
   * changed after version N → 409 (issue 27 item 1); no version with concurrencyLock on → 400.
   */
  app.delete<{ Params: RecordParams; Querystring: { version?: string } }>(
    '/api/visualdev/OnlineDev/:id/:recordId',
    { config: { access: { model: 'id', button: 'btn_remove' } }, schema: { params: recordIdSchema } },
    async (req) => {
      const model = await modelOf(req);
      const version = versionOf(req.query);
      const versions = new Map(version === undefined ? [] : [[req.params.recordId, version]]);
      if (!(await deleteMany(app.db, model, [req.params.recordId], actorOf(req), versions, req.decision, req.lang))) throw ApiError.notFound();
      return ok(null, t(req.lang, 'deleteOk'));
    },
  );

  /**
   * POST /api/visualdev/OnlineDev/batchDelete/{id} `{ ids: string[] (1..1000), versions?: { [id]: version } }`
   * (btn_remove: the batchRemove toolbar button) → `{ count }`, msg 删除成功，共N条; unknown ids are skipped; no ids
   * → 400; a record changed after its given version → 409 and nothing deleted (issue 27 item 1).
   */
  app.post<{ Params: IdParams; Body: { ids?: unknown; versions?: unknown } }>(
    '/api/visualdev/OnlineDev/batchDelete/:id',
    { config: { access: { model: 'id', button: 'btn_remove' } } },
    async (req) => {
      const model = await modelOf(req);
      const raw = req.body?.ids;
      const ids = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : []).filter((x): x is string => typeof x === 'string' && x.length > 0 && x.length <= 100);
      if (!ids.length || ids.length > 1000) throw fail(400, 'idsRequired');
      const given = req.body?.versions && typeof req.body.versions === 'object' ? (req.body.versions as Record<string, unknown>) : {};
      const versions = new Map<string, number>();
      for (const id of ids) {
        const v = versionOf({ version: given[id] });
        if (v !== undefined) versions.set(id, v);
      }
      const count = await deleteMany(app.db, model, [...new Set(ids)], actorOf(req), versions, req.decision, req.lang);
      return ok({ count }, text('batchDeleteOk', { count }, req.lang));
    },
  );

  /**
   * GET /api/visualdev/OnlineDev/{id}/{recordId}/DataChange?currentPage&pageSize (≤200, default 50) →
   * `{ list: [{ id, action: create|update|delete, userId, userName, time (ms), changes: [{ field, label, before,
   * after }] }], pagination }`, newest first. Works for deleted records too (issue 4 item 4).
   */
  app.get<{ Params: RecordParams; Querystring: { currentPage?: number; pageSize?: number } }>(
    '/api/visualdev/OnlineDev/:id/:recordId/DataChange',
    {
      config: { access: { model: 'id' } },
      schema: { params: recordIdSchema, querystring: { type: 'object', properties: { currentPage: { type: 'integer', minimum: 1, maximum: 100_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 200 }, n: {} } } },
    },
    async (req) => {
      const model = await modelOf(req);
      const currentPage = req.query.currentPage ?? 1;
      const pageSize = req.query.pageSize ?? 50;
      // A record outside the caller's row scope answers like a record without history (design.md §7a: no oracle).
      if (!(await recordInScope(app.db, model, req.params.recordId, req.decision?.rowFilter ?? null))) return ok({ list: [], pagination: { currentPage, pageSize, total: 0 } });
      const { list, total } = await listChanges(app.db, model.record.id, req.params.recordId, currentPage, pageSize);
      const read = req.decision?.readFields;
      const shown = read ? list.map((e) => ({ ...e, changes: e.changes.filter((c) => readable([c.field], req.decision).length) })) : list;
      return ok({ list: shown, pagination: { currentPage, pageSize, total } });
    },
  );
};

export default onlineDevRoutes;
