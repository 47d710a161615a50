import type { FastifyPluginAsync } from 'fastify';

/**
 * The API modules, one per area (design.md §2), registered in this order by app.ts after the plugins.
 * Adding a module is one line: `() => import('./<area>/routes')`, whose default export is a Fastify plugin whose
 * routes each declare `config: { access }` (plugins/permissions.ts).
 */
export const modules: Array<() => Promise<{ default: FastifyPluginAsync }>> = [
  () => import('./oauth/routes'),
  () => import('./system/routes'),
  () => import('./users/routes'),
  () => import('./visualdev/routes'),
  () => import('./shortlink/routes'),
  () => import('./current-user/routes'),
  () => import('./i18n/routes'),
  () => import('./sysconfig/routes'),
  () => import('./sysconfig/outbound-routes'),
  () => import('./sysconfig/settings-routes'),
  () => import('./dictionary/routes'),
  () => import('./bill-rule/routes'),
  () => import('./data-interface/routes'),
  () => import('./generater/routes'),
  () => import('./files/routes'),
  () => import('./organization/routes'),
  () => import('./message/routes'),
  () => import('./im/routes'),
  () => import('./online-user/routes'),
  () => import('./menu/routes'),
  () => import('./authority/routes'),
  () => import('./workflow/routes'),
  () => import('./backup/routes'),
  () => import('./syslog/routes'),
  () => import('./scheduler/routes'),
  () => import('./cache/routes'),
  () => import('./monitor/routes'),
  () => import('./health/routes'),
  () => import('./page-extension/routes'),
  () => import('./print/routes'),
  () => import('./purchasing/routes'),
  () => import('./report/routes'),
  () => import('./report/jnpf-routes'),
  () => import('./portal/routes'),
  () => import('./_shared/builtin-recycle-routes'),
];
