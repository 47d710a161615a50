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

/** A value a field rule compares with. */
const RuleValueSchema = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

/**
 * The operators of a field rule's condition (issue 13 item 1 "Field rules"; src/engine/fieldRules.ts evaluates them):
 * eq / ne (1 and '1' are one value), gt / ge / lt / le (numbers, else text such as 'YYYY-MM-DD'), contains (text
 * contains the value, or a multi-value array holds it), empty / notEmpty (null, '', []), in (one of `in`: the issue-26
 * shape `{ field, in }`).
 */
export const RULE_OPS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'contains', 'empty', 'notEmpty', 'in'] as const;

/**
 * One condition on another field of the record: `{ field, op, value }`, or `{ field, in: [...] }` (no `op`: the
 * show-when shape of issue 26, kept as it was).
 */
export const FieldConditionSchema = Type.Object(
  {
    field: Type.String({ minLength: 1 }),
    op: Type.Optional(Type.Union(RULE_OPS.map((o) => Type.Literal(o)))),
    value: Type.Optional(RuleValueSchema),
    in: Type.Optional(Type.Array(RuleValueSchema)),
  },
  { additionalProperties: false },
);

/**
 * When a field rule holds (`__config__.showWhen` / `requiredWhen` / `readonlyWhen`): one condition, or all / any of
 * several. Evaluated alike by the form and by the server (src/engine/fieldRules.ts).
 */
export const FieldWhenSchema = Type.Union([
  FieldConditionSchema,
  Type.Object({ all: Type.Array(FieldConditionSchema, { minItems: 1 }) }, { additionalProperties: false }),
  Type.Object({ any: Type.Array(FieldConditionSchema, { minItems: 1 }) }, { additionalProperties: false }),
]);

/**
 * Show a field only while a condition on other fields holds (`__config__.showWhen`, issue 26, widened by issue 13:
 * e.g. the role and user pickers of the run-grants form while runScope is 'granted'). A hidden field keeps its value in
 * the form; the server neither requires nor saves it. Page actions' `when` use the same shape.
 */
export const ShowWhenSchema = FieldWhenSchema;

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
    /** Required while the condition holds (and the field shows); the form stars it, the server refuses it empty. */
    requiredWhen: Type.Optional(FieldWhenSchema),
    /** Read-only while the condition holds: the form disables it, the server refuses a change of its value. */
    readonlyWhen: Type.Optional(FieldWhenSchema),
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
/** One condition of a field rule. */
export type FieldCondition = Static<typeof FieldConditionSchema>;
/** A field rule's condition set (one condition, or all / any of several). */
export type FieldWhen = Static<typeof FieldWhenSchema>;
/** A condition operator. */
export type RuleOp = (typeof RULE_OPS)[number];
