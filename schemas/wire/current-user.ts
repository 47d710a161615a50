import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common';

/**
 * The current user's profile on the wire (spec 000 §7 "Current user"; JNPF UsersCurrent* shapes): GET/POST
 * /api/permission/Users/Current/{BaseInfo, Subordinate, Authorize, SystemLog} and GET /api/permission/Users/Members/{id}.
 * Declared once here: server/src/modules/current-user validates with these schemas, src/api/currentUser.ts takes the types.
 */

const Text = Type.String();
const NullableString = Nullable(Text);

/** The profile (GET …/Current/BaseInfo; JNPF UsersCurrentInfoOutput). Times are epoch milliseconds. */
export const BaseInfoSchema = Type.Object({
  id: Text,
  account: Text,
  realName: Text,
  /** '1' male, '2' female, '3' not given; null when unset. */
  gender: NullableString,
  mobilePhone: NullableString,
  email: NullableString,
  signature: NullableString,
  /** Organisation name, "department / parent" when nested. */
  organize: NullableString,
  /** Position names, comma-separated. */
  position: Text,
  /** Direct superior as "realName/account". */
  manager: NullableString,
  /** Role names, comma-separated. */
  roleId: Text,
  /** Layout type: classic | functional | blend | plain. */
  theme: NullableString,
  /** zh | en | tw | mas. */
  language: NullableString,
  /** The stored file name of the avatar. */
  headIcon: NullableString,
  /** The avatar URL (/api/file/Image/userAvatar/<name>, or a kept path / URL). */
  avatar: NullableString,
  creatorTime: Nullable(Type.Number()),
  prevLogTime: Nullable(Type.Number()),
  prevLogIP: NullableString,
});
export type BaseInfo = Static<typeof BaseInfoSchema>;

/** Profile genders as sent: '' (clear), '0'–'3'. */
export type GenderCode = '' | '0' | '1' | '2' | '3';

/**
 * Body of POST (or PUT) …/Current/BaseInfo: the editable fields; absent = unchanged, '' or null = cleared. Rules:
 * realName 1–50 with a non-space; gender '' | 0–3; mobilePhone '' or ^1[3-9]\d{9}$; email '' or an e-mail ≤ 100;
 * signature ≤ 500. A bad field → 400 naming it.
 */
export const BaseInfoInputSchema = Type.Object({
  realName: Type.Optional(Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' })),
  gender: Type.Optional(Type.Union([Type.Null(), Type.Unsafe<GenderCode>({ type: 'string', enum: ['', '0', '1', '2', '3'] })])),
  mobilePhone: Type.Optional(Type.Union([Type.Null(), Type.String({ pattern: '^(1[3-9]\\d{9})?$' })])),
  email: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 0 }), Type.String({ maxLength: 100, format: 'email' })])),
  signature: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 500 })])),
});
export type BaseInfoInput = Static<typeof BaseInfoInputSchema>;

/** A subordinate (GET …/Current/Subordinate; JNPF UsersCurrentSubordinateOutput plus id and isLeaf). */
export const SubordinateSchema = Type.Object({
  id: Text,
  account: Text,
  realName: Text,
  /** "realName/account". */
  userName: Text,
  avatar: NullableString,
  department: NullableString,
  position: NullableString,
  /** true when this user has no enabled subordinates of their own (lazy tree). */
  isLeaf: Type.Boolean(),
});
export type Subordinate = Static<typeof SubordinateSchema>;

/** A node of the profile's permission trees (GET …/Current/Authorize; JNPF UsersCurrentAuthorizeMoldel). */
export const AuthorizeNodeSchema = Type.Recursive(
  (Node) =>
    Type.Object({
      id: Text,
      parentId: Text,
      fullName: Text,
      enCode: Text,
      icon: Text,
      /** 'module' for menus, 'button' for buttons. */
      kind: Type.Union([Type.Literal('module'), Type.Literal('button')]),
      children: Type.Array(Node),
    }),
  { $id: 'AuthorizeNode' },
);
export type AuthorizeNode = Static<typeof AuthorizeNodeSchema>;

/** The caller's grants as trees, one per permission category (column, form and resource are empty for now). */
export const CurrentAuthorizeSchema = Type.Object({
  module: Type.Array(AuthorizeNodeSchema),
  button: Type.Array(AuthorizeNodeSchema),
  column: Type.Array(AuthorizeNodeSchema),
  form: Type.Array(AuthorizeNodeSchema),
  resource: Type.Array(AuthorizeNodeSchema),
});
export type CurrentAuthorize = Static<typeof CurrentAuthorizeSchema>;

/**
 * Query of GET …/Current/SystemLog (design.md §6 list conventions; JNPF UsersCurrentSystemLogQuery): currentPage ≥ 1
 * (default 1), pageSize 1–200 (default 20), keyword ≤ 100; startTime / endTime: ms (or ten-digit seconds) since the
 * epoch, or a date / date-time text, '' unbounded (an end date includes its whole day); category 1 sign-in (the only
 * one kept). Bad values → 400 naming the field.
 */
export const SystemLogQuerySchema = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  startTime: Type.Optional(Type.String({ maxLength: 40 })),
  endTime: Type.Optional(Type.String({ maxLength: 40 })),
  category: Type.Optional(Type.Integer()),
  sort: Type.Optional(Type.String()),
  n: Type.Optional(Type.Unknown()),
});
export type SystemLogQuery = Static<typeof SystemLogQuerySchema>;

/** One sign-in log row (JNPF UsersCurrentSystemLogOutput). */
export const SystemLogRowSchema = Type.Object({
  id: Text,
  /** ms since the epoch. */
  creatorTime: Nullable(Type.Number()),
  userName: Text,
  ipaddress: NullableString,
  ipAddressName: Text,
  /** The browser's user agent. */
  platForm: NullableString,
  /** The outcome text (登录成功, wrong password…). */
  abstracts: NullableString,
  /** 1 success, 0 failure. */
  loginMark: Type.Number(),
});
export type SystemLogRow = Static<typeof SystemLogRowSchema>;

/** A member of a role, position or organisation (GET /api/permission/Users/Members/{id} → `{ list }`). */
export const MemberSchema = Type.Object({
  id: Text,
  account: Text,
  realName: Text,
  headIcon: NullableString,
  gender: NullableString,
  /** The user's organisation (department) name. */
  department: NullableString,
  enabledMark: Type.Number(),
});
export type Member = Static<typeof MemberSchema>;
