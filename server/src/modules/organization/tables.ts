import type { ColumnType, Generated } from 'kysely';

/**
 * Database types of migration 0400_organization, merged into the application's `Database` (db/types.ts convention).
 * Importing this module (the organisation repositories do) makes the tables known to Kysely.
 */

/** A non-global role bound to an organisation (JNPF BASE_ORGANIZE_RELATION; objectType Role). */
export interface OrganizeRelationTable {
  id: string;
  organize_id: string;
  object_type: 'Role';
  object_id: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An organisation admin (JNPF BASE_ORGANIZEADMINISTRATOR): flags 0/1 on this layer and on the layers below. */
export interface OrganizeAdministratorTable {
  id: string;
  user_id: string;
  organize_id: string;
  this_layer_add: Generated<number>;
  this_layer_edit: Generated<number>;
  this_layer_delete: Generated<number>;
  this_layer_select: Generated<number>;
  sub_layer_add: Generated<number>;
  sub_layer_edit: Generated<number>;
  sub_layer_delete: Generated<number>;
  sub_layer_select: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Migration 0683 (issue 27): version, modifier, recycle bin. */
  f_version: Generated<number>;
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_by: string | null;
  f_deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  f_deleted_by: string | null;
}

declare module '../../db/types' {
  interface UsersTable {
    /** 说明 on the user form. */
    description: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface Database {
    organize_relation: OrganizeRelationTable;
    organize_administrator: OrganizeAdministratorTable;
  }
}
