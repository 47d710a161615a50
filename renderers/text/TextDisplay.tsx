import { memo } from 'react';
import { textStyleOf } from '../_shared/textStyle';
import type { DisplayProps } from '../_shared/types';

/** Shows the field's `content` as plain text (never HTML) in its `textStyle`. */
function TextDisplay({ field }: DisplayProps) {
  return <div style={{ whiteSpace: 'pre-wrap', ...textStyleOf(field.textStyle) }}>{String(field.content ?? '')}</div>;
}
export default memo(TextDisplay);
