import type { WidgetProps } from '@rjsf/utils';
import { memoWidget } from '../_shared/memoWidget';
import OrgPicker from '../_shared/OrgPicker';
import { ORG_KINDS } from '../_shared/orgPickers';

/** rjsf widget for usersSelect: the shared organisation picker. */
function UsersSelect(props: WidgetProps) {
  return <OrgPicker {...props} kind={ORG_KINDS.usersSelect} />;
}
export default memoWidget(UsersSelect);
