import type { WidgetProps } from '@rjsf/utils';
import AttrDisplay from '../_shared/AttrDisplay';
import { memoWidget } from '../_shared/memoWidget';

/** relationFormAttr: as an rjsf widget (stored) or a display (not stored), the shared attribute display. */
function RelationFormAttr(props: Partial<WidgetProps>) {
  return <AttrDisplay {...props} />;
}
export default memoWidget(RelationFormAttr);
