import { Divider } from 'antd';
import { memo } from 'react';
import type { DisplayProps } from '../_shared/types';

/** antd Divider with the slot text placed left, center or right. */
function DividerDisplay({ field }: DisplayProps) {
  const text = (field.__slot__ as { default?: unknown } | undefined)?.default;
  const pos = field['content-position'];
  return <Divider titlePlacement={pos === 'left' ? 'start' : pos === 'right' ? 'end' : 'center'}>{text ? String(text) : null}</Divider>;
}
export default memo(DividerDisplay);
