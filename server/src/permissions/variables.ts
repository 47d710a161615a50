import { sql } from 'kysely';
import type { Db } from '../db/types';
import { currentSupplyOf } from '../modules/oauth/supply';
import type { SessionInfo } from '../plugins/permissions';
import type { Variable } from './schemes';

/**
 * Scheme variables resolved on the server only (design.md §7a; reference/permissions.md §6 rule 5). Each resolves to
 * the list of values it stands for, or null when it cannot be resolved (then its condition denies):
 * - `@userId`: the user;
 * - `@userAraSubordinates`: the user and everyone below it through users.manager_id (any depth, cycles stop);
 * - `@organizeId`: users.organize_id (null when the user has none);
 * - `@organizationAndSuborganization`: that organisation and every organisation below it through organize.parent_id;
 * - `@branchManageOrganize[AndSub]`: the organisations the user administers (organize_administrator, helper C's
 *   migration 0400; any row outside the recycle bin), and with AndSub their subtrees; null (deny) when it administers none;
 * - `@currentSupply`: the identity the session acts for (oauth/supply.ts currentSupplyOf: users.current_supply when it
 *   is one of the user's own user_supply rows, else the user's first identity): its Id, its SupNo and its SupTname (a
 *   model field may hold any of them, e.g. a material's 默认供应商 name); null when the user has no identity.
 */
export async function resolveVariable(db: Db, session: Pick<SessionInfo, 'userId' | 'organizeId'>, name: Variable | string): Promise<string[] | null> {
  switch (name) {
    case '@userId':
      return [session.userId];
    case '@userAraSubordinates': {
      const r = await sql<{ id: string }>`with recursive sub(id) as (select ${session.userId}::text union select u.id from users u join sub on u.manager_id = sub.id) select id from sub limit 100000`.execute(db);
      return r.rows.map((x) => x.id);
    }
    case '@organizeId':
      return session.organizeId ? [session.organizeId] : null;
    case '@organizationAndSuborganization': {
      if (!session.organizeId) return null;
      const r = await sql<{ id: string }>`with recursive sub(id) as (select ${session.organizeId}::text union select o.id from organize o join sub on o.parent_id = sub.id) select id from sub limit 100000`.execute(db);
      return r.rows.map((x) => x.id);
    }
    case '@branchManageOrganize':
    case '@branchManageOrganizeAndSub': {
      const r =
        name === '@branchManageOrganize'
          ? await sql<{ id: string }>`select distinct organize_id as id from organize_administrator where user_id = ${session.userId} and f_deleted_at is null`.execute(db)
          : await sql<{ id: string }>`with recursive sub(id) as (select organize_id from organize_administrator where user_id = ${session.userId} and f_deleted_at is null union select o.id from organize o join sub on o.parent_id = sub.id) select id from sub limit 100000`.execute(db);
      return r.rows.length ? r.rows.map((x) => x.id) : null;
    }
    case '@currentSupply': {
      const id = await currentSupplyOf(db, session);
      if (!id) return null;
      const r = await sql<{ no: string | null; name: string | null }>`select sup_no as no, sup_tname as name from user_supply where user_id = ${session.userId} and supply_id = ${id}`.execute(db);
      return [...new Set([id, r.rows[0]?.no, r.rows[0]?.name].filter((x): x is string => !!x))];
    }
    default:
      return null;
  }
}
