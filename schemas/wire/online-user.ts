import { type Static, Type } from '@sinclair/typebox';
import { KeywordSchema, type Paged, PagedSchema, PagingQueryProperties } from './common';

/**
 * Online users on the wire (issue 12 item 6; JNPF `/api/system/OnlineUser`, reference/permissions.md §5). Declared
 * once here: server/src/modules/online-user validates with these schemas, the client's page takes the types.
 */

/**
 * One signed-in session: `id` is the session's id (what force offline takes; not the token), userId, userAccount,
 * userName (real name), loginTime and lastTime (epoch ms: sign-in and last request), loginIPAddress,
 * loginPlatForm (the browser's user agent), organizeName (the user's department or company, '' when none).
 */
export const OnlineUserRowSchema = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  userAccount: Type.String(),
  userName: Type.String(),
  loginTime: Type.Number(),
  lastTime: Type.Number(),
  loginIPAddress: Type.String(),
  loginPlatForm: Type.String(),
  organizeName: Type.String(),
});
export type OnlineUserRow = Static<typeof OnlineUserRowSchema>;

/** GET /api/system/OnlineUser query: keyword (account or name, literal, case-insensitive), currentPage, pageSize. */
export const OnlineUserQuerySchema = Type.Object({ keyword: Type.Optional(KeywordSchema), ...PagingQueryProperties });
export type OnlineUserQuery = Static<typeof OnlineUserQuerySchema>;

/** A page of online sessions, most recently active first. */
export const OnlineUserPageSchema = PagedSchema(OnlineUserRowSchema);
export type OnlineUserPage = Paged<OnlineUserRow>;

/** DELETE /api/system/OnlineUser body: the session ids to force offline (1–500). */
export const OnlineUserIdsSchema = Type.Object({ ids: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 500 }) });
export type OnlineUserIds = Static<typeof OnlineUserIdsSchema>;
