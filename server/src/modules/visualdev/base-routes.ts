import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { assertModelUnchanged, copyModel, deleteModel, listModels, modelStamp, modelTree, serially, staleFail } from './base-repository';
import { fromJnpf, isJnpfExport } from './jnpf';
import { toJnpfColumns, toJnpfForm } from './jnpf-config';
import { fail, text } from './messages';
import { bindableTables, bindColumns } from './model-bind';
import { binnedText } from './model-bin';
import { freeTableName } from './model-ddl';
import { MAX_MODEL_BYTES, modelOfJnpfWire, uniqueEnCode } from './model-io';
import { type LoadedModel, loadModel, type Model, saveModel } from './model-store';
import { platformTables } from './model-table';
import { validateModel } from './model-validate';

type IdParams = { id: string };
/** The model admin page's menu (seeded 在线开发, onlineDev/webDesign): every Base route is checked against it. */
export const ADMIN_MENU = 'webDesign';

const idParams = { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
const purgeQuery = { type: 'object', properties: { purge: { type: 'string', enum: ['0', '1', 'true', 'false'] }, n: {} } } as const;
const isPurge = (q: { purge?: string } | undefined) => q?.purge === '1' || q?.purge === 'true';

/** Loads the model of `:id` for the admin routes: 404 when missing, 500 (handled) when stored broken. */
export async function adminModelOf(req: FastifyRequest<{ Params: IdParams }>): Promise<LoadedModel> {
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

/** A model body as the designer or a JNPF client sends it (configs as objects or JSON strings, jnpfKey or kdKey). */
function modelOfBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw ApiError.of(400, 'badRequest');
  return isJnpfExport(body) ? fromJnpf(body as Record<string, unknown>) : { ...(body as Record<string, unknown>) };
}

/** True for a call of JNPF's web client: its axios instance sets `jnpf-origin` on every request (Mnxhp src/utils/request.js:26). */
const fromJnpfClient = (req: FastifyRequest) => req.headers['jnpf-origin'] !== undefined;

/**
 * The item of the model-category dictionary (JNPF's `webDesign` type) whose id or code is `category`, or undefined.
 * JNPF's designer picks 功能分类 by item id (Mnxhp src/views/onlineDev/webDesign/Form.vue:44-48), we store the code.
 */
async function categoryItem(req: FastifyRequest, category: unknown): Promise<{ id: string; code: string } | undefined> {
  if (typeof category !== 'string' || !category) return undefined;
  const row = await req.server.db
    .selectFrom('dictionary_data as d')
    .innerJoin('dictionary_type as t', 't.id', 'd.dictionary_type_id')
    .select(['d.id', 'd.en_code'])
    .where('t.en_code', '=', 'webDesign')
    .where((eb) => eb.or([eb('d.id', '=', category), eb('d.en_code', '=', category)]))
    .executeTakeFirst();
  return row ? { id: row.id, code: row.en_code } : undefined;
}

/**
 * The wire form of a model (Base get): the record with `tables`, `formData`, `columnData` as JSON strings (JNPF v3),
 * and who saved it last: `lastModifyTime` (ms, changes on every save; POST Base/{id} takes it back), `lastModifyUserId`.
 * To JNPF's client the configs are in JNPF's names beside ours (jnpf-config.ts toJnpfForm, toJnpfColumns, as the
 * model export), which its designer reads (Mnxhp src/mixins/generator/form.js:68-82: `formData`, `columnData`,
 * `appColumnData`, `tables`, `interfaceParam` parsed from JSON strings; `webType`), and `category` is the category's
 * dictionary item id (its 功能分类 select's value); our designer gets our names only.
 */
async function wireModel(req: FastifyRequest, record: Model) {
  const stamp = await modelStamp(req.server.db, record.id);
  const jnpf = fromJnpfClient(req);
  const form = record.formData as unknown as Record<string, unknown>;
  return {
    ...record,
    ...(jnpf && record.category ? { category: (await categoryItem(req, record.category))?.id ?? record.category } : {}),
    tables: JSON.stringify(record.tables),
    formData: JSON.stringify(jnpf ? toJnpfForm(form) : record.formData),
    columnData: JSON.stringify(jnpf ? toJnpfColumns(record.columnData as unknown as Record<string, unknown>, form) : record.columnData),
    ...(jnpf ? { appColumnData: null, interfaceParam: null, dbLinkId: '0' } : {}),
    lastModifyTime: stamp?.time ?? null,
    lastModifyUserId: stamp?.userId ?? null,
  };
}

/** Takes the optional version check `lastModifyTime` (ms) out of a save body. @throws LocalizedError 400 when not an integer. */
function takeStamp(body: Record<string, unknown>): number | undefined {
  const v = body.lastModifyTime;
  delete body.lastModifyTime;
  delete body.lastModifyUserId;
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw staleFail(400, 'badStamp', {}, { field: 'lastModifyTime' });
  return v;
}

/**
 * Model admin routes (spec 001 §7 "Visual dev" Base), all under the 在线开发 menu (view, btn_add, btn_edit,
 * btn_remove). Bodies may carry the configs as objects or JSON strings, with kdKey or jnpfKey.
 */
const baseRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/visualdev/Base?keyword&category&type&currentPage&pageSize(≤100) → `{ list: ModelListItem[], pagination }`. */
  app.get<{ Querystring: { keyword?: string; category?: string; type?: number; currentPage?: number; pageSize?: number } }>(
    '/api/visualdev/Base',
    {
      config: { access: { menu: ADMIN_MENU } },
      schema: {
        querystring: {
          type: 'object',
          properties: { keyword: { type: 'string', maxLength: 100 }, category: { type: 'string', maxLength: 100 }, type: { type: 'integer' }, currentPage: { type: 'integer', minimum: 1, maximum: 100_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 100 }, n: {} },
        },
      },
    },
    async (req) => {
      const q = req.query;
      const currentPage = q.currentPage ?? 1;
      const pageSize = q.pageSize ?? 20;
      const { list, total } = await listModels(app.db, { keyword: q.keyword?.trim(), category: q.category || undefined, type: q.type, currentPage, pageSize });
      return ok({ list, pagination: { currentPage, pageSize, total } });
    },
  );

  /** GET /api/visualdev/Base/Selector?type → `{ list }`: enabled models grouped by category (tree of two levels). */
  app.get<{ Querystring: { type?: number } }>(
    '/api/visualdev/Base/Selector',
    { config: { access: { menu: ADMIN_MENU } }, schema: { querystring: { type: 'object', properties: { type: { type: 'integer' }, n: {} } } } },
    async (req) => ok({ list: await modelTree(app.db, req.query.type) }),
  );

  /**
   * GET /api/visualdev/Base/Tables?modelId → `{ list: BindableTable[] }` (issue 13 item 3, the designer's table step):
   * the base tables of the server's schema a model may bind, never a platform or `pg_…` table (model-bind.ts).
   */
  app.get<{ Querystring: { modelId?: string } }>(
    '/api/visualdev/Base/Tables',
    { config: { access: { menu: ADMIN_MENU } }, schema: { querystring: { type: 'object', properties: { modelId: { type: 'string', maxLength: 100 }, n: {} } } } },
    async (req) => ok({ list: await bindableTables(app.db, req.query.modelId || null) }),
  );

  /**
   * GET /api/visualdev/Base/Tables/{table}/Fields?foreignKey → `{ list: BindColumn[] }`: a listed table's columns and
   * the fields they generate (JNPF's 从数据库表); 404 for a platform, `pg_…` or missing table.
   */
  app.get<{ Params: { table: string }; Querystring: { foreignKey?: string } }>(
    '/api/visualdev/Base/Tables/:table/Fields',
    {
      config: { access: { menu: ADMIN_MENU } },
      schema: {
        params: { type: 'object', properties: { table: { type: 'string', pattern: '^[a-z_][a-z0-9_]{0,62}$' } } },
        querystring: { type: 'object', properties: { foreignKey: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' }, n: {} } },
      },
    },
    async (req) => {
      const list = await bindColumns(app.db, req.params.table, req.query.foreignKey);
      if (!list) throw ApiError.notFound();
      return ok({ list });
    },
  );

  /** GET /api/visualdev/Base/{id} → the model record with tables/formData/columnData as JSON strings; 404. */
  app.get<{ Params: IdParams }>('/api/visualdev/Base/:id', { config: { access: { menu: ADMIN_MENU } }, schema: { params: idParams } }, async (req) => {
    return ok(await wireModel(req, (await adminModelOf(req)).record));
  });

  /**
   * POST /api/visualdev/Base (btn_add): creates a model → `{ id }`, msg 新建成功. Without tables it gets `kd_<enCode>`
   * (made unique); its tables must be new or orphans, or existing ones it binds (`bind: true`, issue 13 item 3:
   * model-bind.ts checks their columns); another model's → 400 naming it. Invalid → 400 with the path.
   */
  app.post('/api/visualdev/Base', { config: { access: { menu: ADMIN_MENU, button: 'btn_add' } }, bodyLimit: MAX_MODEL_BYTES }, async (req) => {
    const body = modelOfBody(req.body);
    body.id = randomUUID();
    if (!Array.isArray(body.tables) || !body.tables.length) {
      const code = String(body.enCode ?? '').toLowerCase().replace(/[^a-z0-9_]/g, '_') || 'model';
      body.tables = [{ typeId: '1', table: await freeTableName(app.db, `kd_${code}`.slice(0, 60), false), tableKey: 'id', tableField: '', relationTable: '', relationField: '' }];
    }
    const model = validateModel(body, platformTables(app.db));
    if ((await uniqueEnCode(app.db, model.enCode)) !== model.enCode) throw fail(400, 'enCodeExists', { enCode: model.enCode }, { field: 'enCode' });
    const { record } = await saveModel(app.db, model, req.auth?.userId ?? null);
    return ok({ id: record.id }, t(req.lang, 'createOk'));
  });

  /** Saves `body` (our names) over model `:id` as POST and PUT Base/{id} describe. */
  const update = (req: FastifyRequest<{ Params: IdParams; Querystring: { purge?: string } }>, body: Record<string, unknown>) => {
    const expected = takeStamp(body);
    return serially(`visualdev:${req.params.id}`, async () => {
      const current = await adminModelOf(req);
      if (expected !== undefined) await assertModelUnchanged(app.db, current.record.id, expected);
      const model = validateModel({ ...current.record, ...body, id: current.record.id }, platformTables(app.db));
      if ((await uniqueEnCode(app.db, model.enCode, model.id)) !== model.enCode) throw fail(400, 'enCodeExists', { enCode: model.enCode }, { field: 'enCode' });
      const { dropped } = await saveModel(app.db, model, req.auth?.userId ?? null, { purge: isPurge(req.query) });
      return ok({ dropped, lastModifyTime: (await modelStamp(app.db, model.id))?.time ?? null }, t(req.lang, 'updateOk'));
    });
  };
  const updateOptions = { config: { access: { menu: ADMIN_MENU, button: 'btn_edit' } }, schema: { params: idParams, querystring: purgeQuery }, bodyLimit: MAX_MODEL_BYTES };

  /**
   * POST /api/visualdev/Base/{id}?purge=1 (btn_edit): updates a model (keys missing from the body keep their stored
   * values) and migrates its tables additively; a type change that would lose data → 400 naming the field and types.
   * With purge=1 the columns of removed fields are dropped → `{ dropped: ['table.column'], lastModifyTime }`.
   * Version check: a body with `lastModifyTime` (ms, as GET Base/{id} answered it) is saved only while the stored one
   * is the same — else 409 naming who saved meanwhile and when (`data.lastModifyTime`…), nothing changed. The check
   * and the save of one model run one after the other in this process (base-repository.ts serially).
   */
  app.post<{ Params: IdParams; Querystring: { purge?: string } }>('/api/visualdev/Base/:id', updateOptions, async (req) => update(req, modelOfBody(req.body)));

  /**
   * PUT /api/visualdev/Base/{id} (btn_edit; JNPF v3.4's designer: Mnxhp src/api/onlineDev/visualDev.js:27-33, body the
   * `dataForm` of mixins/generator/form.js:96-103 — GET Base/{id}'s answer with `tables`, `formData`, `columnData`,
   * `appColumnData`, `interfaceParam` as JSON strings in JNPF's names): converted as a model import converts a file
   * (model-io.ts modelOfJnpfWire: JNPF's members off, our names; the category's item id back to the stored code), then
   * saved as POST Base/{id} saves (same checks, version check by `lastModifyTime`, 修改成功 → `{ dropped,
   * lastModifyTime }`). A body that is no object → 400.
   */
  app.put<{ Params: IdParams; Querystring: { purge?: string } }>('/api/visualdev/Base/:id', updateOptions, async (req) => {
    if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) throw ApiError.of(400, 'badRequest');
    const raw = req.body as Record<string, unknown>;
    const { id: _id, ...body } = modelOfJnpfWire(raw);
    if (raw.lastModifyTime !== undefined) body.lastModifyTime = raw.lastModifyTime;
    // The category as GET answered it (the item id of the stored code) stays the stored code.
    const item = await categoryItem(req, body.category);
    if (item && item.id === body.category && (await adminModelOf(req)).record.category === item.code) body.category = item.code;
    return update(req, body);
  });

  /**
   * DELETE /api/visualdev/Base/{id}?purge=1 (btn_remove): moves the model to the bin (issue 27 item 2; model-bin.ts),
   * its record and tables untouched (msg 删除成功，模型已移入回收站…). With purge=1 its tables are dropped when the
   * 回收站清理 job purges it after the retention (…将在回收站清理时删除), else released then, kept with their data.
   * → `{ tables, purged }` (purged: the drop asked for); 404 when missing or already in the bin.
   */
  app.delete<{ Params: IdParams; Querystring: { purge?: string } }>(
    '/api/visualdev/Base/:id',
    { config: { access: { menu: ADMIN_MENU, button: 'btn_remove' } }, schema: { params: idParams, querystring: purgeQuery } },
    async (req) => {
      const purge = isPurge(req.query);
      const tables = await deleteModel(app.db, req.params.id, purge, req.auth?.userId ?? null);
      if (!tables) throw ApiError.notFound();
      return ok({ tables, purged: purge }, binnedText(purge, tables, req.lang));
    },
  );

  /** POST /api/visualdev/Base/{id}/Actions/Copy (btn_add) → `{ id, enCode, tables }` of the copy (new empty tables), msg 复制成功. */
  app.post<{ Params: IdParams }>(
    '/api/visualdev/Base/:id/Actions/Copy',
    { config: { access: { menu: ADMIN_MENU, button: 'btn_add' } }, schema: { params: idParams } },
    async (req) => {
      const copy = await copyModel(app.db, await adminModelOf(req), req.auth?.userId ?? null);
      return ok({ id: copy.id, enCode: copy.enCode, tables: copy.tables.map((x) => x.table) }, text('copyOk', {}, req.lang));
    },
  );

  /**
   * GET /api/visualdev/Base/{id}/FormDataFields?subTables=1 → `{ list: [{ vModel, vmodel, label, kdKey }] }`: the
   * model's stored leaf fields (top level), for relation widgets' configuration; with `subTables=1` (the flow
   * designer's form permissions and conditions, issue 15 item 3) also each sub-table's columns as `{table}-{column}`,
   * labelled `{table label}-{column label}`, with `table` = the sub-table's `__vModel__`.
   */
  app.get<{ Params: IdParams; Querystring: { subTables?: string } }>('/api/visualdev/Base/:id/FormDataFields', { config: { access: { menu: ADMIN_MENU } }, schema: { params: idParams } }, async (req) => {
    const model = await adminModelOf(req);
    const top = model.columns.map((c) => ({ vModel: c.name, vmodel: c.name, label: c.label, kdKey: c.kdKey }));
    if (req.query.subTables !== '1') return ok({ list: top });
    const subs = model.layout.subTables.flatMap((st) => st.columns.map((c) => ({ vModel: `${st.vModel}-${c.name}`, vmodel: `${st.vModel}-${c.name}`, label: `${st.label}-${c.label}`, kdKey: c.kdKey, table: st.vModel })));
    return ok({ list: [...top, ...subs] });
  });
};

export default baseRoutes;
