import { type Static, Type } from '@sinclair/typebox';
import { type ColumnConfig, ColumnConfigSchema } from './columns';
import { type FormConfig, FormConfigSchema } from './form';

/** A table bound to a model (design.md §4): typeId '1' main, '0' child (sub-table). */
export const ModelTableSchema = Type.Object(
  {
    typeId: Type.Union([Type.Literal('1'), Type.Literal('0')]),
    /** Lower case; never `pg_…` (PostgreSQL's own names; issue 20 item 1). Platform tables are refused by the server. */
    table: Type.String({ pattern: '^(?!pg_)[a-z_][a-z0-9_]{0,62}$' }),
    tableKey: Type.Optional(Type.String()),
    tableField: Type.Optional(Type.String()),
    relationTable: Type.Optional(Type.String()),
    relationField: Type.Optional(Type.String()),
    /**
     * The table existed before the model and is bound to it (issue 13 item 3, JNPF's 从数据库表): its columns are
     * checked against the fields and never altered; a child's `tableField` names its foreign key column.
     */
    bind: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

/** Model record, also the export/import file (design.md §4, spec 001 §3 "visual dev base record"). */
export const ModelRecordSchema = Type.Object(
  {
    id: Type.String(),
    fullName: Type.String({ minLength: 1, maxLength: 100 }),
    enCode: Type.String({ minLength: 1, maxLength: 50 }),
    category: Type.Optional(Type.String()),
    type: Type.Optional(Type.Number()),
    state: Type.Optional(Type.Number()),
    webType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    tables: Type.Array(ModelTableSchema),
    formData: FormConfigSchema,
    columnData: ColumnConfigSchema,
    flowId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    enableFlow: Type.Optional(Type.Number()),
  },
  { additionalProperties: true },
);
export type ModelTable = Static<typeof ModelTableSchema>;
export type ModelRecord = Omit<Static<typeof ModelRecordSchema>, 'formData' | 'columnData'> & {
  formData: FormConfig;
  columnData: ColumnConfig;
};
