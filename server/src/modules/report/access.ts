import type { Db } from '../../db/types';
import { authorize, type SessionInfo } from '../../plugins/permissions';
import { fail } from './messages';

/**
 * Who may run which report (issue 16 item 2; design.md §7a): holders of the report admin menu (enCode dataReport)
 * run any report (the designer's live preview); anyone else only a report opened through a type-5 menu whose
 * `propertyJson.moduleId` is the report and which is granted to them. Otherwise 404 报表不存在, as a missing report.
 */

/** The report admin menu's enCode (seed/report-demo.ts): the routes' access.menu. */
export const REPORT_MENU = 'dataReport';

/** The ids of the type-5 menus that open report `reportId`. */
export async function reportMenus(db: Db, reportId: string): Promise<string[]> {
  const rows = await db.selectFrom('module').select(['id', 'property_json']).where('type', '=', 5).execute();
  return rows
    .filter((r) => {
      try {
        const p = (typeof r.property_json === 'string' ? JSON.parse(r.property_json) : r.property_json) as { moduleId?: unknown } | null;
        return p?.moduleId === reportId;
      } catch {
        return false;
      }
    })
    .map((r) => r.id);
}

/** @throws 404 notFound unless `session` may run report `reportId` (the admin menu or a granted type-5 menu of it). */
export async function assertMayRun(db: Db, session: SessionInfo, reportId: string): Promise<void> {
  if (session.isAdministrator) return;
  const admin = await db.selectFrom('module').select('id').where('en_code', '=', REPORT_MENU).execute();
  if (admin.length && (await authorize(db, session, admin.map((m) => m.id), 'view')).allowed) return;
  const menus = await reportMenus(db, reportId);
  if (menus.length && (await authorize(db, session, menus, 'view')).allowed) return;
  throw fail(404, 'notFound');
}
