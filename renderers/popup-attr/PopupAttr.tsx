import type { WidgetProps } from '@rjsf/utils';
import AttrDisplay from '../_shared/AttrDisplay';
import { memoWidget } from '../_shared/memoWidget';

/** popupAttr: as an rjsf widget (stored) or a display (not stored), the shared attribute display. */
function PopupAttr(props: Partial<WidgetProps>) {
  return <AttrDisplay {...props} />;
}
export default memoWidget(PopupAttr);
