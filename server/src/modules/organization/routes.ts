import type { FastifyInstance } from 'fastify';
import groupRoutes from './group-routes';
import organizeAdminRoutes from './organize-admin-routes';
import organizeRoutes from './organize-routes';
import positionRoutes from './position-routes';
import roleRoutes from './role-routes';
import selectorRoutes from './selector-routes';
import userExcelRoutes from './user-excel-routes';
import userRelationRoutes from './user-relation-routes';
import userRoutes from './user-routes';

/**
 * The organisation area (spec 001 §7 Organisation, Department, Position, Role, Users; issue 12 item 1): every
 * `organisation` row of endpoints.tsv plus user groups and memberships. One file per API area; the pickers' selectors
 * (any signed-in user) are in selector-routes.ts, the admin routes sit behind the 组织架构 menus
 * (seed/organization-menus.ts).
 */
export default async function organizationRoutes(app: FastifyInstance): Promise<void> {
  await selectorRoutes(app);
  await organizeRoutes(app);
  await organizeAdminRoutes(app);
  await positionRoutes(app);
  await roleRoutes(app);
  // Before userRoutes: Users/ExportData, ImportData and TemplateDownload are static paths beside Users/:id.
  await userExcelRoutes(app);
  await userRoutes(app);
  await userRelationRoutes(app);
  await groupRoutes(app);
}
