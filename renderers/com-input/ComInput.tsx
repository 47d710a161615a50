import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

/** rjsf widget for comInput: antd Input; empty text is stored as null so "required" catches it. */
function ComInput({ id, value, disabled, readonly, placeholder, onChange, onBlur, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = options.field as { placeholder?: string; maxlength?: number | null; clearable?: boolean } | undefined;
  return (
    <Input
      id={id}
      value={value ?? ''}
      disabled={disabled}
      readOnly={readonly}
      allowClear={field?.clearable}
      maxLength={field?.maxlength ?? undefined}
      placeholder={placeholder || (field?.placeholder ?? w('input'))}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
    />
  );
}
export default memoWidget(ComInput);
