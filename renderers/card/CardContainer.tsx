import { Card, Row } from 'antd';
import { memo } from 'react';
import type { ContainerProps } from '../_shared/types';

/** antd Card titled `header`, its children laid out in a grid row. */
function CardContainer({ field, renderChildren }: ContainerProps) {
  return (
    <Card title={field.header ? String(field.header) : undefined} hoverable={field.shadow === 'hover'} size="small" style={{ marginBottom: 18 }}>
      <Row gutter={15}>{renderChildren(field.__config__.children ?? [])}</Row>
    </Card>
  );
}
export default memo(CardContainer);
