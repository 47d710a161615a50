import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { CACHES, CLEAR_TOPIC, cacheNamed, clearLocal, textsOf } from './registry';

/** The menu (enCode) of 缓存管理 (JNPF system/cache); btn_remove guards the clears. */
export const CACHE_MENU = 'sysCache';

const NameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 50 }) });

/** A cache as the list shows it: `{ id (= name), name, fullName, description (in `lang`), size (entries on this instance) }`. */
const rowOf = (app: FastifyInstance, c: (typeof CACHES)[number], lang: string) => ({ id: c.name, name: c.name, ...textsOf(c, lang), size: c.size(app.db) });

/**
 * Cache management (issue 23 item 5; JNPF `/api/system/CacheManage`), administrators only (the sysCache menu). Sizes
 * are this instance's; a clear is published on the bus (lib/bus: Redis between instances when REDIS_URL is set) so
 * every instance empties the cache, this one included.
 */
export default async function cacheRoutes(app: FastifyInstance): Promise<void> {
  const off = app.bus.subscribe(CLEAR_TOPIC, (payload) => {
    const name = (payload as { name?: unknown } | null)?.name;
    if (typeof name === 'string') clearLocal(app.db, name);
  });
  app.addHook('onClose', async () => off());
  const clear = async (name: string) => {
    try {
      await app.bus.publish(CLEAR_TOPIC, { name });
    } catch (err) {
      // Redis down: clear here at least; the others' caches expire by their own TTLs or on their next write.
      app.log.warn({ err }, '[cache] clear not published');
      clearLocal(app.db, name);
    }
  };

  /** GET /api/system/CacheManage → `{ list: [{ id, name, fullName, description, size }] }`. */
  app.get('/api/system/CacheManage', { config: { access: { menu: CACHE_MENU } } }, async (req) => ok({ list: CACHES.map((c) => rowOf(app, c, req.lang)) }));

  /** GET /api/system/CacheManage/{name} → one row; 404 for an unknown name. */
  app.get<{ Params: { name: string } }>('/api/system/CacheManage/:name', { config: { access: { menu: CACHE_MENU } }, schema: { params: NameParams } }, async (req) => {
    const c = cacheNamed(req.params.name);
    if (!c) throw ApiError.notFound();
    return ok(rowOf(app, c, req.lang));
  });

  /** DELETE /api/system/CacheManage/{name}: empties that cache on every instance; 404 for an unknown name. */
  app.delete<{ Params: { name: string } }>('/api/system/CacheManage/:name', { config: { access: { menu: CACHE_MENU, button: 'btn_remove' } }, schema: { params: NameParams } }, async (req) => {
    if (!cacheNamed(req.params.name)) throw ApiError.notFound();
    await clear(req.params.name);
    return ok(null, t(req.lang, 'deleteOk'));
  });

  /** POST /api/system/CacheManage/Actions/ClearAll: empties every cache on every instance. */
  app.post('/api/system/CacheManage/Actions/ClearAll', { config: { access: { menu: CACHE_MENU, button: 'btn_remove' } } }, async (req) => {
    await clear('*');
    return ok(null, t(req.lang, 'deleteOk'));
  });
}
