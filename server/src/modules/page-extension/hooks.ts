import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { PageConfig } from '../../../../schemas/page';
import type { MessageLang } from '../../../../src/engine/validate';
import { builtinPages } from '../visualdev/builtin-pages';
import { checkValues, loadExtension, removeValues, saveValues, valuesOf } from './store';

/**
 * Added fields travel with the built-in page's own calls (issue 26 item 4). For every route that a built-in page's
 * `resource` binds (list, get, create, update, remove), hooks are attached to that route alone when it is registered:
 * - create/update (preValidation): the added fields' values are taken out of the body (so the area's own schema never
 *   sees them), checked against the added fields (400 with the field's message, nothing saved), and stored once the
 *   call answers code 200 (create: under the answer's `data.id`; update: under the `{id}` parameter); an update that
 *   sends none of them leaves them as they are;
 * - list/get (preSerialization): each answered row (nested `children` too) gets its stored values;
 * - remove: a deleted record's values go with it.
 * A page without added fields costs one primary-key read per bound call. The area modules know nothing of this.
 */

type Role = 'list' | 'get' | 'create' | 'update' | 'remove';

interface Binding {
  code: string;
  role: Role;
  children?: string;
}

const DEFAULT_METHOD: Record<Role, string> = { list: 'GET', get: 'GET', create: 'POST', update: 'POST', remove: 'DELETE' };

/** `METHOD /api/path/:param` of every route a built-in page binds → the pages and roles bound to it. */
export function pageBindings(pages: Iterable<PageConfig>): Map<string, Binding[]> {
  const out = new Map<string, Binding[]>();
  for (const page of pages) {
    const resource = page.resource as Partial<Record<Role, { method?: string; path: string; children?: string }>> | undefined;
    for (const role of Object.keys(DEFAULT_METHOD) as Role[]) {
      const call = resource?.[role];
      if (!call?.path) continue;
      const key = `${call.method ?? DEFAULT_METHOD[role]} ${call.path.replace(/\{(\w+)\}/g, ':$1')}`;
      out.set(key, [...(out.get(key) ?? []), { code: page.code, role, children: call.children }]);
    }
  }
  return out;
}

const asHooks = (h: unknown): unknown[] => (Array.isArray(h) ? h : h ? [h] : []);

interface Stash {
  code: string;
  values: Record<string, unknown>;
}

const stashes = new WeakMap<FastifyRequest, Stash[]>();

function rowsOf(payload: { data?: unknown }, role: Role): Array<Record<string, unknown>> {
  const d = payload.data;
  if (role === 'get') return d && typeof d === 'object' && !Array.isArray(d) ? [d as Record<string, unknown>] : [];
  const list = Array.isArray(d) ? d : (d as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list.filter((r) => r && typeof r === 'object') as Array<Record<string, unknown>>) : [];
}

function flatten(rows: Array<Record<string, unknown>>, children: string | undefined, out: Array<Record<string, unknown>> = []) {
  for (const r of rows) {
    out.push(r);
    const kids = children ? r[children] : undefined;
    if (Array.isArray(kids)) flatten(kids as Array<Record<string, unknown>>, children, out);
  }
  return out;
}

function hooksFor(app: FastifyInstance, bindings: Binding[]) {
  const writes = bindings.filter((b) => b.role === 'create' || b.role === 'update');
  const preValidation = async (req: FastifyRequest) => {
    const body = req.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    for (const b of writes) {
      const ext = await loadExtension(app.db, b.code);
      if (!ext?.fields.length) continue;
      const sent = ext.fields.map((f) => f.__vModel__).filter((v): v is string => !!v && v in body);
      if (b.role === 'update' && !sent.length) continue;
      let values: Record<string, unknown> = Object.fromEntries(sent.map((v) => [v, body[v]]));
      if (b.role === 'update') {
        const id = (req.params as { id?: string }).id;
        values = { ...((id && (await valuesOf(app.db, b.code, [id])).get(id)) || {}), ...values };
      }
      const checked = checkValues(ext, values, req.lang as MessageLang);
      for (const v of sent) delete body[v];
      stashes.set(req, [...(stashes.get(req) ?? []), { code: b.code, values: checked }]);
    }
  };
  const preSerialization = async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const p = payload as { code?: number; data?: unknown } | null;
    if (!p || typeof p !== 'object' || p.code !== 200) return payload;
    const id = (req.params as { id?: string }).id;
    for (const b of bindings) {
      if (b.role === 'remove' && id) await removeValues(app.db, b.code, [id]);
      if (b.role === 'list' || b.role === 'get') {
        const rows = flatten(rowsOf(p, b.role), b.children);
        const ids = rows.map((r) => r.id).filter((v): v is string => typeof v === 'string');
        if (!ids.length || !(await loadExtension(app.db, b.code))?.fields.length) continue;
        const values = await valuesOf(app.db, b.code, ids);
        for (const r of rows) Object.assign(r, values.get(r.id as string));
      }
    }
    for (const s of stashes.get(req) ?? []) {
      const target = id ?? (p.data as { id?: unknown } | null)?.id;
      if (typeof target === 'string' && target) await saveValues(app.db, s.code, target, s.values);
    }
    return payload;
  };
  return { preValidation: writes.length ? preValidation : null, preSerialization };
}

/**
 * Installs the hooks above (an onRoute hook, added before the API modules register their routes). Call once on the
 * root instance; `pages` defaults to the built-in page configs of src/pages.
 */
export function registerPageExtensions(app: FastifyInstance, pages: Iterable<PageConfig> = builtinPages().values()): void {
  const bindings = pageBindings(pages);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const bound = methods.flatMap((m) => bindings.get(`${m} ${route.url}`) ?? []);
    if (!bound.length) return;
    const { preValidation, preSerialization } = hooksFor(app, bound);
    if (preValidation) route.preValidation = [...asHooks(route.preValidation), preValidation] as RouteOptions['preValidation'];
    route.preSerialization = [...asHooks(route.preSerialization), preSerialization] as RouteOptions['preSerialization'];
  });
}
