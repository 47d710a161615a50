import type { WidgetProps } from '@rjsf/utils';
import { memoWidget } from '../_shared/memoWidget';
import SystemField from '../_shared/SystemField';
import { SYSTEM_KINDS } from '../_shared/systemFields';

/** rjsf widget for currOrganize: the shared read-only system field. */
function CurrOrganize(props: WidgetProps) {
  return <SystemField {...props} kind={SYSTEM_KINDS.currOrganize} />;
}
export default memoWidget(CurrOrganize);
