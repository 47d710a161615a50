import { type Static, type TSchema, Type } from '@sinclair/typebox';

/**
 * Wire pieces shared by the admin areas' request and reply schemas (design.md §6; spec 001 §7). The server validates
 * bodies, queries and path parameters with these very schemas; the client takes their Static types.
 */

/** `T | null` (reply fields that may be unset). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A record id in a path: our ids are uuids or seed ids; '0' means "none" where a route says so. */
export const IdSchema = Type.String({ minLength: 1, maxLength: 100 });

/** `{ id }` path parameter (400 when missing or longer than 100 characters). */
export const IdParamsSchema = Type.Object({ id: IdSchema });
export type IdParams = Static<typeof IdParamsSchema>;

/**
 * Optional text that JNPF clients may send as null: `{ type: ['string', 'null'], maxLength }`. Written as one type
 * list rather than anyOf so that the server's type coercion keeps null as null and '' as ''.
 */
export const NullableText = (maxLength: number, extra: Record<string, unknown> = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, ...extra });

/** Flag 0/1 (enabledMark, isTree); JNPF sends numbers, strings '0'/'1' are coerced by the server. */
export const FlagSchema = Type.Integer({ enum: [0, 1] });

/** sortCode: an integer in ±999 999. */
export const SortCodeSchema = Type.Integer({ minimum: -999999, maximum: 999999 });

/** `?keyword` of a list (≤ 100 characters). */
export const KeywordSchema = Type.String({ maxLength: 100 });

/** Paging of a list query (design.md §6): currentPage ≥ 1, pageSize 1–500. */
export const PagingQueryProperties = {
  currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
};

/** `{ list, pagination: { currentPage, pageSize, total } }`, a page of rows (design.md §6). */
export const PagedSchema = <T extends TSchema>(row: T) =>
  Type.Object({
    list: Type.Array(row),
    pagination: Type.Object({ currentPage: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() }),
  });

/** A page of `T` (design.md §6 list replies). */
export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}
