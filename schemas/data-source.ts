import { type Static, Type } from '@sinclair/typebox';

/**
 * Field data-source config and field-list rows (spec 001 §3 "Field data-source config", "Field-list row"; design.md §4),
 * and data interfaces as records (design.md §6 `/api/system/DataInterface`).
 */

/** Cell types of a field-list row (spec 001 §3); the type column is read-only in the dialog. */
export const FIELD_ROW_TYPES = ['text', 'numeric', 'date', 'time', 'checkbox', 'password', 'html', 'autocomplete'] as const;

/** One column of a data source (spec 001 §3 "Field-list row"). Defaults: width 100, vAlign middle, hAlign left. */
export const FieldListRowSchema = Type.Object(
  {
    isVisible: Type.Boolean(),
    canSearch: Type.Boolean(),
    /** The source column (an identifier: letters, digits, underscores). */
    field: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' }),
    label: Type.String({ maxLength: 100 }),
    type: Type.Union(FIELD_ROW_TYPES.map((t) => Type.Literal(t))),
    /** The form field (`__vModel__`) that receives this column's value when a row is chosen; '' for none. */
    linkField: Type.Optional(Type.String({ maxLength: 63 })),
    width: Type.Number({ minimum: 20, maximum: 2000 }),
    langId: Type.Optional(Type.String({ maxLength: 100 })),
    vAlign: Type.Union([Type.Literal('top'), Type.Literal('middle'), Type.Literal('bottom')]),
    hAlign: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]),
    sortable: Type.Boolean(),
    table: Type.Optional(Type.String({ maxLength: 63 })),
    formatString: Type.Optional(Type.String({ maxLength: 100 })),
    readOnly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Source types (spec 001 §3): 1 SQL, 2 internal interface, 3 external interface, 4 feature list. */
export const DATA_SOURCE_TYPES = [1, 2, 3, 4] as const;

/**
 * The special `content` meaning "selected fields of the form's chosen tables" (spec 001 §3: a sub-table pick).
 * With it the dialog works in sub-table mode (ticking visible adds to the selected fields).
 */
export const SUB_TABLE_CONTENT = '@subTable';

/** A field's data source (spec 001 §3). Defaults: multipleSelection true, besideSelects true. */
export const DataSourceConfigSchema = Type.Object(
  {
    type: Type.Union(DATA_SOURCE_TYPES.map((t) => Type.Literal(t))),
    /** SQL text (1), interface id (2), interface URL (3) or feature (model) id (4), by type. */
    content: Type.String({ maxLength: 20000 }),
    multipleSelection: Type.Boolean({ default: true }),
    /** Exclude rows already selected in the form. */
    besideSelects: Type.Boolean({ default: true }),
    pagination: Type.Boolean(),
    /** The source field whose value identifies a row (e.g. 'id'). */
    srcField: Type.Optional(Type.String({ maxLength: 63 })),
    fields: Type.Array(FieldListRowSchema, { maxItems: 200 }),
  },
  { additionalProperties: true },
);

/** Data interface kinds: 1 SQL, 2 static JSON, 3 external HTTP API. */
export const DATA_INTERFACE_TYPES = [1, 2, 3] as const;

/** A data interface record (design.md §6; JNPF `DataInterface`). */
export const DataInterfaceSchema = Type.Object(
  {
    id: Type.Optional(Type.String()),
    fullName: Type.String({ minLength: 1, maxLength: 100 }),
    enCode: Type.String({ minLength: 1, maxLength: 50 }),
    category: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
    dataType: Type.Union(DATA_INTERFACE_TYPES.map((t) => Type.Literal(t))),
    /** SQL text (1, named parameters `@name` or `{name}`, bound) or the JSON text (2). */
    query: Type.Optional(Type.Union([Type.String({ maxLength: 20000 }), Type.Null()])),
    /** URL of an external API (3): http or https only. */
    path: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    requestMethod: Type.Optional(Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Null()])),
    /** Default parameters: `[{ field, defaultValue }]` (JSON). */
    requestParameters: Type.Optional(Type.Union([Type.Array(Type.Object({ field: Type.String({ maxLength: 63 }), defaultValue: Type.Optional(Type.Unknown()) })), Type.Null()])),
    enabledMark: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    sortCode: Type.Optional(Type.Number()),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    /** The row's version (issue 27): an update or delete sends back the one it read. */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: true },
);

export type FieldListRow = Static<typeof FieldListRowSchema>;
export type FieldRowType = (typeof FIELD_ROW_TYPES)[number];
export type DataSourceConfig = Static<typeof DataSourceConfigSchema>;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];
export type DataInterface = Static<typeof DataInterfaceSchema>;

/** A new field-list row with the spec's defaults (spec 001 §4: visible, searchable, sortable, width 100, text, middle/left). */
export function newFieldRow(field: string, label: string, over: Partial<FieldListRow> = {}): FieldListRow {
  return { isVisible: true, canSearch: true, field, label, type: 'text', linkField: '', width: 100, langId: '', vAlign: 'middle', hAlign: 'left', sortable: true, table: '', formatString: '', readOnly: false, ...over };
}

/** A new data-source config with the spec's defaults (spec 001 §3, §9: multipleSelection and besideSelects true). */
export function newDataSourceConfig(over: Partial<DataSourceConfig> = {}): DataSourceConfig {
  return { type: 1, content: '', multipleSelection: true, besideSelects: true, pagination: true, srcField: '', fields: [], ...over };
}

/**
 * Who may run an interface (issue 20 item 3): 'granted' — administrators, holders of a grant on it (roles, positions,
 * users: authorize item_type 'dataInterface') and form fields bound to it for users who may open the form;
 * 'signedIn' — every signed-in user.
 */
export type RunScope = 'granted' | 'signedIn';

/** An interface's run grants on the wire (`GET|POST /api/system/DataInterface/{id}/Authorize`). */
export interface InterfaceGrants {
  runScope: RunScope;
  roleIds: string[];
  userIds: string[];
  positionIds: string[];
}
