import { type Static, Type } from '@sinclair/typebox';

/** Column config schema (design.md §4, spec 001 §2): the list page of a model. */
export const ColumnItemSchema = Type.Object(
  {
    prop: Type.String(),
    label: Type.String(),
    /**
     * The widget of the column's field; when `prop` is no field of the form (a list-only column of a built-in page), the
     * column carries that widget's field props itself (e.g. `__slot__.options`) and its cell is formatted by it.
     */
    kdKey: Type.Optional(Type.String()),
    width: Type.Optional(Type.Number()),
    align: Type.Optional(Type.String()),
    fixed: Type.Optional(Type.String()),
    sortable: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export const SearchItemSchema = Type.Object(
  {
    prop: Type.String(),
    label: Type.String(),
    kdKey: Type.Optional(Type.String()),
    searchType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
  },
  { additionalProperties: true },
);
export const ButtonItemSchema = Type.Object({ value: Type.String(), label: Type.String(), icon: Type.Optional(Type.String()) }, { additionalProperties: true });

export const ColumnConfigSchema = Type.Object(
  {
    type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]),
    searchList: Type.Array(SearchItemSchema),
    columnList: Type.Array(ColumnItemSchema),
    sort: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
    defaultSidx: Type.Optional(Type.String()),
    hasPage: Type.Boolean(),
    pageSize: Type.Number({ minimum: 1, maximum: 500 }),
    btnsList: Type.Array(ButtonItemSchema),
    columnBtnsList: Type.Array(ButtonItemSchema),
    useColumnPermission: Type.Optional(Type.Boolean()),
    useFormPermission: Type.Optional(Type.Boolean()),
    useBtnPermission: Type.Optional(Type.Boolean()),
    useDataPermission: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type ColumnConfig = Static<typeof ColumnConfigSchema>;
export type ColumnItem = Static<typeof ColumnItemSchema>;
export type SearchItem = Static<typeof SearchItemSchema>;
