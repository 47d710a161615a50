import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

/** rjsf widget for billRule: always read-only; empty shows 系统自动生成 (the server assigns the number on save). */
function BillRuleWidget({ id, value }: WidgetProps) {
  const w = useWidgetWord();
  return <Input id={id} value={value ?? ''} readOnly placeholder={w('auto')} />;
}
export default memoWidget(BillRuleWidget);
