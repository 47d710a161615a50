import type { WidgetProps } from '@rjsf/utils';
import { memoWidget } from '../_shared/memoWidget';
import OrgPicker from '../_shared/OrgPicker';
import { ORG_KINDS } from '../_shared/orgPickers';

/** rjsf widget for groupSelect: the shared organisation picker. */
function GroupSelect(props: WidgetProps) {
  return <OrgPicker {...props} kind={ORG_KINDS.groupSelect} />;
}
export default memoWidget(GroupSelect);
