import { type Static, Type } from '@sinclair/typebox';
import { FlagSchema, KeywordSchema, NullableText, PagingQueryProperties, SortCodeSchema } from './common';

/**
 * Organisation administration on the wire (spec 001 §7 Organisation, Department, Position, Role, Users;
 * reference/permissions.md §1, JNPF shapes). Declared once here: server/src/modules/organization validates bodies
 * and queries with these schemas (unknown body keys are dropped before the handler sees them:
 * `additionalProperties: false` with Fastify's removeAdditional), the client takes the Static types.
 */

const strict = { additionalProperties: false } as const;
const Id = Type.String({ maxLength: 100 });
/** A comma list of ids (JNPF v3.4 positionId / roleId) or an array of ids. */
const IdList = Type.Union([Type.String({ maxLength: 4000 }), Type.Array(Id, { maxItems: 200 })]);

/** Body of POST Organize (company) and Organize/Department (department), create and update. */
export const OrganizeBodySchema = Type.Object(
  {
    parentId: Type.Optional(NullableText(100)),
    fullName: Type.Optional(NullableText(100)),
    enCode: Type.Optional(NullableText(50)),
    managerId: Type.Optional(NullableText(100)),
    propertyJson: Type.Optional(NullableText(4000)),
    description: Type.Optional(NullableText(500)),
    sortCode: Type.Optional(SortCodeSchema),
    enabledMark: Type.Optional(FlagSchema),
    /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  strict,
);
export type OrganizeBody = Static<typeof OrganizeBodySchema>;

/** Body of POST Position and Position/{id}. `organizeId` is the owning department (or company). */
export const PositionBodySchema = Type.Object(
  {
    organizeId: Type.Optional(NullableText(100)),
    fullName: Type.Optional(NullableText(100)),
    enCode: Type.Optional(NullableText(50)),
    type: Type.Optional(NullableText(50)),
    description: Type.Optional(NullableText(500)),
    sortCode: Type.Optional(SortCodeSchema),
    enabledMark: Type.Optional(FlagSchema),
    /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  strict,
);
export type PositionBody = Static<typeof PositionBodySchema>;

/** Body of POST Role and Role/{id}. globalMark 1: global; 0: bound to `organizeIds`. */
export const RoleBodySchema = Type.Object(
  {
    fullName: Type.Optional(NullableText(100)),
    enCode: Type.Optional(NullableText(50)),
    type: Type.Optional(NullableText(50)),
    globalMark: Type.Optional(FlagSchema),
    organizeIds: Type.Optional(IdList),
    description: Type.Optional(NullableText(500)),
    sortCode: Type.Optional(SortCodeSchema),
    enabledMark: Type.Optional(FlagSchema),
    /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  strict,
);
export type RoleBody = Static<typeof RoleBodySchema>;

/**
 * Body of POST Users (create) and Users/{id} (update). `password` (md5 hex, as the client sends it) is read on create
 * only; `organizeId` is the main organisation, `positionId` / `roleId` comma lists (the first position is the main
 * one). `isAdministrator` is honoured only from an administrator. Sign-in state (locked, change counter, log times)
 * is never taken from a body.
 */
export const UserBodySchema = Type.Object(
  {
    account: Type.Optional(NullableText(50)),
    realName: Type.Optional(NullableText(50)),
    password: Type.Optional(Type.String({ maxLength: 64 })),
    gender: Type.Optional(NullableText(10)),
    mobilePhone: Type.Optional(NullableText(30)),
    email: Type.Optional(NullableText(100)),
    headIcon: Type.Optional(NullableText(500)),
    organizeId: Type.Optional(NullableText(100)),
    positionId: Type.Optional(Type.Union([IdList, Type.Null()])),
    roleId: Type.Optional(Type.Union([IdList, Type.Null()])),
    managerId: Type.Optional(NullableText(100)),
    description: Type.Optional(NullableText(500)),
    sortCode: Type.Optional(SortCodeSchema),
    enabledMark: Type.Optional(FlagSchema),
    isAdministrator: Type.Optional(Type.Union([Type.Boolean(), FlagSchema])),
    /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  strict,
);
export type UserBody = Static<typeof UserBodySchema>;

/** Body of POST Users/{id}/Actions/ResetPassword: the new password as md5 hex, twice (JNPF userPassword/validatePassword). */
export const ResetPasswordBodySchema = Type.Object({ userPassword: Type.String({ minLength: 1, maxLength: 64 }), validatePassword: Type.Optional(Type.String({ maxLength: 64 })) }, strict);
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;

/** Body of POST UserRelation/{objectId}: the object's type and its complete member list (replaces the members). */
export const UserRelationBodySchema = Type.Object({ objectType: Type.Union([Type.Literal('Role'), Type.Literal('Position'), Type.Literal('Organize'), Type.Literal('Group')]), userIds: Type.Array(Id, { maxItems: 5000 }) }, strict);
export type UserRelationBody = Static<typeof UserRelationBodySchema>;

/** A flag of an organisation admin: 0/1 as JNPF sends it, or a switch's false/true. */
const AdminFlag = Type.Union([FlagSchema, Type.Boolean()]);

/** One organisation admin of an organisation (flags 0/1; sub-layer flags cover every descendant). */
export const OrganizeAdminSchema = Type.Object(
  {
    userId: Id,
    thisLayerAdd: Type.Optional(AdminFlag),
    thisLayerEdit: Type.Optional(AdminFlag),
    thisLayerDelete: Type.Optional(AdminFlag),
    thisLayerSelect: Type.Optional(AdminFlag),
    subLayerAdd: Type.Optional(AdminFlag),
    subLayerEdit: Type.Optional(AdminFlag),
    subLayerDelete: Type.Optional(AdminFlag),
    subLayerSelect: Type.Optional(AdminFlag),
    /** What GET answers besides (the 分级管理 page sends its rows back as loaded): accepted and ignored. */
    id: Type.Optional(Type.String({ maxLength: 100 })),
    account: Type.Optional(NullableText(100)),
    realName: Type.Optional(NullableText(100)),
    organizeId: Type.Optional(NullableText(100)),
    /** The version GET answered for this user's row (issue 27): an older one is refused (409), nothing written. */
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  strict,
);
export type OrganizeAdmin = Static<typeof OrganizeAdminSchema>;

/** Body of POST organizeAdminIsTrator/{organizeId}: the organisation's complete admin list (replaces it). */
export const OrganizeAdminBodySchema = Type.Object({ list: Type.Array(OrganizeAdminSchema, { maxItems: 500 }) }, strict);
export type OrganizeAdminBody = Static<typeof OrganizeAdminBodySchema>;

/** Body of POST Group and Group/{id} (user groups). */
export const GroupBodySchema = Type.Object(
  {
    fullName: Type.Optional(NullableText(100)),
    enCode: Type.Optional(NullableText(50)),
    type: Type.Optional(NullableText(50)),
    description: Type.Optional(NullableText(500)),
    sortCode: Type.Optional(SortCodeSchema),
    enabledMark: Type.Optional(FlagSchema),
    /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  strict,
);
export type GroupBody = Static<typeof GroupBodySchema>;

/** Query of the paged lists (Position, Role, Users, Group): keyword, owning organisation (subtree), paging. */
export const OrgListQuerySchema = Type.Object({ keyword: Type.Optional(KeywordSchema), organizeId: Type.Optional(Type.String({ maxLength: 100 })), enabledMark: Type.Optional(Type.Integer({ enum: [0, 1, 2] })), ...PagingQueryProperties });
export type OrgListQuery = Static<typeof OrgListQuerySchema>;

/** Query of the tree lists (Organize, Department): keyword keeps matches and their ancestors. */
export const OrgKeywordQuerySchema = Type.Object({ keyword: Type.Optional(KeywordSchema) });

/** A user as pickers and member lists show it (spec 001 §3: id, userId, realName, account, headIcon, department). */
export interface UserListItem {
  id: string;
  userId: string;
  account: string;
  realName: string;
  fullName: string;
  headIcon: string | null;
  organizeId: string | null;
  department: string | null;
}
