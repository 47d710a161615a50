import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, type IdParams, KeywordSchema, NullableText } from '../../../../schemas/wire/common';
import type { Db } from '../../db/types';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { nextRuns, parseCron, schedulerZone } from './cron';
import { versionOf } from '../_shared/row-version';
import { userOf } from '../_shared/record-routes';
import { fail } from './messages';
import { TASK_METHODS } from './methods';
import { createTask, deleteTask, getTask, listTasks, setEnabled, type TaskInput, taskLog, updateTask } from './repository';
import { Scheduler } from './runner';

/** The menu (enCode) of 定时任务 (JNPF system/task); btn_add / btn_edit / btn_remove guard the writes. */
export const TASK_MENU = 'sysTask';

const schedulers = new WeakMap<Db, Scheduler>();

/** The scheduler running on `db`'s app (tests drive it), or undefined. */
export const schedulerOf = (db: Db): Scheduler | undefined => schedulers.get(db);

const Paging = {
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
};
const Ms = Type.Union([Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 }), Type.Null()]);
const ParameterSchema = Type.Object({ field: Type.String({ minLength: 1, maxLength: 100 }), value: Type.Optional(Type.Unknown()), defaultValue: Type.Optional(Type.Unknown()) });
const ContentSchema = Type.Object({
  cron: Type.String({ maxLength: 200 }),
  startTime: Type.Optional(Ms),
  endTime: Type.Optional(Ms),
  interfaceId: Type.Optional(NullableText(100)),
  parameter: Type.Optional(Type.Array(ParameterSchema, { maxItems: 50 })),
  localHostTaskId: Type.Optional(NullableText(100)),
});
const TaskBody = Type.Object({
  fullName: Type.String({ minLength: 1, maxLength: 50 }),
  enCode: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' }),
  executeType: Type.Integer({ enum: [1, 3] }),
  executeContent: Type.Optional(Type.Union([Type.String({ maxLength: 10_000 }), ContentSchema, Type.Null()])),
  cron: Type.Optional(NullableText(200)),
  startTime: Type.Optional(Ms),
  endTime: Type.Optional(Ms),
  interfaceId: Type.Optional(NullableText(100)),
  localHostTaskId: Type.Optional(NullableText(100)),
  parameter: Type.Optional(Type.Union([Type.Array(ParameterSchema, { maxItems: 50 }), Type.Null()])),
  description: Type.Optional(NullableText(500)),
  sortCode: Type.Optional(Type.Union([Type.Integer({ minimum: -999_999, maximum: 999_999 }), Type.Null()])),
  enabledMark: Type.Optional(Type.Union([Type.Integer({ enum: [0, 1] }), Type.Null()])),
  version: Type.Optional(Type.Integer({ minimum: 0 })),
});
const VersionQuery = Type.Object({ version: Type.Optional(Type.Integer({ minimum: 0 })) });
const envMs = (name: string) => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/**
 * Scheduled jobs (issue 23 item 4; JNPF `/api/scheduletask`), administrators only (the sysTask menu's grants), and
 * this instance's scheduler (runner.ts), started when the app is ready and stopped before it closes. Poll interval
 * and retry backoff: KD_SCHEDULER_POLL_MS, KD_SCHEDULER_BACKOFF_MS (tests shorten them); the zone of every cron:
 * KD_SCHEDULER_TZ (default the server's own zone, cron.ts schedulerZone).
 */
export default async function scheduleTaskRoutes(app: FastifyInstance): Promise<void> {
  const scheduler = new Scheduler(app, { pollMs: envMs('KD_SCHEDULER_POLL_MS'), backoffMs: envMs('KD_SCHEDULER_BACKOFF_MS') });
  schedulers.set(app.db, scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
  const menu = (button?: string) => ({ access: { menu: TASK_MENU, ...(button ? { button } : {}) } });

  /** GET /api/scheduletask?keyword&currentPage&pageSize → `{ list: TaskDto[], pagination }` (repository.ts). */
  app.get<{ Querystring: { keyword?: string; currentPage?: number; pageSize?: number } }>(
    '/api/scheduletask',
    { config: menu(), schema: { querystring: Type.Object({ keyword: Type.Optional(KeywordSchema), ...Paging }) } },
    async (req) => {
      const currentPage = req.query.currentPage ?? 1;
      const pageSize = req.query.pageSize ?? 20;
      const { list, total } = await listTasks(app.db, { keyword: req.query.keyword?.trim() || undefined, currentPage, pageSize });
      return ok({ list, pagination: { currentPage, pageSize, total } });
    },
  );

  /** GET /api/scheduletask/TaskMethods → `[{ id, fullName, description }]`: the built-in methods (executeType 3). */
  app.get('/api/scheduletask/TaskMethods', { config: menu() }, async () => ok(TASK_METHODS.map(({ id, fullName, description }) => ({ id, fullName, description }))));

  /**
   * GET /api/scheduletask/NextRuns?cron&startTime&endTime&count → `{ timeZone, list }`: the next `count` (1–20, default
   * 5) runs of `cron` after now within startTime/endTime (epoch ms), as epoch ms, computed by the scheduler's own croner
   * setup (cron.ts nextRuns) in its zone `timeZone` (IANA name, cron.ts schedulerZone) — the cron builder's preview.
   * 400 badCron for an invalid expression; an empty list when there is no run in the window.
   */
  app.get<{ Querystring: { cron: string; startTime?: number; endTime?: number; count?: number } }>(
    '/api/scheduletask/NextRuns',
    {
      config: menu(),
      schema: {
        querystring: Type.Object({
          cron: Type.String({ maxLength: 200 }),
          startTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })),
          endTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })),
          count: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
        }),
      },
    },
    async (req) => {
      const cron = req.query.cron.trim();
      if (!parseCron(cron)) throw fail(400, 'badCron', { detail: cron.slice(0, 100) });
      const runs = nextRuns({ cron, startTime: req.query.startTime ?? null, endTime: req.query.endTime ?? null }, req.query.count ?? 5, new Date());
      return ok({ timeZone: schedulerZone(), list: runs.map((d) => d.getTime()) });
    },
  );

  /** GET /api/scheduletask/Info/{id} → TaskDto; 404 when there is none. */
  app.get<{ Params: IdParams }>('/api/scheduletask/Info/:id', { config: menu(), schema: { params: IdParamsSchema } }, async (req) => ok(await getTask(app.db, req.params.id)));

  /** POST /api/scheduletask (TaskBody) → `{ id }`. 400: invalid cron, no such interface/method, duplicate enCode. */
  app.post<{ Body: TaskInput }>('/api/scheduletask', { config: menu('btn_add'), schema: { body: TaskBody } }, async (req) => {
    const id = await createTask(app.db, req.body, req.auth?.userId ?? null);
    return ok({ id }, t(req.lang, 'createOk'));
  });

  /**
   * PUT /api/scheduletask/{id} (TaskBody + optional `version`) → `{ version }`: replaces the task; its next run is
   * recomputed. 404 / 400 as POST; 409 an older `version` (issue 27, naming who changed it and when; nothing written).
   */
  app.put<{ Params: IdParams; Body: TaskInput & { version?: number } }>('/api/scheduletask/:id', { config: menu('btn_edit'), schema: { params: IdParamsSchema, body: TaskBody } }, async (req) => {
    const version = await updateTask(app.db, req.params.id, req.body, { version: versionOf(req.body), actor: userOf(req), notFound: () => fail(404, 'notFound') });
    return ok({ version }, t(req.lang, 'updateOk'));
  });

  /** DELETE /api/scheduletask/{id}?version: moves the task to the recycle bin (it stops running; restorable from 回收站). 404 none; 409 an older version. */
  app.delete<{ Params: IdParams; Querystring: { version?: number } }>('/api/scheduletask/:id', { config: menu('btn_remove'), schema: { params: IdParamsSchema, querystring: VersionQuery } }, async (req) => {
    await deleteTask(app.db, req.params.id, { version: versionOf(req.query), actor: userOf(req), notFound: () => fail(404, 'notFound') });
    return ok(null, t(req.lang, 'deleteOk'));
  });

  /** PUT /api/scheduletask/{id}/Actions/Enable: enables the task (next run from now). */
  app.put<{ Params: IdParams }>('/api/scheduletask/:id/Actions/Enable', { config: menu('btn_edit'), schema: { params: IdParamsSchema } }, async (req) => {
    await setEnabled(app.db, req.params.id, true, userOf(req));
    return ok(null, t(req.lang, 'updateOk'));
  });

  /** PUT /api/scheduletask/{id}/Actions/Stop: stops the task (no next run; a run in progress finishes). */
  app.put<{ Params: IdParams }>('/api/scheduletask/:id/Actions/Stop', { config: menu('btn_edit'), schema: { params: IdParamsSchema } }, async (req) => {
    await setEnabled(app.db, req.params.id, false, userOf(req));
    return ok(null, t(req.lang, 'updateOk'));
  });

  /** GET /api/scheduletask/{id}/TaskLog?currentPage&pageSize&startTime&endTime → `{ list, pagination }` (repository.ts taskLog). */
  app.get<{ Params: IdParams; Querystring: { currentPage?: number; pageSize?: number; startTime?: number; endTime?: number } }>(
    '/api/scheduletask/:id/TaskLog',
    { config: menu(), schema: { params: IdParamsSchema, querystring: Type.Object({ ...Paging, startTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })), endTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })) }) } },
    async (req) => {
      await getTask(app.db, req.params.id);
      const currentPage = req.query.currentPage ?? 1;
      const pageSize = req.query.pageSize ?? 20;
      const { list, total } = await taskLog(app.db, req.params.id, { currentPage, pageSize, startTime: req.query.startTime, endTime: req.query.endTime });
      return ok({ list, pagination: { currentPage, pageSize, total } });
    },
  );
}
