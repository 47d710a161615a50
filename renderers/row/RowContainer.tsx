import { Row } from 'antd';
import { memo } from 'react';
import type { ContainerProps } from '../_shared/types';

const JUSTIFY = ['start', 'end', 'center', 'space-around', 'space-between'] as const;
const ALIGN = ['top', 'middle', 'bottom'] as const;

/** antd Row holding the children (each in its own `span` column). */
function RowContainer({ field, renderChildren }: ContainerProps) {
  return (
    <Row
      gutter={typeof field.gutter === 'number' ? field.gutter : 15}
      justify={JUSTIFY.find((j) => j === field.justify) ?? 'start'}
      align={ALIGN.find((a) => a === field.align) ?? 'top'}
      data-kd-container="row"
    >
      {renderChildren(field.__config__.children ?? [])}
    </Row>
  );
}
export default memo(RowContainer);
