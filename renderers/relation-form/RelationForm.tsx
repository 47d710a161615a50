import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import PopupPicker from '../_shared/PopupPicker';
import { relationSource } from '../_shared/popupSources';

/** rjsf widget for relationForm: the popup picker over another model's records. */
function RelationForm(props: WidgetProps) {
  const field = fieldOf(props.options);
  const source = useMemo(() => relationSource(field), [field]);
  return <PopupPicker {...props} source={source} />;
}
export default memoWidget(RelationForm);
