import { Row, Tabs } from 'antd';
import { memo } from 'react';
import { itemsOf } from '../_shared/containerDef';
import type { ContainerProps } from '../_shared/types';

const POS = ['top', 'left', 'right', 'bottom'] as const;

/** antd Tabs; every pane is rendered (forceRender) so hidden fields keep values and show errors when opened. */
function TabContainer({ field, renderChildren }: ContainerProps) {
  const items = itemsOf(field).map((it, i) => ({
    key: String(it.name ?? i + 1),
    label: String(it.title ?? `Tab ${i + 1}`),
    forceRender: true,
    children: <Row gutter={15}>{renderChildren(it.__config__.children ?? [])}</Row>,
  }));
  const active = field.__config__.active;
  return (
    <Tabs
      items={items}
      defaultActiveKey={typeof active === 'string' || typeof active === 'number' ? String(active) : items[0]?.key}
      type={field.type === 'card' || field.type === 'border-card' ? 'card' : 'line'}
      tabPlacement={(() => {
        const p = POS.find((x) => x === field['tab-position']) ?? 'top';
        return p === 'left' ? 'start' : p === 'right' ? 'end' : p;
      })()}
      style={{ marginBottom: 18 }}
    />
  );
}
export default memo(TabContainer);
