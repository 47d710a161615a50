import type { FastifyInstance } from 'fastify';
import type { ImUser } from '../../../../schemas/wire/im';
import { IdParamsSchema, type IdParams } from '../../../../schemas/wire/common';
import { type ImSelectorBody, ImSelectorBodySchema, type ImUserListBody, ImUserListBodySchema, type ImUserQuery, ImUserQuerySchema } from '../../../../schemas/wire/im';
import type { Db } from '../../db/types';
import { ok } from '../../plugins/envelope';
import { avatarUrl } from '../current-user/repository';

/** A LIKE pattern matching `s` literally anywhere. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Members listed by one selector call at most (a keyword search or one organisation's users). */
const SELECTOR_MAX = 500;

/** One node of the chat's member selector (JNPF OrganizeMemberListOutput). */
export interface ImMemberNode {
  id: string;
  fullName: string;
  /** 'user', or the organisation's category ('company' | 'department'). */
  type: string;
  icon: string;
  enabledMark: number;
  hasChildren: boolean;
  isLeaf: boolean;
  headIcon?: string;
}

/**
 * The chat's contacts: enabled users other than the caller, matching `keyword` on account or real name, by sort
 * code then account, with their department (spec 000 §3 "Chat user item"; JNPF GetImUserList).
 */
export async function listImUsers(db: Db, me: string, q: ImUserQuery): Promise<{ list: ImUser[]; pagination: { currentPage: number; pageSize: number; total: number } }> {
  const currentPage = Math.max(1, q.currentPage ?? 1);
  const pageSize = Math.min(500, Math.max(1, q.pageSize ?? 20));
  let base = db.selectFrom('users as u').leftJoin('organize as o', 'o.id', 'u.organize_id').where('u.enabled_mark', '=', 1).where('u.f_deleted_at', 'is', null).where('u.id', '<>', me);
  const kw = q.keyword?.trim();
  if (kw) base = base.where((eb) => eb.or([eb('u.account', 'ilike', likeText(kw)), eb('u.real_name', 'ilike', likeText(kw))]));
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['u.id', 'u.account', 'u.real_name', 'u.head_icon', 'o.full_name as department'])
    .orderBy('u.sort_code')
    .orderBy('u.account')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  return {
    list: rows.map((r) => ({ id: r.id, userId: r.id, account: r.account, realName: r.real_name, headIcon: avatarUrl(r.head_icon) ?? '', department: r.department ?? '' })),
    pagination: { currentPage, pageSize, total: Number(total) },
  };
}

const userNode = (r: { id: string; account: string; real_name: string; head_icon: string | null }): ImMemberNode => ({
  id: r.id,
  fullName: `${r.real_name}/${r.account}`,
  type: 'user',
  icon: 'icon-ym icon-ym-tree-user2',
  enabledMark: 1,
  hasChildren: false,
  isLeaf: true,
  headIcon: avatarUrl(r.head_icon) ?? '',
});

/**
 * The member selector (JNPF GetOrganizeMemberList): with a keyword, the enabled users matching it (account or real
 * name); without, the enabled organisations directly under `organizeId` ('0': the top level) followed by that
 * organisation's enabled users. At most SELECTOR_MAX users.
 */
export async function memberSelector(db: Db, organizeId: string, keyword: string): Promise<ImMemberNode[]> {
  const users = db.selectFrom('users').select(['id', 'account', 'real_name', 'head_icon']).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('account').limit(SELECTOR_MAX);
  if (keyword) {
    const rows = await users.where((eb) => eb.or([eb('account', 'ilike', likeText(keyword)), eb('real_name', 'ilike', likeText(keyword))])).execute();
    return rows.map(userNode);
  }
  const orgs = await db
    .selectFrom('organize')
    .select(['id', 'full_name', 'category'])
    .where('enabled_mark', '=', 1)
    .where('f_deleted_at', 'is', null)
    .where('parent_id', '=', organizeId === '0' ? '-1' : organizeId)
    .orderBy('sort_code')
    .orderBy('full_name')
    .execute();
  const orgNodes = orgs.map((o) => ({
    id: o.id,
    fullName: o.full_name,
    type: o.category,
    icon: o.category === 'company' ? 'icon-ym icon-ym-tree-organization3' : 'icon-ym icon-ym-tree-department1',
    enabledMark: 1,
    hasChildren: true,
    isLeaf: false,
  }));
  const members = organizeId === '0' ? [] : await users.where('organize_id', '=', organizeId).execute();
  return [...orgNodes, ...members.map(userNode)];
}

/** The enabled users among `ids` as `{ id, fullName: realName/account, account, realName, headIcon }` (JNPF GetUserList). */
export async function usersByIds(db: Db, ids: string[]): Promise<Array<{ id: string; fullName: string; account: string; realName: string; headIcon: string }>> {
  const unique = [...new Set(ids.map((s) => s.trim()).filter(Boolean))].slice(0, 500);
  if (!unique.length) return [];
  const rows = await db.selectFrom('users').select(['id', 'account', 'real_name', 'head_icon']).where('id', 'in', unique).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('account').execute();
  return rows.map((r) => ({ id: r.id, fullName: `${r.real_name}/${r.account}`, account: r.account, realName: r.real_name, headIcon: avatarUrl(r.head_icon) ?? '' }));
}

/**
 * Contact routes of the chat (spec 000 §7 "Internal chat"; `chat` rows of contract/endpoints.tsv), any signed-in user:
 * - GET /api/permission/Users/ImUser?keyword&currentPage&pageSize (default 20) → `{ list: ImUser[], pagination }`;
 * - POST /api/permission/Users/ImUser/Selector/{id} body `{ keyword }` → `{ list: ImMemberNode[] }`;
 * - POST /api/permission/Users/getUserList body `{ userId: string[] | 'a,b' }` → `{ list }` of the enabled ones.
 * 400 on a bad query or body (pageSize > 500, keyword > 100 characters, more than 500 ids).
 */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { access: 'signedIn' } as const;
  app.get<{ Querystring: ImUserQuery }>('/api/permission/Users/ImUser', { config: signedIn, schema: { querystring: ImUserQuerySchema } }, async (req) =>
    ok(await listImUsers(app.db, req.auth!.userId, req.query)),
  );
  app.post<{ Params: IdParams; Body: ImSelectorBody }>(
    '/api/permission/Users/ImUser/Selector/:id',
    { config: signedIn, schema: { params: IdParamsSchema, body: ImSelectorBodySchema } },
    async (req) => ok({ list: await memberSelector(app.db, req.params.id, (req.body?.keyword ?? '').trim()) }),
  );
  app.post<{ Body: ImUserListBody }>('/api/permission/Users/getUserList', { config: signedIn, schema: { body: ImUserListBodySchema } }, async (req) => {
    // Fastify's ajv coerces a comma text to a one-item list: split every item.
    const ids = (Array.isArray(req.body.userId) ? req.body.userId : [req.body.userId]).flatMap((s) => s.split(','));
    return ok({ list: await usersByIds(app.db, ids) });
  });
}
