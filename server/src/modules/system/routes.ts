import type { FastifyPluginAsync } from 'fastify';
import { tokenTimeoutMinutes } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { sysConfigInfo, systemIds } from '../oauth/jnpf-user';

/** One row of `GET /api/system/System` (JNPF v3.4's 应用 list). */
export interface SystemRow {
  id: string;
  fullName: string;
  enCode: string;
  icon: string;
  sortCode: number;
  enabledMark: number;
  /** 1: the main system, which cannot be deleted (views/system/menu/index.vue:50). */
  isMain: number;
  description: string;
}

const SYSTEM_QUERY = { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 }, enableMark: { type: 'string', maxLength: 2 }, n: {} } } as const;

/**
 * System settings routes (spec 000 §7 "Session": TimeoutSetting) and JNPF v3.4's systems list:
 * - GET /api/System/TimeoutSetting/Get → `{ tokenTimeout }`: the idle timeout in minutes (sys_config tokenTimeout).
 * - GET /api/system/System?keyword&enableMark (any signed-in user) → `{ list: SystemRow[] }`: our one system, the one
 *   CurrentUser's `userInfo.systemIds` names (oauth/jnpf-user.ts), or none when the keyword matches neither its name
 *   nor its code. Read by the JNPF client's 应用 page (wuqingguang0816/Mnxhp src/views/system/menu/index.vue:121-127,
 *   `res.data.list`, columns fullName, enCode, icon, sortCode, enabledMark, isMain at :33-50) and its system pickers
 *   (views/onlineDev/visualPortal/releaseDialog.vue:116, views/system/commonWords/Form.vue:85).
 */
const systemRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/System/TimeoutSetting/Get', { config: { access: 'signedIn' } }, async () => ok({ tokenTimeout: await tokenTimeoutMinutes(app.db) }));

  app.get<{ Querystring: { keyword?: string } }>('/api/system/System', { config: { access: 'signedIn' }, schema: { querystring: SYSTEM_QUERY } }, async (req) => {
    const [s] = systemIds(await sysConfigInfo(app.db, req.lang));
    const row: SystemRow = { id: s.id, fullName: s.fullName, enCode: s.enCode, icon: s.icon, sortCode: 0, enabledMark: 1, isMain: 1, description: '' };
    const kw = req.query.keyword?.trim().toLowerCase();
    return ok({ list: !kw || row.fullName.toLowerCase().includes(kw) || row.enCode.includes(kw) ? [row] : [] });
  });
};

export default systemRoutes;
