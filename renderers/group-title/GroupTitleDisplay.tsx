import { Typography } from 'antd';
import { memo } from 'react';
import type { DisplayProps } from '../_shared/types';

/** A level-5 heading with a bottom rule, aligned by `content-position`. */
function GroupTitleDisplay({ field }: DisplayProps) {
  const pos = field['content-position'];
  return (
    <Typography.Title level={5} style={{ textAlign: pos === 'center' || pos === 'right' ? pos : 'left', borderBottom: '1px solid #f0f0f0', paddingBottom: 6, margin: '8px 0' }}>
      {String(field.content ?? '')}
    </Typography.Title>
  );
}
export default memo(GroupTitleDisplay);
