import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdParamsSchema } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { contentDisposition } from '../../lib/disposition';
import { ok } from '../../plugins/envelope';

/**
 * The routes every admin record area repeats (bill rules, dictionary data, data interfaces; spec 001 §4, §7):
 * DELETE `{base}/:id` and POST `{base}/:id/Actions/State`, behind the area's menu and its btn_remove / btn_edit buttons
 * (design.md §7a), plus the JSON attachment of the Action/Export routes.
 */
export interface RecordActions {
  /** The area's path, e.g. '/api/system/BillRule'. */
  base: string;
  /** The admin menu's enCode guarding the routes. */
  menu: string;
  /** Deletes record `id`; throws ApiError 404 (unknown) or 400 (refused, e.g. still has children). */
  remove: (id: string, req: FastifyRequest) => Promise<void>;
  /** Toggles enabledMark of record `id` and returns the new value; throws ApiError 404 for an unknown id. */
  toggle: (id: string, req: FastifyRequest) => Promise<number>;
}

/** The caller's user id, or null (system actions), as the repositories record it in created_by / updated_by. */
export const userOf = (req: FastifyRequest): string | null => req.auth?.userId ?? null;

/**
 * Registers, for an admin record area:
 * - DELETE `{base}/:id` → `{ code: 200, data: null, msg: 删除成功 }` (btn_remove);
 * - POST `{base}/:id/Actions/State` → data `{ enabledMark }`, msg 更新成功 (btn_edit; spec 001 §4 toggle).
 * Path id: 1–100 characters, else 400.
 */
export function registerRecordActions(app: FastifyInstance, a: RecordActions): void {
  app.delete<{ Params: { id: string } }>(
    `${a.base}/:id`,
    { config: { access: { menu: a.menu, button: 'btn_remove' } }, schema: { params: IdParamsSchema } },
    async (req) => {
      await a.remove(req.params.id, req);
      return ok(null, t(req.lang, 'deleteOk'));
    },
  );
  app.post<{ Params: { id: string } }>(
    `${a.base}/:id/Actions/State`,
    { config: { access: { menu: a.menu, button: 'btn_edit' } }, schema: { params: IdParamsSchema } },
    async (req) => ok({ enabledMark: await a.toggle(req.params.id, req) }, t(req.lang, 'updateOk')),
  );
}

/**
 * Sends `body` as a downloadable JSON file `fileName` (pretty-printed, UTF-8; lib/disposition.ts), not an
 * envelope: what the Action/Export routes answer (spec 001 §7).
 */
export function sendJsonFile(reply: FastifyReply, fileName: string, body: unknown): FastifyReply {
  return reply
    .header('content-disposition', contentDisposition(fileName))
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body, null, 2));
}
