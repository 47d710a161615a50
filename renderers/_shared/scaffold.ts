import type { FieldConfig } from '../../schemas/field';

/**
 * Builds a scaffold (the field config the designer drops, design.md §3) in the JNPF v3 layout:
 * `__config__` with kdKey, label, tag, required false, empty regList, span 24 and layout; `__vModel__` empty
 * (the designer assigns `{kdKey}Field{formId}`), then the widget's own props.
 */
export function scaffoldOf(kdKey: string, label: string, tag: string, config: Record<string, unknown> = {}, props: Record<string, unknown> = {}, stores = true): FieldConfig {
  return {
    __config__: { kdKey, label, tag, required: false, regList: [], span: 24, layout: 'colFormItem', ...config },
    ...(stores ? { __vModel__: '' } : {}),
    ...props,
  };
}
