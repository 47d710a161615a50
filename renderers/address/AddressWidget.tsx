import type { WidgetProps } from '@rjsf/utils';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { type Area, areaTree } from './areas';
import { useWidgetWord } from '../_shared/words';

type Node = { value: string; label: string; children?: Node[] };
const toNodes = (list: Area[]): Node[] => list.map((a) => ({ value: a.code, label: a.name, ...(a.children ? { children: toNodes(a.children) } : {}) }));

/** rjsf widget for address: antd Cascader over the divisions cut to `level`; value the code path (paths when multiple). */
function AddressWidget({ id, value, disabled, readonly, placeholder, onChange, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const level = typeof field.level === 'number' ? field.level : 2;
  const tree = useMemo(() => toNodes(areaTree(level)), [level]);
  const common = {
    id,
    style: { width: '100%' },
    options: tree,
    changeOnSelect: false,
    disabled: disabled || readonly,
    allowClear: field.clearable !== false,
    showSearch: !!field.filterable,
    placeholder: placeholder || (field.placeholder as string | undefined) || w('select'),
  };
  const emit = (v: unknown) => onChange(Array.isArray(v) && v.length ? v : undefined);
  return field.multiple ? (
    <Cascader {...common} multiple value={Array.isArray(value) ? value : []} onChange={emit} />
  ) : (
    <Cascader {...common} value={Array.isArray(value) ? value : undefined} onChange={emit} />
  );
}
export default memoWidget(AddressWidget);
