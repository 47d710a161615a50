import type { FastifyPluginAsync } from 'fastify';
import { tokenTimeoutMinutes } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';

/** System settings routes (spec 000 §7 "Session": TimeoutSetting). */
const systemRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/System/TimeoutSetting/Get → `{ tokenTimeout }`: the idle timeout in minutes (sys_config tokenTimeout). */
  app.get('/api/System/TimeoutSetting/Get', { config: { access: 'signedIn' } }, async () => ok({ tokenTimeout: await tokenTimeoutMinutes(app.db) }));
};

export default systemRoutes;
