import { Alert } from 'antd';
import { memo } from 'react';
import type { DisplayProps } from '../_shared/types';

const TYPES = ['success', 'info', 'warning', 'error'] as const;

/** antd Alert with the field's title, type, description; closable except on the designer canvas. */
function AlertDisplay({ field, mode }: DisplayProps) {
  const type = TYPES.find((t) => t === field.type) ?? 'info';
  return (
    <Alert
      type={type}
      title={String(field.title ?? '')}
      description={field.description ? String(field.description) : undefined}
      showIcon={!!field['show-icon']}
      closable={!!field.closable && mode !== 'design'}
    />
  );
}
export default memo(AlertDisplay);
