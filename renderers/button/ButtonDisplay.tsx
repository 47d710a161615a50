import { Button } from 'antd';
import { memo } from 'react';
import type { DisplayProps } from '../_shared/types';
import { useWidgetWord } from '../_shared/words';

const TYPES = ['primary', 'default', 'dashed', 'link', 'text'] as const;

/** antd Button with `buttonText`, aligned; disabled on the canvas, in read-only views, or when configured. */
function ButtonDisplay({ field, mode }: DisplayProps) {
  const w = useWidgetWord();
  const align = field.align === 'center' || field.align === 'right' ? field.align : 'left';
  return (
    <div style={{ textAlign: align }}>
      <Button htmlType="button" type={TYPES.find((t) => t === field.type) ?? 'default'} disabled={!!field.disabled || mode !== 'edit'}>
        {String(field.buttonText ?? w('button'))}
      </Button>
    </div>
  );
}
export default memo(ButtonDisplay);
