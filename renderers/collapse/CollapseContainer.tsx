import { Collapse, Row } from 'antd';
import { memo } from 'react';
import { itemsOf } from '../_shared/containerDef';
import type { ContainerProps } from '../_shared/types';
import { useWidgetWord } from '../_shared/words';

/** antd Collapse; panels are always rendered (forceRender) so folded fields keep their values. */
function CollapseContainer({ field, renderChildren }: ContainerProps) {
  const w = useWidgetWord();
  const items = itemsOf(field).map((it, i) => ({
    key: String(it.name ?? i + 1),
    label: String(it.title ?? w('panel', { n: i + 1 })),
    forceRender: true,
    children: <Row gutter={15}>{renderChildren(it.__config__.children ?? [])}</Row>,
  }));
  const active = field.__config__.active;
  const open = Array.isArray(active) ? active.map(String) : active !== undefined && active !== null ? [String(active)] : [];
  return <Collapse items={items} defaultActiveKey={open} accordion={!!field.accordion} style={{ marginBottom: 18 }} />;
}
export default memo(CollapseContainer);
