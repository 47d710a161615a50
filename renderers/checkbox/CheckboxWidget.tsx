import type { WidgetProps } from '@rjsf/utils';
import { Checkbox, Spin } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { useOptions } from '../_shared/useOptions';
import { memoWidget } from '../_shared/memoWidget';

/**
 * rjsf widget for checkbox: plain antd Checkboxes in a fieldset (named by the field's label); value is an array of
 * option ids (none chosen -> undefined). Each click ticks or unticks its own option and leaves the others as they are
 * (antd 6's Checkbox.Group answered a click only with the options whose checkboxes had registered in an effect, so a
 * click right after the options loaded emitted nothing chosen). The result keeps the options' order, then any stored
 * id no option names.
 */
function CheckboxWidget({ id, label, value, disabled, readonly, onChange, options }: WidgetProps) {
  const field = fieldOf(options);
  const { options: opts, loading } = useOptions(field);
  if (loading) return <Spin size="small" />;
  const chosen: Array<string | number> = Array.isArray(value) ? value : [];
  const toggle = (v: string | number, on: boolean) => {
    const ids = opts.map((o) => o.id as string | number);
    const next = [...ids.filter((x) => (x === v ? on : chosen.includes(x))), ...chosen.filter((x) => x !== v && !ids.includes(x))];
    onChange(next.length ? next : undefined);
  };
  return (
    <fieldset id={id} aria-label={label || undefined} style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4, border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {opts.map((o) => (
        <Checkbox key={String(o.id)} checked={chosen.includes(o.id as string | number)} disabled={disabled || readonly} onChange={(e) => toggle(o.id as string | number, e.target.checked)}>
          {o.fullName}
        </Checkbox>
      ))}
    </fieldset>
  );
}
export default memoWidget(CheckboxWidget);
