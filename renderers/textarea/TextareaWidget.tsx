import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

/** rjsf widget for textarea: antd TextArea with maxlength and optional counter; empty -> undefined. */
function TextareaWidget({ id, value, disabled, readonly, placeholder, onChange, onBlur, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const size = field.autosize as { minRows?: number; maxRows?: number } | undefined;
  return (
    <Input.TextArea
      id={id}
      value={value ?? ''}
      disabled={disabled}
      readOnly={readonly}
      autoSize={size ?? { minRows: 4, maxRows: 4 }}
      maxLength={typeof field.maxlength === 'number' ? field.maxlength : undefined}
      showCount={!!field['show-word-limit']}
      placeholder={placeholder || ((field.placeholder as string | undefined) ?? w('input'))}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
    />
  );
}
export default memoWidget(TextareaWidget);
