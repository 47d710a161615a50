import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import PopupPicker from '../_shared/PopupPicker';
import { interfaceSource } from '../_shared/popupSources';

/** rjsf widget for popupSelect: the popup picker over a data interface, one row. */
function PopupSelect(props: WidgetProps) {
  const field = fieldOf(props.options);
  const source = useMemo(() => interfaceSource(field), [field]);
  return <PopupPicker {...props} source={source} />;
}
export default memoWidget(PopupSelect);
