import type { FastifyInstance } from 'fastify';
import { IdParamsSchema as ID_PARAMS } from '../../../../schemas/wire/common';
import { type NoticeBody, NoticeBodySchema, type NoticeListQuery, NoticeListQuerySchema } from '../../../../schemas/wire/message';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { versionOf } from '../_shared/row-version';
import { replyText } from './messages';
import { createNotice, deleteNotice, getNotice, listNotices, releaseNotice, updateNotice, withdrawNotice } from './notice-repository';

/** The menu that guards notice management (seed/message-menus.ts; design.md §7a), and its buttons. */
const NOTICE_MENU = 'messageNotice';
const access = (button?: string) => ({ access: { menu: NOTICE_MENU, ...(button ? { button } : {}) } });
type Id = { Params: { id: string } };
/** The body of POST /api/message/Notice (JNPF's list query). */
const JNPF_NOTICE_QUERY = {
  type: 'object',
  properties: {
    keyword: { type: 'string', maxLength: 100 },
    currentPage: { type: 'integer', minimum: 1, maximum: 100_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500 },
    enabledMark: { type: 'array', maxItems: 10, items: { anyOf: [{ type: 'string', maxLength: 2 }, { type: 'integer' }] } },
    type: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 100 } },
  },
} as const;

function me(req: { auth: { userId: string } | null }): string {
  if (!req.auth) throw ApiError.forbidden();
  return req.auth.userId;
}

/**
 * Notice management (issue 14 item 1; spec 000 §7 "Messages"; JNPF MessageService): behind the 通知公告 menu (enCode
 * messageNotice) — viewing needs the menu, writes its buttons btn_add, btn_edit, btn_remove, btn_release (release and
 * withdraw). Bodies are validated with schemas/wire/message.ts (unknown keys dropped; 400 on a bad shape).
 */
export default async function noticeRoutes(app: FastifyInstance): Promise<void> {
  const B = '/api/message';
  /** GET /api/message/Notice?currentPage&pageSize&keyword&enabledMark → `{ list: NoticeRow[], pagination }`, last modified first. */
  app.get<{ Querystring: NoticeListQuery }>(`${B}/Notice`, { config: access(), schema: { querystring: NoticeListQuerySchema } }, async (req) => ok(await listNotices(app.db, req.query)));

  /**
   * POST /api/message/Notice (JNPF v3.4's 通知公告 page: wuqingguang0816/Mnxhp src/api/system/message.js:35-41, body
   * views/system/notice/index.vue:119-123, :146-148 `{ keyword, currentPage, pageSize, enabledMark: string[], type:
   * string[] }`, read as `res.data.list`, `res.data.pagination.total`) → the list GET Notice answers. enabledMark is a
   * list of states ('0' draft, '1' published; '2' expired is JNPF's, we keep no expiry); exactly one of 0 and 1 filters,
   * otherwise all are listed. `type` (JNPF's NoticeType dictionary) is not kept here and does not filter.
   */
  app.post<{ Body: { keyword?: string; currentPage?: number; pageSize?: number; enabledMark?: Array<string | number> } }>(
    `${B}/Notice`,
    { config: access(), schema: { body: JNPF_NOTICE_QUERY } },
    async (req) => {
      const states = [...new Set((req.body?.enabledMark ?? []).map(Number).filter((v) => v === 0 || v === 1))];
      const { keyword, currentPage, pageSize } = req.body ?? {};
      return ok(await listNotices(app.db, { keyword, currentPage, pageSize, ...(states.length === 1 ? { enabledMark: states[0] } : {}) }));
    },
  );

  /** POST /api/message → `{ id }` of a new draft notice. 400 without a title. */
  app.post<{ Body: NoticeBody }>(B, { config: access('btn_add'), schema: { body: NoticeBodySchema } }, async (req) => ok({ id: await createNotice(app.db, me(req), req.body) }, t(req.lang, 'createOk')));

  /** POST /api/message/{id}: updates a draft → `{ version }`. 404 unknown; 400 when released (withdraw first); 409 an older `version` (issue 27). */
  app.post<Id & { Body: NoticeBody }>(`${B}/:id`, { config: access('btn_edit'), schema: { params: ID_PARAMS, body: NoticeBodySchema } }, async (req) => {
    const version = await updateNotice(app.db, me(req), req.params.id, req.body);
    return ok({ version }, t(req.lang, 'updateOk'));
  });

  /** GET /api/message/{id} → NoticeInfo (row, sanitised bodyText, audience lists). 404 unknown. */
  app.get<Id>(`${B}/:id`, { config: access(), schema: { params: ID_PARAMS } }, async (req) => ok(await getNotice(app.db, req.params.id)));

  /** DELETE /api/message/{id}?version: moves the notice to the recycle bin (GET/POST /api/message/Recycle…). 404 unknown; 409 an older version. */
  app.delete<Id>(`${B}/:id`, { config: access('btn_remove'), schema: { params: ID_PARAMS } }, async (req) => {
    await deleteNotice(app.db, req.params.id, { version: versionOf(req.query), actor: me(req) });
    return ok(null, t(req.lang, 'deleteOk'));
  });

  /**
   * POST /api/message/{id}/Actions/Release[?version] (or `version` in the body) → `{ count }` users reached (JNPF uses
   * PUT; both are taken). 404 unknown; 400 empty audience; 409 an older `version` (issue 27; without it the release
   * writes, as the other writes here).
   */
  const release = async (req: { params: { id: string }; query: unknown; body: unknown; auth: { userId: string } | null; lang: Parameters<typeof t>[0] }) => {
    const count = await releaseNotice(app.db, me(req), req.params.id, versionOf(req.query, req.body));
    return ok({ count }, replyText(req.lang, 'released', { count }));
  };
  app.post<Id>(`${B}/:id/Actions/Release`, { config: access('btn_release'), schema: { params: ID_PARAMS } }, release);
  app.put<Id>(`${B}/:id/Actions/Release`, { config: access('btn_release'), schema: { params: ID_PARAMS } }, release);

  /** POST /api/message/{id}/Actions/Withdraw[?version]: a released notice back to a draft, gone from every recipient's list. 400 when a draft; 409 an older `version`. */
  app.post<Id>(`${B}/:id/Actions/Withdraw`, { config: access('btn_release'), schema: { params: ID_PARAMS } }, async (req) => {
    await withdrawNotice(app.db, me(req), req.params.id, versionOf(req.query, req.body));
    return ok(null, replyText(req.lang, 'withdrawn'));
  });
}
