import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { md5 } from 'js-md5';
import { useEffect, useState } from 'react';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

/**
 * rjsf widget of passwordInput: antd Input.Password keeping the typed text to itself and emitting its md5 hex
 * (empty → undefined). When the form's value is cleared from outside (a reset, a new record) the text clears too.
 */
function PasswordInput({ id, value, disabled, readonly, placeholder, onChange, onBlur, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const [text, setText] = useState('');
  useEffect(() => {
    if (value === undefined || value === null || value === '') setText('');
  }, [value]);
  return (
    <Input.Password
      id={id}
      value={text}
      disabled={disabled}
      readOnly={readonly}
      autoComplete="new-password"
      placeholder={placeholder || ((field.placeholder as string | undefined) ?? w('input'))}
      onChange={(e) => {
        const typed = e.target.value;
        setText(typed);
        onChange(typed === '' ? undefined : md5(typed));
      }}
      onBlur={() => onBlur(id, value)}
    />
  );
}
export default memoWidget(PasswordInput);
