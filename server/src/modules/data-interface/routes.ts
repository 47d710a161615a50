import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DataSourceConfigSchema } from '../../../../schemas/data-source';
import { IdParamsSchema as ID_PARAMS, NullableText as TEXT } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { registerRecordActions, userOf } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import { assertMayRun, readGrants, saveGrants } from './grants';
import {
  createInterface,
  deleteInterface,
  getInterface,
  type InterfaceListQuery,
  interfaceSelector,
  listInterfaces,
  SORTABLE,
  toggleInterfaceState,
  updateInterface,
} from './repository';
import { RESERVED, type RunQuery, runInterface } from './run';
import { runSource, type SourceListBody } from './source';
import type { DataInterfaceInput, InterfaceGrants } from './types';

const BASE = '/api/system/DataInterface';
/** The data-interface admin menu's enCode (urlAddress systemData/dataInterface); buttons btn_add/btn_edit/btn_remove. */
export const MENU = 'dataInterface';

/** Create/update body (the record fields of schemas/data-source.ts DataInterfaceSchema). */
const BODY = {
  type: 'object',
  properties: {
    fullName: TEXT(100),
    enCode: TEXT(50),
    category: TEXT(50),
    dataType: { type: 'integer', enum: [1, 2, 3] },
    query: TEXT(20000),
    path: TEXT(2000),
    requestMethod: { type: ['string', 'null'], enum: ['GET', 'POST', null] },
    requestParameters: {
      type: ['array', 'null'],
      maxItems: 50,
      items: { type: 'object', properties: { field: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' } }, required: ['field'] },
    },
    description: TEXT(500),
    sortCode: { type: 'integer', minimum: -999999, maximum: 999999 },
    enabledMark: { type: 'integer', enum: [0, 1] },
    /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
    version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  },
  required: ['dataType'],
} as const;

const LIST_QUERY = {
  type: 'object',
  properties: {
    keyword: { type: 'string', maxLength: 100 },
    category: { type: 'string', maxLength: 50 },
    currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500 },
    sidx: { type: 'string', enum: ['', ...Object.keys(SORTABLE)] },
    sort: { type: 'string', enum: ['asc', 'desc', ''] },
  },
} as const;

/** Paging and search of a run; other properties are the interface's parameters (scalars, bounded). */
/** A parameter value: a short string, a number, a boolean or null. */
const SCALAR = { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] } as const;

const RUN_INPUT = {
  type: 'object',
  properties: {
    currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500 },
    keyword: { type: 'string', maxLength: 200 },
    sidx: { type: 'string', maxLength: 63 },
    sort: { type: 'string', enum: ['asc', 'desc', ''] },
  },
  additionalProperties: SCALAR,
  maxProperties: 60,
} as const;

const SOURCE_BODY = {
  type: 'object',
  properties: {
    config: DataSourceConfigSchema,
    modelId: { type: 'string', maxLength: 100 },
    vModel: { type: 'string', maxLength: 63 },
    currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500 },
    sort: { type: 'string', enum: ['asc', 'desc', ''] },
    sidx: { type: 'string', maxLength: 63 },
    keyword: { type: 'string', maxLength: 200 },
    params: { type: 'object', additionalProperties: SCALAR, maxProperties: 60 },
  },
} as const;

type RunInput = RunQuery & Record<string, unknown>;

/** Body of `POST DataInterface/{id}/Authorize` (issue 20 item 3): run scope and the roles, users, positions granted. */
const GRANTS_BODY = {
  type: 'object',
  properties: {
    runScope: { type: 'string', enum: ['granted', 'signedIn'] },
    roleIds: { type: 'array', maxItems: 500, items: { type: 'string', minLength: 1, maxLength: 100 } },
    userIds: { type: 'array', maxItems: 2000, items: { type: 'string', minLength: 1, maxLength: 100 } },
    positionIds: { type: 'array', maxItems: 500, items: { type: 'string', minLength: 1, maxLength: 100 } },
  },
  required: ['runScope'],
  additionalProperties: false,
} as const;

/** Splits a run's input into the paging query and the parameters. */
function runArgs(input: RunInput | undefined, paged: boolean): { params: Record<string, unknown>; q: RunQuery } {
  const i = input ?? {};
  const params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(i)) if (!RESERVED.has(k)) params[k] = v;
  const q: RunQuery = { keyword: i.keyword, sidx: i.sidx || undefined, sort: i.sort === 'asc' ? 'asc' : 'desc', currentPage: i.currentPage };
  if (paged || i.pageSize !== undefined) q.pageSize = i.pageSize ?? 20;
  return { params, q };
}

/** Data-interface routes (design.md §6 `/api/system/DataInterface`, issue 4 item 7). */
export default async function dataInterfaceRoutes(app: FastifyInstance): Promise<void> {
  /**
   * GET DataInterface?keyword&category&currentPage&pageSize&sidx&sort → `{ list, pagination }` (admin menu); sidx one
   * of fullName, enCode, category, dataType, sortCode, enabledMark, creatorTime, lastModifyTime (else 400).
   */
  app.get<{ Querystring: InterfaceListQuery }>(
    BASE,
    { config: { access: { menu: MENU } }, schema: { querystring: LIST_QUERY } },
    async (req) => ok(await listInterfaces(app.db, req.query)),
  );

  /** GET DataInterface/Selector → data: `[{ id, fullName, enCode, category, dataType }]` of enabled interfaces (pickers; spec 001 §7). */
  app.get(`${BASE}/Selector`, { config: { access: 'signedIn' } }, async () => ok(await interfaceSelector(app.db)));

  /**
   * POST DataInterface/Source/List: runs a field data source (spec 001 §3, §7): body `{ config | modelId+vModel,
   * currentPage, pageSize, sort, sidx, keyword, params }` → `{ list, pagination }`. See source.ts for who may run what.
   */
  app.post<{ Body: SourceListBody }>(
    `${BASE}/Source/List`,
    { config: { access: 'signedIn' }, schema: { body: SOURCE_BODY } },
    async (req) => ok(await runSource(req, req.body ?? {})),
  );

  /** POST DataInterface: body DataInterfaceSchema → `{ id }`, msg 新建成功. 400 names the field (SQL refused, bad JSON, bad URL, code taken). */
  app.post<{ Body: DataInterfaceInput }>(
    BASE,
    { config: { access: { menu: MENU, button: 'btn_add' } }, schema: { body: BODY } },
    async (req) => ok({ id: await createInterface(app.db, req.body, userOf(req)) }, t(req.lang, 'createOk')),
  );

  /** GET DataInterface/{id} → the interface (id or enCode, with `version`). 404 unknown or binned. */
  app.get<{ Params: { id: string } }>(`${BASE}/:id`, { config: { access: { menu: MENU } }, schema: { params: ID_PARAMS } }, async (req) =>
    ok(await getInterface(app.db, req.params.id)),
  );

  /**
   * POST DataInterface/{id}: update, same body plus `version` (issue 27) → `{ version }`. 404 unknown or binned; 400 as
   * create; 409 an older version (who changed it, when), nothing written.
   */
  app.post<{ Params: { id: string }; Body: DataInterfaceInput }>(
    `${BASE}/:id`,
    { config: { access: { menu: MENU, button: 'btn_edit' } }, schema: { params: ID_PARAMS, body: BODY } },
    async (req) => ok({ version: await updateInterface(app.db, req.params.id, req.body, { version: versionOf(req.body), actor: userOf(req) }) }, t(req.lang, 'updateOk')),
  );

  /**
   * DELETE DataInterface/{id}?version (msg 删除成功; to the recycle bin, issue 27; 409 an older version) and POST
   * DataInterface/{id}/Actions/State → `{ enabledMark }` (spec 001 §4). 404 unknown or binned.
   */
  registerRecordActions(app, {
    base: BASE,
    menu: MENU,
    remove: (id, req) => deleteInterface(app.db, id, { version: versionOf(req.query), actor: userOf(req) }),
    toggle: (id, req) => toggleInterfaceState(app.db, id, userOf(req)),
  });

  /**
   * GET DataInterface/{id}/Authorize → `{ runScope: 'granted' | 'signedIn', roleIds, userIds, positionIds }`: who may
   * run the interface (issue 20 item 3). POST the same shape replaces them (msg 修改成功; 400 naming `roleIds` /
   * `userIds` / `positionIds` for an unknown id). Both need the interface menu's btn_edit; 404 unknown interface.
   */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id/Authorize`,
    { config: { access: { menu: MENU, button: 'btn_edit' } }, schema: { params: ID_PARAMS } },
    async (req) => ok(await readGrants(app.db, await getInterface(app.db, req.params.id))),
  );
  app.post<{ Params: { id: string }; Body: InterfaceGrants }>(
    `${BASE}/:id/Authorize`,
    { config: { access: { menu: MENU, button: 'btn_edit' } }, schema: { params: ID_PARAMS, body: GRANTS_BODY } },
    async (req) => {
      const di = await getInterface(app.db, req.params.id);
      await saveGrants(app.db, di.id, req.body);
      return ok(null, t(req.lang, 'updateOk'));
    },
  );

  /**
   * GET|POST DataInterface/{id}/Actions/Response: runs the interface (jnpf-v3.md §2 "Option loading"). Parameters
   * come from the query (GET) or the body `{ currentPage, pageSize, keyword, modelId, vModel, ...params }` (POST);
   * with pageSize → `{ list, pagination }`, else the raw data (SQL rows, the static JSON, the external answer).
   * Who may run it: grants.ts (issue 20 item 3) — a widget names its form with `modelId` (and `vModel`), so users
   * who may open the form load its options; 403 暂无权限 otherwise; 400 disabled / refused / failed / over the byte
   * cap; 404 unknown.
   */
  const respond = async (req: FastifyRequest<{ Params: { id: string } }>, input: RunInput | undefined, paged: boolean) => {
    const di = await getInterface(app.db, req.params.id);
    await assertMayRun(req, di, { modelId: input?.modelId, vModel: input?.vModel });
    const { params, q } = runArgs(input, paged);
    return ok(await runInterface(app.db, di, params, q, req.auth));
  };
  app.get<{ Params: { id: string }; Querystring: RunInput }>(
    `${BASE}/:id/Actions/Response`,
    { config: { access: 'signedIn' }, schema: { params: ID_PARAMS, querystring: RUN_INPUT } },
    (req) => respond(req, req.query, false),
  );
  app.post<{ Params: { id: string }; Body: RunInput }>(
    `${BASE}/:id/Actions/Response`,
    { config: { access: 'signedIn' }, schema: { params: ID_PARAMS, body: RUN_INPUT } },
    (req) => respond(req, req.body, false),
  );
  /** POST DataInterface/{id}/Actions/List: the same, always paged (autoComplete widget) → `{ list, pagination }`. */
  app.post<{ Params: { id: string }; Body: RunInput }>(
    `${BASE}/:id/Actions/List`,
    { config: { access: 'signedIn' }, schema: { params: ID_PARAMS, body: RUN_INPUT } },
    (req) => respond(req, req.body, true),
  );
}
