import type { WidgetProps } from '@rjsf/utils';
import { memoWidget } from '../_shared/memoWidget';
import OrgPicker from '../_shared/OrgPicker';
import { ORG_KINDS } from '../_shared/orgPickers';

/** rjsf widget for comSelect: the shared organisation picker. */
function ComSelect(props: WidgetProps) {
  return <OrgPicker {...props} kind={ORG_KINDS.comSelect} />;
}
export default memoWidget(ComSelect);
