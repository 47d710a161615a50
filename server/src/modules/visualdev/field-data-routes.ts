import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../plugins/envelope';
import { columnOf } from './column-data';
import { inScope, readable } from './field-access';
import { likePattern } from './list-filter';
import { fail } from './messages';
import { DELETED_AT_COLUMN } from './model-layout';
import { modelOf, pageSizeOf } from './onlinedev-routes';
import { raw } from './onlinedev-repository';

type IdParams = { id: string };
interface Query {
  relationField?: string;
  columnOptions?: string;
  keyword?: string;
  currentPage?: number;
  pageSize?: number;
}

/**
 * Records of a model for relation widgets (spec 001 §7 Base FieldDataSelect; relationForm's pick dialog):
 * GET /api/visualdev/Base/{id}/FieldDataSelect?relationField&columnOptions=a,b&keyword&currentPage&pageSize(≤500) →
 * `{ list: [{ id, [relationField], ...columnOptions }], pagination }`, newest first. The keyword matches the relation
 * field (ILIKE, bound). Fields must be the model's own columns (else 400). The caller needs access to that model
 * (design.md §7a: pickers go through authorize).
 */
const fieldDataRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: IdParams; Querystring: Query }>(
    '/api/visualdev/Base/:id/FieldDataSelect',
    {
      config: { access: { model: 'id' } },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            relationField: { type: 'string', maxLength: 63 },
            columnOptions: { type: 'string', maxLength: 2000 },
            keyword: { type: 'string', maxLength: 200 },
            currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 },
            pageSize: { type: 'integer', minimum: 1, maximum: 500 },
            n: {},
          },
        },
      },
    },
    async (req) => {
      const model = await modelOf(req);
      const q = req.query;
      const relation = q.relationField || model.columns.find((c) => c.type === 'text' && readable([c.name], req.decision).length)?.name || '';
      const extra = (q.columnOptions ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      // Unknown columns are refused; columns outside the caller's readFields likewise (design.md §7a: trimmed reads).
      for (const f of [relation, ...extra]) if (f && (!columnOf(model.layout, f) || !readable([f], req.decision).length)) throw fail(400, 'searchNotAllowed', { field: f }, { field: f });
      const cols = [...new Set(['id', ...(relation ? [relation] : []), ...extra])];
      const currentPage = q.currentPage ?? 1;
      const pageSize = pageSizeOf(q.pageSize, 20);
      let base = raw(app.db).selectFrom(model.table).where(DELETED_AT_COLUMN, 'is', null).where(inScope(model, req.decision?.rowFilter));
      const keyword = (q.keyword ?? '').trim();
      if (keyword && relation) base = base.where(sql<boolean>`cast(${sql.ref(relation)} as text) ilike ${likePattern(keyword)}`);
      const rows = await base
        .select(cols)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute();
      const total = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
      return ok({ list: rows, pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } });
    },
  );
};

export default fieldDataRoutes;
