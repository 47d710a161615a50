import type { Db } from '../../db/types';
import { outboundRequest } from '../../lib/outbound';
import { withDescendants } from '../organization/common';
import { coversFlow, servesUse } from './delegate-scope';
import type { MemberTargets, Resolver } from './engine/types';

const MAX_IDS = 500;

/** Ids of a form field's value: an array, a JSON array text or a comma list (at most 500, each ≤ 100 characters). */
export function idsOfValue(value: unknown): string[] {
  let v = value;
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      v = JSON.parse(v);
    } catch {
      /* a plain comma list */
    }
  }
  const raw = Array.isArray(v) ? v.flat(2) : typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [String(v)] : [];
  return [...new Set(raw.map((x) => String(x).trim()).filter((x) => x && x.length <= 100))].slice(0, MAX_IDS);
}


/**
 * The engine's Resolver over the organisation tables (issue 15 item 2; modules/organization): users (enabled_mark,
 * manager_id, organize_id, position_id), user_relation (roles, positions, groups, departments), organize.manager_id
 * (department head) and flow_delegate. Users in the recycle bin (issue 27) are never approvers, copies or delegates
 * (members, enabled, delegateOf skip them), and a binned delegation delegates nothing (delegate-bin.ts); delegateOf
 * reads 审批委托 delegations and those of no kind that cover the flow (delegate-scope.ts). Works inside a transaction when given one.
 */
export function orgResolver(db: Db): Resolver {
  const enabled = async (ids: string[]): Promise<string[]> => {
    const unique = [...new Set(ids.filter((x) => typeof x === 'string' && x))].slice(0, MAX_IDS);
    if (!unique.length) return [];
    const rows = await db.selectFrom('users').select('id').where('id', 'in', unique).where('enabled_mark', '<>', 0).where('f_deleted_at', 'is', null).execute();
    const ok = new Set(rows.map((r) => r.id));
    return unique.filter((u) => ok.has(u));
  };
  const members = async (t: MemberTargets): Promise<string[]> => {
    const depts = await withDescendants(db, t.departments.slice(0, MAX_IDS));
    const rel = (type: 'Role' | 'Position' | 'Group' | 'Organize', ids: string[]) => {
      if (!ids.length) return null;
      const q = db.selectFrom('user_relation').select('user_id').where('object_type', '=', type).where('object_id', 'in', ids.slice(0, MAX_IDS));
      // A user group in the recycle bin (issue 27) resolves to no one.
      return type === 'Group' ? q.where('object_id', 'in', db.selectFrom('user_group').select('id').where('f_deleted_at', 'is', null)) : q;
    };
    const out = [...t.users];
    for (const [type, ids] of [['Role', t.roles], ['Position', t.positions], ['Group', t.groups], ['Organize', depts]] as const) {
      const q = rel(type, ids);
      if (q) out.push(...(await q.execute()).map((r) => r.user_id));
    }
    if (t.positions.length) out.push(...(await db.selectFrom('users').select('id').where('position_id', 'in', t.positions.slice(0, MAX_IDS)).execute()).map((r) => r.id));
    if (depts.length) out.push(...(await db.selectFrom('users').select('id').where('organize_id', 'in', depts).orderBy('sort_code').orderBy('account').execute()).map((r) => r.id));
    return enabled(out);
  };
  const managerOf = async (userId: string, level: number): Promise<string | null> => {
    let current: string | null = userId;
    const seen = new Set<string>([userId]);
    for (let i = 0; i < level && current; i++) {
      const row: { manager_id: string | null } | undefined = await db.selectFrom('users').select('manager_id').where('id', '=', current).executeTakeFirst();
      current = row?.manager_id ?? null;
      if (current && seen.has(current)) return null;
      if (current) seen.add(current);
    }
    return current;
  };
  return {
    members,
    enabled,
    managerOf,
    async departmentHeadOf(userId) {
      const row = await db.selectFrom('users as u').innerJoin('organize as o', 'o.id', 'u.organize_id').select('o.manager_id').where('u.id', '=', userId).executeTakeFirst();
      return row?.manager_id ?? null;
    },
    async fieldUsers(kind, value) {
      const ids = idsOfValue(value);
      const none: MemberTargets = { users: [], positions: [], roles: [], departments: [], groups: [] };
      if (kind === 'dept') return members({ ...none, departments: ids });
      if (kind === 'position') return members({ ...none, positions: ids });
      if (kind === 'role') return members({ ...none, roles: ids });
      if (kind === 'group') return members({ ...none, groups: ids });
      return enabled(ids);
    },
    async narrow(userIds, rule, launcherId) {
      if (!userIds.length) return [];
      const people = await db.selectFrom('users').select(['id', 'organize_id', 'position_id', 'manager_id']).where('id', 'in', [...new Set([...userIds, launcherId])].slice(0, MAX_IDS)).execute();
      const me = people.find((p) => p.id === launcherId);
      const of = (id: string) => people.find((p) => p.id === id);
      if (!me) return [];
      if (rule === 2) return userIds.filter((u) => me.organize_id && of(u)?.organize_id === me.organize_id);
      if (rule === 3) return userIds.filter((u) => me.position_id && of(u)?.position_id === me.position_id);
      if (rule === 5) return userIds.filter((u) => of(u)?.manager_id === launcherId);
      if (rule === 4) {
        const chain = new Set<string>();
        for (let m = await managerOf(launcherId, 1); m && !chain.has(m) && chain.size < 20; m = await managerOf(m, 1)) chain.add(m);
        return userIds.filter((u) => chain.has(u));
      }
      if (rule === 6) {
        const all = await db.selectFrom('organize').select(['id', 'parent_id', 'category']).where('f_deleted_at', 'is', null).execute();
        const companyOf = (org: string | null) => {
          let cur = all.find((o) => o.id === org);
          for (let i = 0; cur && cur.category !== 'company' && i < 50; i++) cur = all.find((o) => o.id === cur?.parent_id);
          return cur?.id ?? null;
        };
        const mine = companyOf(me.organize_id);
        return userIds.filter((u) => mine && companyOf(of(u)?.organize_id ?? null) === mine);
      }
      return userIds;
    },
    async administrators() {
      return (await db.selectFrom('users').select('id').where('is_administrator', '=', true).where('enabled_mark', '<>', 0).where('f_deleted_at', 'is', null).orderBy('id').execute()).map((r) => r.id);
    },
    async fromUrl(url, query) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return [];
      }
      for (const [k, v] of Object.entries(query)) target.searchParams.set(k, v);
      try {
        const res = await outboundRequest(target, { db, headers: { accept: 'application/json' }, maxBytes: 1024 * 1024 });
        if (res.status < 200 || res.status >= 300) return [];
        const body = JSON.parse(res.body.toString('utf8')) as { handleId?: unknown; data?: { handleId?: unknown } };
        return enabled(idsOfValue(body?.data?.handleId ?? body?.handleId));
      } catch {
        return []; // refused by the guard, failed, or not JSON: nobody (the node's errorRule applies)
      }
    },
    async delegateOf(userId, flowId, at) {
      const when = new Date(at);
      const row = await db
        .selectFrom('flow_delegate as d')
        .innerJoin('users as u', 'u.id', 'd.to_user_id')
        .select('d.to_user_id')
        .where('d.creator_user_id', '=', userId)
        .where((eb) => coversFlow(eb, 'd', flowId))
        .where((eb) => servesUse(eb, 'd', 1))
        .where('d.start_time', '<=', when)
        .where('d.end_time', '>', when)
        .where('d.f_deleted_at', 'is', null)
        .where('u.enabled_mark', '<>', 0)
        .where('u.f_deleted_at', 'is', null)
        .orderBy('d.created_at', 'desc')
        .executeTakeFirst();
      return row?.to_user_id ?? null;
    },
  };
}
