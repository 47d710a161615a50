import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../../plugins/envelope';
import { toJnpfColumns } from '../visualdev/jnpf-config';
import { withListBudget } from '../visualdev/list-budget';
import { displayRows } from '../visualdev/list-display';
import { listPage } from '../visualdev/list-runtime';
import type { LoadedModel } from '../visualdev/model-store';
import { getRecord } from '../visualdev/onlinedev-repository';
import { listBodySchema, listRequestOf } from '../visualdev/onlinedev-routes';
import { publicForm } from './fields';
import { publicListModel, shownRow } from './query';
import { idParams, modelOrNotFound, PASSWORD_HEADER, perLink, SHORT_LINK_RATES, tokenQuery } from './routes';
import { checkLinkPassword, type LinkRow, openLink } from './store';
import { isUnlocked } from './unlock';

/** The public query's column design as JNPF's list page reads it (`Config.columnData`): query.ts publicListModel in JNPF's names. */
export function publicColumnData(model: LoadedModel, row: LinkRow): string {
  const cd = publicListModel(model, row).record.columnData as unknown as Record<string, unknown>;
  return JSON.stringify(toJnpfColumns(cd, publicForm(model.record.formData) as unknown as Record<string, unknown>));
}

const recordParams = { type: 'object', properties: { id: { type: 'string', maxLength: 100 }, recordId: { type: 'string', maxLength: 100 } }, required: ['id', 'recordId'] } as const;

type ListReq = { Params: { id: string }; Querystring: { encryption?: string }; Body: Record<string, unknown> | undefined };
type RecordReq = { Params: { id: string; recordId: string }; Querystring: { encryption?: string } };

/**
 * The public query's routes (issue 18 item 7; JNPF's api/onlineDev/webDesign.js getModelListLink / getDataChange),
 * public and rate-limited per address and model like the other short-link routes, opened only by the query's
 * `encryption` (the form's is refused with 404), with the query's password (md5 hex) in X-Link-Password when it has
 * one, or checkPwd's unlock cookie (unlock.ts).
 */
export function registerQueryRoutes(app: FastifyInstance): void {
  /**
   * POST /api/visualdev/ShortLink/{modelId}/ListLink?encryption= `{ currentPage, pageSize (≤500), sort, sidx,
   * queryJson, keyword, menuId, superQueryJson }` (JNPF's list page body) → `{ list, pagination }` as the model's list answers
   * it, with display text, each row only `id` and the shown fields (query.ts shownRow). Search only by the query's fields, sort only by a
   * shown sortable column (else 400, the list engine's messages); `keyword` (≤ 200 characters) matches any of the query's
   * text fields, searched or shown (the list's keyword search: case-insensitive, anywhere in the text); superQueryJson is ignored. Within
   * the list budget like every list. @throws 400 passwordRequired / passwordWrong, 404 linkClosed, 410 linkExpired.
   */
  app.post<ListReq>(
    '/api/visualdev/ShortLink/:id/ListLink',
    { config: { access: 'public', rateLimit: perLink(SHORT_LINK_RATES.read) }, schema: { params: idParams, querystring: tokenQuery, body: listBodySchema } },
    async (req) => {
      const link = await openLink(app.db, req.params.id, req.query.encryption, 'list');
      await checkLinkPassword(link, req.headers[PASSWORD_HEADER], isUnlocked(link, req.headers.cookie));
      const model = publicListModel(await modelOrNotFound(req, link.row.id), link.row);
      // The keyword searches the link's text fields, searched or shown, through the list's keyword path (list-filter.ts keywordFields).
      const keywordFields = [...new Set([...(link.row.column_condition ?? []), ...(link.row.column_text ?? [])])];
      const request = { ...listRequestOf(model, { ...(req.body ?? {}), treeField: undefined, summary: false }), keywordFields, rowFilter: null };
      const search = !!request.keyword || Object.keys(request.query ?? {}).length > 0;
      const page = await withListBudget(app.db, (db, admit) => listPage(db, model, request, admit), search);
      const rows = await displayRows(app.db, model, page.list, null);
      return ok({ list: rows.map((r) => shownRow(r, link.row)), pagination: page.pagination });
    },
  );

  /**
   * GET /api/visualdev/ShortLink/{modelId}/{recordId}/DataChange?encryption= (JNPF's list detail) → `{ id, data }`,
   * `data` the JSON string of the record's stored values, only `id` and the shown fields (query.ts shownRow). @throws 404 (no such record; link errors as ListLink), 400 password.
   */
  app.get<RecordReq>(
    '/api/visualdev/ShortLink/:id/:recordId/DataChange',
    { config: { access: 'public', rateLimit: perLink(SHORT_LINK_RATES.read) }, schema: { params: recordParams, querystring: tokenQuery } },
    async (req) => {
      const link = await openLink(app.db, req.params.id, req.query.encryption, 'list');
      await checkLinkPassword(link, req.headers[PASSWORD_HEADER], isUnlocked(link, req.headers.cookie));
      const model = await modelOrNotFound(req, link.row.id);
      const row = await getRecord(app.db, model, req.params.recordId);
      if (!row) throw ApiError.notFound();
      return ok({ id: row.id, data: JSON.stringify(shownRow(row, link.row)) });
    },
  );
}
