import type { FastifyPluginAsync } from 'fastify';
import itemsRoutes from './items-routes';
import menuRoutes from './menu-routes';

/** Menu management (issue 12 item 2): the module tree and each menu's buttons, columns, form fields, data fields and schemes. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(menuRoutes);
  await app.register(itemsRoutes);
};

export default routes;
