import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import baseRoutes from './base-routes';
import { MAX_IMPORT_BYTES } from './excel-import';
import excelRoutes from './excel-routes';
import fieldDataRoutes from './field-data-routes';
import jnpfDataModelRoutes from './jnpf-data-model-routes';
import { attachListBus } from './list-cache-bus';
import modelIoRoutes from './model-io-routes';
import onlineDevRoutes from './onlinedev-routes';
import recycleRoutes from './recycle-routes';
import sysparamRoutes from './sysparam-routes';


/**
 * The visualdev module (spec 001 §7 "Visual dev"; issue 4): model records at run time (OnlineDev), model admin
 * (Base), model import/export, Excel in and out, relation pickers, system parameters and JNPF's designer's table step
 * (jnpf-data-model-routes.ts). Multipart bodies (model
 * and Excel imports) are parsed in this scope, one file of at most 10 MB. The list caches follow other instances'
 * writes through the bus (list-cache-bus.ts).
 */
const visualdevRoutes: FastifyPluginAsync = async (app) => {
  const detach = attachListBus(app.db, app.bus, (err) => app.log.warn({ err }, '[list-cache] write not published'));
  app.addHook('onClose', async () => detach());
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 20, parts: 22 } });
  }
  await app.register(recycleRoutes);
  await app.register(onlineDevRoutes);
  await app.register(baseRoutes);
  await app.register(modelIoRoutes);
  await app.register(excelRoutes);
  await app.register(fieldDataRoutes);
  await app.register(sysparamRoutes);
  await app.register(jnpfDataModelRoutes);
};

export default visualdevRoutes;
