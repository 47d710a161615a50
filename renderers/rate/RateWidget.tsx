import type { WidgetProps } from '@rjsf/utils';
import { Rate } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';

/** rjsf widget for rate: antd Rate with `max` stars (halves with `allow-half`), optional score text. */
function RateWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const field = fieldOf(options);
  const v = typeof value === 'number' ? value : 0;
  return (
    <span id={id}>
      <Rate count={typeof field.max === 'number' ? field.max : 5} allowHalf={!!field['allow-half']} value={v} disabled={disabled || readonly} onChange={(n) => onChange(n)} />
      {field['show-score'] ? <span style={{ marginLeft: 8 }}>{v}</span> : null}
    </span>
  );
}
export default memoWidget(RateWidget);
