import type { WidgetProps } from '@rjsf/utils';
import { memoWidget } from '../_shared/memoWidget';
import OrgPicker from '../_shared/OrgPicker';
import { ORG_KINDS } from '../_shared/orgPickers';

/** rjsf widget for posSelect: the shared organisation picker. */
function PosSelect(props: WidgetProps) {
  return <OrgPicker {...props} kind={ORG_KINDS.posSelect} />;
}
export default memoWidget(PosSelect);
