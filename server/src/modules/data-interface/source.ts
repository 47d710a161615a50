import type { FastifyRequest } from 'fastify';
import type { DataSourceConfig } from '../../../../schemas/data-source';
import { ApiError } from '../../plugins/envelope';
import { authorize, modulesOfModel } from '../../plugins/permissions';
import { assertMayRun, mayDesign } from './grants';
import { fail } from './messages';
import { getInterface } from './repository';
import { runHttp, runInterface, runSql } from './run';
import type { Page } from './types';

/**
 * Runs a field data source (spec 001 §3 "Field data-source config", §7 "Field data-source dialogs"; issue 4 item 7):
 * type 1 SQL (read-only, sql-runner.ts), 2 internal interface (a data-interface id), 3 external interface (a URL),
 * 4 feature list (another model's records through its own list route, so that model's access rules apply).
 */

/** Body of `POST /api/system/DataInterface/Source/List`. */
export interface SourceListBody {
  /** The config to run (designer: the dialog's current config). */
  config?: DataSourceConfig;
  /** Or the stored config of field `vModel` of model `modelId` (runtime: any user who may open that model). */
  modelId?: string;
  vModel?: string;
  currentPage?: number;
  /** Rows per page (config dialog 20, selection dialog 50; spec 001 §3 "List query"). */
  pageSize?: number;
  sort?: 'asc' | 'desc';
  sidx?: string;
  keyword?: string;
  /** Named parameters for SQL and interfaces (scalars only). */
  params?: Record<string, string | number | boolean | null>;
}

type Field = { __vModel__?: string; __config__?: { children?: unknown[] }; dataSource?: unknown; [k: string]: unknown };

/** The field with `__vModel__` `vModel` anywhere in a field tree (containers, tabs, sub-tables). */
export function findField(fields: unknown, vModel: string): Field | null {
  if (!Array.isArray(fields)) return null;
  for (const f of fields as Field[]) {
    if (!f || typeof f !== 'object') continue;
    if (f.__vModel__ === vModel) return f;
    const hit = findField(f.__config__?.children, vModel);
    if (hit) return hit;
  }
  return null;
}

/**
 * The config to run and whether it came from a stored model. A stored field needs the caller to hold the model's
 * menu (403 otherwise; 404 for an unknown model or field); a config sent as such needs design rights for types 1
 * and 3 (raw SQL and URLs); type 2 needs the right to run that interface (grants.ts; issue 20 item 3) unless it is
 * the stored source of a field of a model the caller may open; type 4 goes through that model's own list rules.
 */
async function resolveConfig(req: FastifyRequest, body: SourceListBody): Promise<{ cfg: DataSourceConfig; stored: boolean }> {
  if (body.modelId && body.vModel) {
    const session = req.auth;
    if (!session) throw ApiError.forbidden();
    const decision = await authorize(req.server.db, session, await modulesOfModel(req.server.db, body.modelId));
    if (!decision.allowed) throw ApiError.forbidden();
    const row = await req.server.db.selectFrom('visualdev').select('form_data').where('id', '=', body.modelId).where('f_deleted_at', 'is', null).executeTakeFirst();
    if (!row) throw ApiError.notFound();
    const form = (typeof row.form_data === 'string' ? JSON.parse(row.form_data) : row.form_data) as { fields?: unknown };
    const cfg = findField(form?.fields, body.vModel)?.dataSource as DataSourceConfig | undefined;
    if (!cfg || typeof cfg !== 'object') throw ApiError.notFound();
    return { cfg, stored: true };
  }
  const cfg = body.config;
  if (!cfg) throw fail(400, 'required', { field: { zh: '数据源', en: 'Data source' } }, { field: 'config' });
  if ((cfg.type === 1 || cfg.type === 3) && !(await mayDesign(req))) throw ApiError.forbidden();
  return { cfg, stored: false };
}

/** Runs a field data source and answers one page `{ list, pagination }`. Throws 400/403/404 as described above. */
export async function runSource(req: FastifyRequest, body: SourceListBody): Promise<Page<Record<string, unknown>>> {
  const { cfg, stored } = await resolveConfig(req, body);
  const fields = Array.isArray(cfg.fields) ? cfg.fields : [];
  const q = {
    currentPage: body.currentPage ?? 1,
    pageSize: body.pageSize ?? 20,
    keyword: body.keyword ?? '',
    sidx: body.sidx || undefined,
    sort: body.sort === 'asc' ? ('asc' as const) : ('desc' as const),
    searchColumns: fields.filter((f) => f.canSearch).map((f) => f.field),
    sortColumns: fields.filter((f) => f.sortable).map((f) => f.field),
  };
  if (q.sidx && !q.sortColumns.includes(q.sidx)) throw fail(400, 'sourceField', { field: q.sidx, what: { zh: '排序', en: 'sorting' } });
  const params = body.params ?? {};
  const content = String(cfg.content ?? '').trim();
  if (!content) throw fail(400, 'required', { field: { zh: '数据源内容', en: 'Source content' } }, { field: 'content' });
  switch (cfg.type) {
    case 1:
      return (await runSql(req.server.db, content, params, q, req.auth)) as Page<Record<string, unknown>>;
    case 2: {
      const di = await getInterface(req.server.db, content);
      if (!stored) await assertMayRun(req, di);
      return (await runInterface(req.server.db, di, params, q, req.auth)) as Page<Record<string, unknown>>;
    }
    case 3:
      return (await runHttp(content, 'GET', params, q, req.server.db)) as Page<Record<string, unknown>>;
    case 4:
      return featureList(req, content, q);
    default:
      throw fail(400, 'sourceType');
  }
}

/** Type 4: `POST /api/visualdev/OnlineDev/{id}/List` on the caller's behalf (its access rules and search apply). */
async function featureList(req: FastifyRequest, modelId: string, q: { currentPage: number; pageSize: number; keyword: string; sidx?: string; sort: 'asc' | 'desc' }): Promise<Page<Record<string, unknown>>> {
  const res = await req.server.inject({
    method: 'POST',
    url: `/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/List`,
    headers: {
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      'accept-language': req.headers['accept-language'] ?? 'zh-CN',
      'content-type': 'application/json',
    },
    payload: { currentPage: q.currentPage, pageSize: q.pageSize, keyword: q.keyword || undefined, ...(q.sidx ? { sidx: q.sidx, sort: q.sort } : {}) },
  });
  let env: { code?: number; msg?: string; data?: Page<Record<string, unknown>> };
  try {
    env = res.json();
  } catch {
    throw new ApiError(500, 'feature list failed');
  }
  if (env.code !== 200 || !env.data) throw new ApiError(env.code ?? 500, env.msg ?? '', null);
  return env.data;
}
