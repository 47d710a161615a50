import type { WidgetProps } from '@rjsf/utils';
import { Cascader } from 'antd';
import type { FieldOption } from '../../schemas/field';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useOptions } from '../_shared/useOptions';
import { isMultiple } from './definition';
import { useWidgetWord } from '../_shared/words';

type Node = { value: string | number; label: string; children?: Node[] };
const toNodes = (opts: FieldOption[]): Node[] =>
  opts.map((o) => ({ value: o.id as string | number, label: o.fullName, ...(o.children?.length ? { children: toNodes(o.children) } : {}) }));

/** rjsf widget for cascader: antd Cascader over the field's tree options; value the id path (array of paths when multiple). */
function CascaderWidget({ id, value, disabled, readonly, placeholder, onChange, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const { options: opts, loading } = useOptions(field);
  const multiple = isMultiple(field);
  const common = {
    id,
    style: { width: '100%' },
    options: toNodes(opts),
    loading,
    disabled: disabled || readonly,
    allowClear: field.clearable !== false,
    showSearch: !!field.filterable,
    placeholder: placeholder || (field.placeholder as string | undefined) || w('select'),
    displayRender: field['show-all-levels'] === false ? (labels: string[]) => labels[labels.length - 1] : (labels: string[]) => labels.join(typeof field.separator === 'string' ? field.separator : '/'),
  };
  const emit = (v: unknown) => onChange(Array.isArray(v) && v.length ? v : undefined);
  return multiple ? (
    <Cascader {...common} multiple value={Array.isArray(value) ? value : []} onChange={emit} />
  ) : (
    <Cascader {...common} value={Array.isArray(value) ? value : undefined} onChange={emit} />
  );
}
export default memoWidget(CascaderWidget);
