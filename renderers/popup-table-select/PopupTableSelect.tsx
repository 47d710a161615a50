import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import PopupPicker from '../_shared/PopupPicker';
import { interfaceSource } from '../_shared/popupSources';

/** rjsf widget for popupTableSelect: the popup picker over a data interface, several rows with `multiple`. */
function PopupTableSelect(props: WidgetProps) {
  const field = fieldOf(props.options);
  const source = useMemo(() => interfaceSource(field), [field]);
  return <PopupPicker {...props} source={source} multiple={!!field.multiple} />;
}
export default memoWidget(PopupTableSelect);
