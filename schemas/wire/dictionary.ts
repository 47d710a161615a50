import { type Static, Type } from '@sinclair/typebox';
import { FlagSchema, KeywordSchema, Nullable, NullableText, SortCodeSchema } from './common';

/**
 * Dictionaries on the wire (spec 001 §3 "Dictionary type", "Dictionary data", §7; spec 000 §7 Common):
 * /api/system/DictionaryType, /api/system/DictionaryData and /api/SubDev/CommonData. Declared once here:
 * server/src/modules/dictionary validates with these schemas, src/api/dictionary.ts takes the types.
 */

/** A dictionary type (JNPF DictionaryType shape). */
export const DictionaryTypeSchema = Type.Object({
  id: Type.String(),
  /** The parent type's id; '-1' at the root. */
  parentId: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  /** 1: its items form a tree (parentId per item); 0: a flat list. */
  isTree: Type.Integer(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Nullable(Type.String()),
  /** The row's version (issue 27): an update or delete sends back the one it read. */
  version: Type.Optional(Type.Integer()),
});
export type DictionaryType = Static<typeof DictionaryTypeSchema>;

/** A dictionary item ("dictionary data"). */
export const DictionaryItemSchema = Type.Object({
  id: Type.String(),
  dictionaryTypeId: Type.String(),
  /** The parent item's id (tree dictionaries); '-1' or '0' at the root. */
  parentId: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Nullable(Type.String()),
  /** The row's version (issue 27): an update or delete sends back the one it read. */
  version: Type.Optional(Type.Integer()),
});
export type DictionaryItem = Static<typeof DictionaryItemSchema>;

/** A row of a tree list (spec 001 §3 "Tree node"): `hasChildren`, and `children` when it has any. */
export type TreeRowOf<T> = T & { hasChildren?: boolean; children?: TreeRowOf<T>[] };

/** A select option of a dictionary (what select widgets with dataType dictionary read; a tree for tree types). */
export const DictionaryOptionSchema = Type.Recursive(
  (Option) =>
    Type.Object({
      id: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      parentId: Type.String(),
      children: Type.Optional(Type.Array(Option)),
    }),
  { $id: 'DictionaryOption' },
);
export type DictionaryOption = Static<typeof DictionaryOptionSchema>;

/** An entry of GET DictionaryData/All `{ list }`: a type with its enabled items. */
export const DictionaryWithItemsSchema = Type.Object({
  id: Type.String(),
  enCode: Type.String(),
  fullName: Type.String(),
  isTree: Type.Integer(),
  dictionaryList: Type.Array(DictionaryOptionSchema),
});
export type DictionaryWithItems = Static<typeof DictionaryWithItemsSchema>;

/** The export file of a type (GET DictionaryData/{typeId}/Action/Export, `<enCode>.json`). */
export interface DictionaryExport {
  dictionaryType: DictionaryType;
  dictionaryData: DictionaryItem[];
}

/**
 * Body of POST DictionaryType (create) and DictionaryType/{id} (update) as the server validates it. fullName and
 * enCode are checked further by the server so that its 400 messages name the field in the request's language (spec
 * 001 §5).
 */
export const DictionaryTypeBodySchema = Type.Object({
  parentId: Type.Optional(NullableText(100)),
  fullName: Type.Optional(NullableText(100)),
  enCode: Type.Optional(NullableText(50)),
  isTree: Type.Optional(FlagSchema),
  sortCode: Type.Optional(SortCodeSchema),
  enabledMark: Type.Optional(FlagSchema),
  description: Type.Optional(NullableText(500)),
  /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});

/** A type's create/update body that passes the server's checks: fullName and enCode required. */
export type DictionaryTypeInput = Pick<DictionaryType, 'fullName' | 'enCode'> &
  Partial<Pick<DictionaryType, 'parentId' | 'isTree' | 'sortCode' | 'enabledMark' | 'description'>>;

/** Body of POST DictionaryData (create) and DictionaryData/{id} (update) as the server validates it (see the type's). */
export const DictionaryItemBodySchema = Type.Object({
  dictionaryTypeId: Type.Optional(NullableText(100)),
  parentId: Type.Optional(NullableText(100)),
  fullName: Type.Optional(NullableText(100)),
  enCode: Type.Optional(NullableText(50)),
  sortCode: Type.Optional(SortCodeSchema),
  enabledMark: Type.Optional(FlagSchema),
  description: Type.Optional(NullableText(500)),
  /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});

/** An item's create/update body that passes the server's checks: dictionaryTypeId, fullName and enCode required. */
export type DictionaryItemInput = Pick<DictionaryItem, 'dictionaryTypeId' | 'fullName' | 'enCode'> &
  Partial<Pick<DictionaryItem, 'parentId' | 'sortCode' | 'enabledMark' | 'description'>>;

/** `?keyword` of the type list (≤ 100 characters). */
export const DictionaryKeywordQuerySchema = Type.Object({ keyword: Type.Optional(KeywordSchema) });

/** isTree as a query value: '1' tree, '0' flat, '' (or absent) as the type says. */
export const TreeFlagQuerySchema = Type.Unsafe<'' | '0' | '1'>({ type: 'string', enum: ['', '0', '1'] });

/** `?keyword&isTree` of GET DictionaryData/{typeId}. */
export const DictionaryItemListQuerySchema = Type.Object({ keyword: Type.Optional(KeywordSchema), isTree: Type.Optional(TreeFlagQuerySchema) });
export type DictionaryItemListQuery = Static<typeof DictionaryItemListQuerySchema>;
