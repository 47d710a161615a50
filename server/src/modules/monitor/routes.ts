import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { dbFacts } from '../../plugins/db';
import { filesRoot } from '../files/store';
import { monitorRows } from './items';
import { eventLoopDelay, monitorSnapshot } from './stats';

/** The menu (enCode) of 系统监控 (JNPF system/monitor). */
export const MONITOR_MENU = 'sysMonitor';

/** System monitor (issue 23 item 3, the JNPF part), administrators only (the sysMonitor menu). */
export default async function monitorRoutes(app: FastifyInstance): Promise<void> {
  eventLoopDelay();
  /** GET /api/system/Monitor → stats.ts monitorSnapshot (this instance). */
  app.get('/api/system/Monitor', { config: { access: { menu: MONITOR_MENU } } }, async () => {
    return ok(await monitorSnapshot(app.db, dirname(filesRoot(app)), dbFacts(app.db).engine));
  });

  /** GET /api/system/Monitor/Items → `{ list: [{ id, group, name, value }] }`: the same figures as rows in the request's language (the 系统监控 page). */
  app.get('/api/system/Monitor/Items', { config: { access: { menu: MONITOR_MENU } } }, async (req) => {
    return ok({ list: monitorRows(await monitorSnapshot(app.db, dirname(filesRoot(app)), dbFacts(app.db).engine), req.lang) });
  });
}
