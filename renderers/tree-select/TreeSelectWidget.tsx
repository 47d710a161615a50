import type { WidgetProps } from '@rjsf/utils';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import type { FieldOption } from '../../schemas/field';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useOptions } from '../_shared/useOptions';
import { useWidgetWord } from '../_shared/words';

type Node = { value: string | number; title: string; disabled?: boolean; selectable?: boolean; children?: Node[] };

/** Maps options to antd tree nodes; `selectable(o)` decides which nodes may be picked (others only expand). */
export function toTreeNodes(opts: FieldOption[], selectable: (o: FieldOption) => boolean = () => true): Node[] {
  return opts.map((o) => ({
    value: o.id as string | number,
    title: o.fullName,
    selectable: selectable(o),
    ...(o.disabled ? { disabled: true } : {}),
    ...(o.children?.length ? { children: toTreeNodes(o.children, selectable) } : {}),
  }));
}

/** rjsf widget for treeSelect: antd TreeSelect over the field's tree; value the node id (array when multiple). */
function TreeSelectWidget({ id, value, disabled, readonly, placeholder, onChange, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const { options: opts, loading } = useOptions(field);
  const tree = useMemo(() => toTreeNodes(opts), [opts]);
  const multiple = !!field.multiple;
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      treeData={tree}
      treeDefaultExpandAll
      loading={loading}
      multiple={multiple}
      value={value ?? (multiple ? [] : undefined)}
      disabled={disabled || readonly}
      allowClear={field.clearable !== false}
      showSearch={!!field.filterable}
      treeNodeFilterProp="title"
      placeholder={placeholder || (field.placeholder as string | undefined) || w('select')}
      onChange={(v: unknown) => onChange(Array.isArray(v) ? (v.length ? v : undefined) : (v ?? undefined))}
    />
  );
}
export default memoWidget(TreeSelectWidget);
