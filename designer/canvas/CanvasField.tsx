import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { Button, Col, Spin, Tooltip } from 'antd';
import { type CSSProperties, memo, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldConfig } from '../../schemas/field';
import { ProblemsContext, useDesignerStore } from '../form/DesignerContext';
import { DESIGNER_NS } from '../i18n';
import { childLists, idOf, type ListRef } from '../store/tree';
import { fieldId } from './dnd';
import FieldList from './FieldList';
import LeafView from './LeafView';
import { useComponent } from './useComponent';

/** Props of {@link CanvasField}. */
export interface CanvasFieldProps {
  field: FieldConfig;
  index: number;
  listRef: ListRef;
  span?: number;
}

/** The test id of a field's wrapper: `designer-field-{vModel}` (containers, which have none: `{kdKey}{formId}`). */
export const fieldTestId = (f: FieldConfig) => `designer-field-${f.__vModel__ || `${f.__config__.kdKey}${idOf(f) ?? ''}`}`;

/** A container drawn by its real renderer, with a canvas list in place of each of its child lists. */
function ContainerBody({ field }: { field: FieldConfig }) {
  const store = useDesignerStore();
  const C = useComponent(store.registry, field.__config__.kdKey);
  const lists = childLists(field);
  if (!C) return <Spin size="small" />;
  let next = 0;
  const renderChildren = (children: FieldConfig[]): ReactNode => {
    // A tab/collapse renders one list per item: found by identity, else in call order.
    const found = lists.find((l) => l.list === children) ?? lists[next];
    next++;
    return found ? <FieldList fields={found.list} listRef={found.ref} /> : null;
  };
  return <C field={field} mode="design" renderChildren={renderChildren} />;
}

/** A sub-table: its label, then its columns as a horizontal list (each column drawn by its own renderer). */
function TableBody({ field }: { field: FieldConfig }) {
  const [cols] = childLists(field);
  const n = Math.max(1, Math.min(cols?.list.length ?? 1, 4));
  return (
    <div className="kd-designer-table">
      <div className="kd-designer-table-title">
        {field.__config__.required ? <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span> : null}
        {field.__config__.label}
      </div>
      {cols ? <FieldList fields={cols.list} listRef={cols.ref} span={24 / n} /> : null}
    </div>
  );
}

/** Props of {@link SortableField}. */
interface SortableFieldProps {
  id: number;
  index: number;
  listRef: ListRef;
  className: string;
  testId: string;
  selected: boolean;
  children: ReactNode;
}

/**
 * The sortable wrapper of a canvas field (dnd-kit `useSortable`): the only part that re-renders when a drag starts,
 * moves or ends (dnd-kit's context reaches every sortable). Its children are the element {@link CanvasField} made, kept
 * while the field is unchanged, so the field's renderer, its column and its actions are not redrawn by a drag on a
 * 200-field canvas (issue 13 "Performance", D3). While a drag is over it, `kd-designer-field-over` draws the line
 * where the dragged field will go.
 */
function SortableField({ id, index, listRef, className, testId, selected, children }: SortableFieldProps) {
  const store = useDesignerStore();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging, isOver } = useSortable({ id: fieldId(id), data: { kind: 'field', formId: id, ref: listRef, index } });
  const style: CSSProperties = {
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
    opacity: isDragging ? 0.5 : 1,
  };
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={isOver && !isDragging ? `${className} kd-designer-field-over` : className}
      data-testid={testId}
      data-selected={selected || undefined}
      {...attributes}
      {...listeners}
      onClick={(e) => {
        e.stopPropagation();
        store.select(id);
      }}
    >
      {children}
    </div>
  );
}

/**
 * One field on the canvas (issue 13 item 1): a sortable wrapper `designer-field-{vModel}` around the field drawn by its
 * renderer; click selects it; the selected one shows copy and delete; its problems (checks before saving) are shown
 * under it. Re-renders only when its field, place, selection or problems change (a drag re-renders SortableField only).
 */
function CanvasField({ field, index, listRef, span }: CanvasFieldProps) {
  const { t } = useTranslation(DESIGNER_NS);
  const store = useDesignerStore();
  const id = idOf(field) ?? 0;
  const selected = useSyncExternalStore(store.subscribe, () => store.getSnapshot().selected === id);
  const problems = useContext(ProblemsContext).get(id);
  const kdKey = field.__config__.kdKey;
  const def = store.registry[kdKey];
  const isTable = kdKey === 'table';
  const isContainer = !isTable && (!!def?.container || (Array.isArray(field.__config__.children) && !field.__vModel__));
  const cls = ['kd-designer-field', selected ? 'kd-designer-field-selected' : '', problems?.length ? 'kd-designer-field-invalid' : '', isContainer || isTable ? 'kd-designer-field-container' : ''].join(' ');
  return (
    <Col span={span ?? (typeof field.__config__.span === 'number' ? field.__config__.span : 24)}>
      <SortableField id={id} index={index} listRef={listRef} className={cls} testId={fieldTestId(field)} selected={selected}>
        {isTable ? <TableBody field={field} /> : isContainer ? <ContainerBody field={field} /> : <LeafView field={field} registry={store.registry} />}
        {problems?.length ? (
          <div role="alert" className="kd-designer-problem">
            {problems.join('；')}
          </div>
        ) : null}
        {selected ? (
          <div className="kd-designer-field-actions">
            <Tooltip title={t('fd.copy')}>
              <Button size="small" shape="circle" icon={<CopyOutlined />} aria-label={t('fd.copy')} data-testid="designer-action-copy" onClick={(e) => {
                  e.stopPropagation();
                  store.copy(id);
                }} />
            </Tooltip>
            <Tooltip title={t('fd.remove')}>
              <Button size="small" shape="circle" danger icon={<DeleteOutlined />} aria-label={t('fd.remove')} data-testid="designer-action-remove" onClick={(e) => {
                  e.stopPropagation();
                  store.remove(id);
                }} />
            </Tooltip>
          </div>
        ) : null}
      </SortableField>
    </Col>
  );
}
export default memo(CanvasField);
