import type { WidgetProps } from '@rjsf/utils';
import { memoWidget } from '../_shared/memoWidget';
import SystemField from '../_shared/SystemField';
import { SYSTEM_KINDS } from '../_shared/systemFields';

/** rjsf widget for createTime: the shared read-only system field. */
function CreateTime(props: WidgetProps) {
  return <SystemField {...props} kind={SYSTEM_KINDS.createTime} />;
}
export default memoWidget(CreateTime);
