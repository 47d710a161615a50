import { type Static, Type } from '@sinclair/typebox';

/**
 * Field config schema (design.md §4, spec 001 §3): the JNPF v3 form-generator layout with `kdKey`.
 * Widget-specific props are allowed beside the common ones; each renderer's `inspector` describes its own.
 */
export const RegRuleSchema = Type.Object({ pattern: Type.String(), message: Type.String() });

export const OptionSchema = Type.Object(
  { fullName: Type.String(), id: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) },
  { additionalProperties: true },
);

/**
 * Show a field only while another field of the record holds one of some values (`__config__.showWhen`, issue 26: e.g.
 * the role and user pickers of the run-grants form while runScope is 'granted'). A hidden field keeps its value.
 */
export const ShowWhenSchema = Type.Object(
  { field: Type.String({ minLength: 1 }), in: Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])) },
  { additionalProperties: false },
);

export const FieldMetaSchema = Type.Object(
  {
    kdKey: Type.String({ minLength: 1 }),
    label: Type.Optional(Type.String()),
    tag: Type.Optional(Type.String()),
    formId: Type.Optional(Type.Union([Type.Number(), Type.String()])),
    required: Type.Optional(Type.Boolean()),
    defaultValue: Type.Optional(Type.Unknown()),
    regList: Type.Optional(Type.Array(RegRuleSchema)),
    dataType: Type.Optional(Type.Union([Type.Literal('static'), Type.Literal('dictionary'), Type.Literal('dynamic'), Type.Literal('')])),
    dictionaryType: Type.Optional(Type.String()),
    propsUrl: Type.Optional(Type.String()),
    span: Type.Optional(Type.Number()),
    layout: Type.Optional(Type.Union([Type.Literal('colFormItem'), Type.Literal('rowFormItem')])),
    children: Type.Optional(Type.Array(Type.Unknown())),
    showWhen: Type.Optional(ShowWhenSchema),
    /** Options from a REST selector of a built-in area, `{name}` / `{name|fallback}` filled from the form's record (issue 26). */
    optionsPath: Type.Optional(Type.String({ pattern: '^/api/', maxLength: 300 })),
  },
  { additionalProperties: true },
);

export const FieldConfigSchema = Type.Object(
  {
    __config__: FieldMetaSchema,
    __vModel__: Type.Optional(Type.String({ pattern: '^$|^[A-Za-z_][A-Za-z0-9_]{0,62}$' })),
    __slot__: Type.Optional(Type.Object({ options: Type.Optional(Type.Array(OptionSchema)) }, { additionalProperties: true })),
  },
  { additionalProperties: true },
);

/** One field of a form (a leaf widget, a layout container or a sub-table). */
export type FieldMeta = Omit<Static<typeof FieldMetaSchema>, 'children'> & { children?: FieldConfig[]; [prop: string]: unknown };
export type FieldConfig = Omit<Static<typeof FieldConfigSchema>, '__config__' | '__slot__'> & {
  __config__: FieldMeta;
  /** Slots: `options` of option widgets; `default` text of divider; `prepend`/`append` of inputs. */
  __slot__?: { options?: FieldOption[]; [k: string]: unknown };
  [prop: string]: unknown;
};
/** One option: `{fullName, id}`; tree options (cascader, treeSelect, tree dictionaries) carry `children`. */
export type FieldOption = Static<typeof OptionSchema> & { children?: FieldOption[]; disabled?: boolean; [k: string]: unknown };
export type RegRule = Static<typeof RegRuleSchema>;
