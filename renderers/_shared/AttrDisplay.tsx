import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { useEffect, useMemo } from 'react';
import type { FieldConfig } from '../../schemas/field';
import { useFormFields } from './FormFieldsContext';
import { useFormValues } from './FormValuesContext';
import { interfaceSource, type PopupSource, relationSource } from './popupSources';
import type { FormMode } from './types';
import { useRows } from './useRows';
import { useWidgetWord } from './words';

/**
 * relationFormAttr / popupAttr: shows field `showField` of the row chosen in this form's picker field `relationField`
 * (a relationForm or popupSelect). Read-only. When stored (`__config__.isStorage`), the shown value is also emitted.
 * Works both as an rjsf widget (stored) and as a display (not stored).
 */
export default function AttrDisplay(props: Partial<WidgetProps> & { field?: FieldConfig; mode?: FormMode }) {
  const w = useWidgetWord();
  const field = (props.field ?? (props.options?.field as FieldConfig | undefined))!;
  const owners = useFormFields();
  const values = useFormValues();
  const ownerName = String(field.relationField ?? '');
  const owner = owners[ownerName];
  const source: PopupSource | null = useMemo(() => {
    if (!owner) return null;
    return owner.__config__.kdKey === 'relationForm' ? relationSource(owner) : interfaceSource(owner);
  }, [owner]);
  const picked = values[ownerName];
  const id = Array.isArray(picked) ? picked[0] : picked;
  const rows = useRows(source, id === undefined || id === null || id === '' ? [] : [String(id)]);
  const row = id === undefined || id === null ? undefined : rows[String(id)];
  const shown = row?.[String(field.showField ?? '')];
  const text = shown === undefined || shown === null ? '' : String(shown);
  const { onChange, value } = props;
  useEffect(() => {
    if (onChange && row && (value ?? '') !== text) onChange(text || undefined);
  }, [onChange, row, value, text]);
  return <Input id={props.id} value={text} readOnly placeholder={owner ? '' : w('noRelation', { name: String(ownerName) })} />;
}
