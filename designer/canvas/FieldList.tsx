import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { Row } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldConfig } from '../../schemas/field';
import { DESIGNER_NS } from '../i18n';
import { idOf, type ListRef } from '../store/tree';
import CanvasField from './CanvasField';
import { fieldId, listId } from './dnd';

/** Props of {@link FieldList}. */
export interface FieldListProps {
  fields: FieldConfig[];
  listRef: ListRef;
  /** Width of every field in this list (the columns of a sub-table); default each field's own `span`. */
  span?: number;
}

/** A list of fields on the canvas (the root, a container's children, a pane, a sub-table's columns): sortable and a drop target. */
function FieldList({ fields, listRef, span }: FieldListProps) {
  const { t } = useTranslation(DESIGNER_NS);
  const ref = useMemo<ListRef>(() => ({ owner: listRef.owner, item: listRef.item }), [listRef.owner, listRef.item]);
  const { setNodeRef, isOver } = useDroppable({ id: listId(ref), data: { kind: 'list', ref } });
  const ids = useMemo(() => fields.map((f) => fieldId(idOf(f) ?? 0)), [fields]);
  return (
    <SortableContext items={ids} strategy={rectSortingStrategy}>
      <div ref={setNodeRef} className={`kd-designer-list${isOver ? ' kd-designer-list-over' : ''}`} data-list={listId(ref)}>
        <Row gutter={15}>
          {fields.map((f, i) => (
            <CanvasField key={idOf(f) ?? i} field={f} index={i} listRef={ref} span={span} />
          ))}
        </Row>
        {fields.length ? null : <div className="kd-designer-list-empty">{t('fd.emptyList')}</div>}
      </div>
    </SortableContext>
  );
}
export default memo(FieldList);
