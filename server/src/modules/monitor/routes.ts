import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { dbFacts } from '../../plugins/db';
import { filesRoot } from '../files/store';
import { backupsDir, listBackups } from '../backup/service';
import { monitorRows } from './items';
import { eventLoopDelay, formatUptime, monitorSnapshot } from './stats';

/** The menu (enCode) of 系统监控 (JNPF system/monitor). */
export const MONITOR_MENU = 'sysMonitor';

/** System monitor (issue 23 item 3, the JNPF part), administrators only (the sysMonitor menu). */
export default async function monitorRoutes(app: FastifyInstance): Promise<void> {
  eventLoopDelay();
  /**
   * Beyond JNPF (issue 23 item 3), beside its fields: `requests { requests, errors, perSecond, errorRate (0–1),
   * windowSeconds }` over the last minute (modules/metrics; an error is HTTP 5xx or envelope code ≥ 500),
   * `database.pool { size, inUse, waiting }` (plugins/db.ts DbFacts.pool), and `backup { last (file name or null),
   * lastTime (epoch ms or null), ageSeconds (null without a backup), age (text like 2小时5分钟) }` (the newest archive of
   * modules/backup's list).
   */
  const snapshot = async () => {
    const dataDir = dirname(filesRoot(app));
    const [s, backups] = await Promise.all([monitorSnapshot(app.db, dataDir, dbFacts(app.db).engine), listBackups(backupsDir(dataDir))]);
    const last = backups[0] ?? null;
    const ageSeconds = last ? Math.max(0, Math.round((Date.now() - last.creatorTime) / 1000)) : null;
    return {
      ...s,
      database: { ...s.database, pool: dbFacts(app.db).pool() },
      requests: app.requestWindow.read(),
      backup: { last: last?.fileName ?? null, lastTime: last?.creatorTime ?? null, ageSeconds, age: ageSeconds === null ? '' : formatUptime(ageSeconds) },
    };
  };

  /** GET /api/system/Monitor → stats.ts monitorSnapshot (this instance) plus the fields above. */
  app.get('/api/system/Monitor', { config: { access: { menu: MONITOR_MENU } } }, async () => ok(await snapshot()));

  /** GET /api/system/Monitor/Items → `{ list: [{ id, group, name, value }] }`: the same figures as rows in the request's language (the 系统监控 page). */
  app.get('/api/system/Monitor/Items', { config: { access: { menu: MONITOR_MENU } } }, async (req) => {
    return ok({ list: monitorRows(await snapshot(), req.lang) });
  });
}
