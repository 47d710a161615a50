import { type Static, Type } from '@sinclair/typebox';
import { type FieldConfig, FieldConfigSchema } from './field';

/** Form config schema (design.md §4): layout options and the field tree. */
export const FormConfigSchema = Type.Object(
  {
    formRef: Type.Optional(Type.String()),
    formModel: Type.Optional(Type.String()),
    size: Type.Optional(Type.String()),
    labelPosition: Type.Optional(Type.String()),
    labelWidth: Type.Optional(Type.Number()),
    gutter: Type.Optional(Type.Number()),
    span: Type.Optional(Type.Number()),
    disabled: Type.Optional(Type.Boolean()),
    popupType: Type.Optional(Type.String()),
    fields: Type.Array(FieldConfigSchema),
  },
  { additionalProperties: true },
);
export type FormConfig = Omit<Static<typeof FormConfigSchema>, 'fields'> & { fields: FieldConfig[] };
