import type { WidgetProps } from '@rjsf/utils';
import { TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { FieldOption } from '../../schemas/field';
import { fieldOf } from './fieldProps';
import { useKdData } from './KdDataContext';
import { isMultiplePicker, isPickable, loadOrgTree, type OrgKind } from './orgPickers';
import { useWidgetWord } from './words';

type Node = { value: string; title: string; selectable: boolean; disableCheckbox?: boolean; children?: Node[] };
const toNodes = (kind: OrgKind, opts: FieldOption[]): Node[] =>
  opts.map((o) => {
    const pick = isPickable(kind, o);
    return { value: String(o.id), title: o.fullName, selectable: pick, disableCheckbox: !pick, ...(o.children?.length ? { children: toNodes(kind, o.children) } : {}) };
  });

/**
 * The organisation picker shared by comSelect, depSelect, posSelect, userSelect, usersSelect, roleSelect and
 * groupSelect: antd TreeSelect over the kind's selector tree; only nodes of the kind's type can be picked.
 */
export default function OrgPicker({ id, value, disabled, readonly, placeholder, onChange, options, kind }: WidgetProps & { kind: OrgKind }) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const data = useKdData();
  const [tree, setTree] = useState<FieldOption[] | null>(null);
  useEffect(() => {
    let live = true;
    loadOrgTree(data, kind).then(
      (t) => live && setTree(t),
      () => live && setTree([]),
    );
    return () => {
      live = false;
    };
  }, [data, kind]);
  const nodes = useMemo(() => toNodes(kind, tree ?? []), [kind, tree]);
  const multiple = isMultiplePicker(kind, field);
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      treeData={nodes}
      treeDefaultExpandAll
      loading={tree === null}
      multiple={multiple}
      treeCheckable={multiple}
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      value={value ?? (multiple ? [] : undefined)}
      disabled={disabled || readonly}
      allowClear={field.clearable !== false}
      showSearch={field.filterable !== false}
      treeNodeFilterProp="title"
      placeholder={placeholder || (field.placeholder as string | undefined) || w('select')}
      onChange={(v: unknown) => onChange(Array.isArray(v) ? (v.length ? v : undefined) : (v ?? undefined))}
    />
  );
}
