import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toMs } from '../../db/json';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { fail } from './messages';
import { IdParams } from './schemas';
import { readableTask } from './task-read';
import { callerOf } from './task-routes';

const BASE = '/api/workflow/Engine/FlowComment';

/** Comment.vue initData's query: the page and the task. */
const LIST_QUERY = {
  type: 'object',
  required: ['taskId'],
  properties: {
    taskId: { type: 'string', minLength: 1, maxLength: 100 },
    currentPage: { type: 'integer', minimum: 1, maximum: 100_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500 },
    sort: { type: 'string', maxLength: 10 },
    sidx: { type: 'string', maxLength: 50 },
  },
} as const;

/** Comment.vue addComment's body: the text and the JSON text of the uploaded files and images. */
const BODY = {
  type: 'object',
  required: ['taskId', 'text'],
  properties: {
    taskId: { type: 'string', minLength: 1, maxLength: 100 },
    text: { type: 'string', minLength: 1, maxLength: 2000 },
    file: { type: 'string', maxLength: 20_000 },
    image: { type: 'string', maxLength: 20_000 },
  },
} as const;

/** `value` if it is the JSON text of an array, else '[]' (Comment.vue:72-75 parses both). */
function jsonList(value: string | undefined): string {
  try {
    return Array.isArray(JSON.parse(value ?? '')) ? (value as string) : '[]';
  } catch {
    return '[]';
  }
}

/**
 * JNPF v3.4.7's 流程评论 (wuqingguang0816/Mnxhp de4cb9f0 src/views/workFlow/components/Comment.vue; api/workFlow/
 * FlowEngine.js getCommentList, createComment, delComment), shown in FlowBox when the start node's isComment is on.
 * Who may read the task (task-read.ts readableTask: launcher, operators, CC targets, administrators) reads and writes
 * its comments.
 * - GET FlowComment?taskId&currentPage&pageSize → `{ list: [{ id, taskId, text, file, image (JSON text), creatorUserId,
 *   creatorUser, creatorUserHeadIcon, creatorTime (ms), isDel (the caller's own) }], pagination }`, newest first.
 * - POST FlowComment `{ taskId, text, file, image }` → `{ id }`; file and image that are not JSON arrays become '[]'.
 * - DELETE FlowComment/{id}: the author's own comment only.
 * @throws 404 流程信息不存在 / a comment not the caller's, 403 您无权查看该流程.
 */
export default async function jnpfCommentRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { access: 'signedIn' as const };
  const db = app.db;

  app.get<{ Querystring: { taskId: string; currentPage?: number; pageSize?: number } }>(BASE, { config: signedIn, schema: { querystring: LIST_QUERY } }, async (req) => {
    const me = callerOf(req);
    await readableTask(db, me, req.query.taskId);
    const currentPage = req.query.currentPage ?? 1;
    const pageSize = req.query.pageSize ?? 20;
    const q = db.selectFrom('flow_comment as c').where('c.task_id', '=', req.query.taskId);
    const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .leftJoin('users as u', 'u.id', 'c.creator_user_id')
      .select(['c.id', 'c.task_id', 'c.text', 'c.file', 'c.image', 'c.creator_user_id', 'c.created_at', 'u.real_name', 'u.account', 'u.head_icon'])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute();
    const list = rows.map((r) => ({
      id: r.id,
      taskId: r.task_id,
      text: r.text,
      file: r.file,
      image: r.image,
      creatorUserId: r.creator_user_id,
      creatorUser: r.real_name ? `${r.real_name}/${r.account}` : '',
      creatorUserHeadIcon: r.head_icon ?? '',
      creatorTime: toMs(r.created_at),
      isDel: r.creator_user_id === me.userId,
    }));
    return ok({ list, pagination: { currentPage, pageSize, total: Number(total) } });
  });

  app.post<{ Body: { taskId: string; text: string; file?: string; image?: string } }>(BASE, { config: signedIn, schema: { body: BODY } }, async (req) => {
    const me = callerOf(req);
    await readableTask(db, me, req.body.taskId);
    const id = randomUUID();
    await db.insertInto('flow_comment').values({ id, task_id: req.body.taskId, text: req.body.text, file: jsonList(req.body.file), image: jsonList(req.body.image), creator_user_id: me.userId }).execute();
    return ok({ id }, t(req.lang, 'ok'));
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/:id`, { config: signedIn, schema: { params: IdParams } }, async (req) => {
    const res = await db.deleteFrom('flow_comment').where('id', '=', req.params.id).where('creator_user_id', '=', callerOf(req).userId).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw fail(404, 'taskNotFound');
    return ok(null, t(req.lang, 'deleteOk'));
  });
}
