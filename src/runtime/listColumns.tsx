import { DownOutlined, RightOutlined } from '@ant-design/icons';
import type { ColDef, ICellRendererParams, IHeaderParams } from 'ag-grid-community';
import { Button, Checkbox, Space, Switch, Tag, Tooltip } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import type { KdGridContext } from '../../renderers/_shared/fieldProps';
import type { ColumnItem } from '../../schemas/columns';
import type { PageAction } from '../../schemas/page';
import type { ModelData } from '../api/onlineDev';
import type { CompiledForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import { toColDefs } from './columns';
import { editorFor } from './inlineEditors';
import { fillName } from './source';
import { actionShown, treeKey } from './treeRows';
import { flowButtonShown } from './useFlowButtons';

/**
 * A row of the grid: a record (possibly with unsaved inline edits) or, in list type 3, a group header; a row of a tree
 * list (built-in pages' ResourceList `children`) carries its depth, whether it has children and whether it is folded.
 */
export type GridRow = ModelData & {
  __group?: { key: string; text: string; total: number; collapsed: boolean };
  __tree?: { depth: number; hasChildren: boolean; collapsed: boolean };
};

/** What the grid's cells read (ag-grid `context`): lookups, buttons, selection, inline-edit state. */
export interface ListGridContext extends KdGridContext {
  /** Row buttons; `when` shows one only on rows that satisfy it (with `rowBase` under the row). */
  buttons: Array<{ value: string; label: string; danger?: boolean; when?: PageAction['when']; testId?: string }>;
  /** Values under every row for `when` rules: the chosen tree node's nodeFields (built-in pages). */
  rowBase?: Record<string, unknown>;
  /** The field naming a row (built-in pages): row buttons are then named `<label> <name>` (issue 26). */
  rowName?: string;
  /** The state switch (built-in pages' `resource.state`): flips a row when allowed. */
  onToggleState?: (row: ModelData) => void;
  onAction: (value: string, row: ModelData) => void;
  selected: Set<string>;
  pageIds: string[];
  toggle: (id: string, on: boolean) => void;
  toggleAll: (on: boolean) => void;
  /** Ids of rows with unsaved inline edits, and per row the field messages of a failed save. */
  dirty: Set<string>;
  errors: Record<string, Record<string, string>>;
  onSave: (id: string) => void;
  onRevert: (id: string) => void;
  onToggleGroup: (key: string) => void;
  words: { save: string; cancel: string; selectRow: (n: number) => string; selectPage: string; unsaved: string; state?: string; expand?: string; collapse?: string };
}

/** A flow-enabled model's row in audit or audited (flowState 1 / 2): not editable or deletable (server flow-state.ts). */
const inAudit = (row: GridRow) => row.flowState === 1 || row.flowState === 2;

function RowActions({ data, node, context }: ICellRendererParams<GridRow, unknown, ListGridContext>) {
  if (!data?.id || node.rowPinned) return null;
  const id = String(data.id);
  if (context.dirty.has(id)) {
    return (
      <Space size={0} className="kd-row-actions">
        <Button type="link" size="small" onClick={() => context.onSave(id)}>
          {context.words.save}
        </Button>
        <Button type="link" size="small" onClick={() => context.onRevert(id)}>
          {context.words.cancel}
        </Button>
      </Space>
    );
  }
  return (
    <Space size={0} className="kd-row-actions">
      {context.buttons.filter((b) => actionShown(b, data, context.rowBase) && flowButtonShown(b.value, data) && !(inAudit(data) && (b.value === 'edit' || b.value === 'remove'))).map((b) => (
        <Button
          key={b.value}
          type="link"
          size="small"
          danger={b.danger ?? b.value === 'remove'}
          aria-label={context.rowName ? `${b.label} ${String(data[context.rowName] ?? '')}` : undefined}
          data-testid={b.testId ? fillName(b.testId, data) : undefined}
          onClick={() => context.onAction(b.value, data)}
        >
          {b.label}
        </Button>
      ))}
    </Space>
  );
}

/** The state switch of a built-in page's row (1 on, 0 off), named `<状态> <row name>`; read-only without the grant. */
function StateCell({ value, data, node, context }: ICellRendererParams<GridRow, unknown, ListGridContext>) {
  if (!data?.id || node.rowPinned) return null;
  const name = context.rowName ? String(data[context.rowName] ?? '') : String(data.id);
  const toggle = context.onToggleState;
  return <Switch size="small" aria-label={`${context.words.state ?? ''} ${name}`.trim()} checked={value === 1 || value === true} disabled={!toggle} onChange={() => toggle?.(data)} />;
}

/**
 * The first column's cell of a tree list: indented by depth, with a fold button (展开/折叠 <row name>) on rows that
 * have children, around the column's own cell (`cellRendererParams.inner`) or its formatted value.
 */
function TreeCell(p: ICellRendererParams<GridRow, unknown, ListGridContext> & { inner?: ComponentType<ICellRendererParams<GridRow, unknown, ListGridContext>> }) {
  const { data, context, inner: Inner } = p;
  const tree = data?.__tree;
  const text: ReactNode = Inner ? <Inner {...p} /> : (p.valueFormatted ?? (p.value === null || p.value === undefined ? '' : String(p.value)));
  if (!tree) return text;
  const name = context.rowName ? String(data?.[context.rowName] ?? '') : String(p.value ?? '');
  return (
    <span className="kd-tree-cell" style={{ paddingLeft: tree.depth * 20 }}>
      {tree.hasChildren ? (
        <Button
          type="text"
          size="small"
          className="kd-tree-fold"
          aria-expanded={!tree.collapsed}
          aria-label={`${(tree.collapsed ? context.words.expand : context.words.collapse) ?? ''} ${name}`.trim()}
          icon={tree.collapsed ? <RightOutlined /> : <DownOutlined />}
          onClick={() => context.onToggleGroup(treeKey(data?.id))}
        />
      ) : (
        <span className="kd-tree-fold-space" style={{ display: 'inline-block', width: 24 }} />
      )}
      {text}
    </span>
  );
}

function SelectCell({ data, node, context }: ICellRendererParams<GridRow, unknown, ListGridContext>) {
  if (!data?.id || node.rowPinned) return null;
  const id = String(data.id);
  return <Checkbox aria-label={context.words.selectRow((node.rowIndex ?? 0) + 1)} checked={context.selected.has(id)} onChange={(e) => context.toggle(id, e.target.checked)} />;
}

function SelectHeader({ context }: IHeaderParams<GridRow, ListGridContext>) {
  const on = context.pageIds.filter((id) => context.selected.has(id)).length;
  return (
    <Checkbox
      aria-label={context.words.selectPage}
      checked={on > 0 && on === context.pageIds.length}
      indeterminate={on > 0 && on < context.pageIds.length}
      onChange={(e) => context.toggleAll(e.target.checked)}
    />
  );
}

/** The full-width header row of a group (list type 3): click to fold or unfold its rows. */
export function GroupRow({ data, context }: ICellRendererParams<GridRow, unknown, ListGridContext>) {
  const g = data?.__group;
  if (!g) return null;
  return (
    <button type="button" className="kd-group-row" onClick={() => context.onToggleGroup(g.key)} aria-expanded={!g.collapsed}>
      {g.collapsed ? <RightOutlined /> : <DownOutlined />} {g.text}
    </button>
  );
}

function ErrorCell({ value, valueFormatted, data, colDef, context }: ICellRendererParams<GridRow, unknown, ListGridContext>) {
  const msg = data?.id && colDef?.field ? context.errors[String(data.id)]?.[colDef.field] : undefined;
  const text = valueFormatted ?? (value === null || value === undefined ? '' : String(value));
  if (!msg) return <>{text}</>;
  return (
    <Tooltip title={msg} open>
      <span className="kd-cell-error" role="alert" aria-label={msg}>
        {text}
      </span>
    </Tooltip>
  );
}

/** Options of {@link buildListColumns}. */
export interface ListColumnsOptions {
  columns: ColumnItem[];
  compiled: CompiledForm;
  registry: RendererMap;
  words: { yes: string; no: string; action: string };
  sorting: { sidx?: string; sort: 'asc' | 'desc' };
  /** Row buttons shown (edit, detail, remove). */
  rowButtons: number;
  /** A checkbox column for batch actions. */
  selectable: boolean;
  /** List type 4: cells get their widget's editor. */
  inline: boolean;
  /** The column shown as a state switch (built-in pages' `resource.state.field`). */
  stateField?: string;
  /** Rows form a tree (built-in pages' ResourceList `children`): the first column indents them and folds. */
  tree?: boolean;
  /** A flow-enabled model's audit state column (rows carry flowState / flowStateText): its header. */
  flowState?: string;
}

/** Tag colours of the audit state (spec 001 §4; flowState = the flow task status, null 等待提交). */
const FLOW_STATE_COLORS = ['default', 'processing', 'success', 'error', 'warning', 'default'] as const;

/** The audit state of a row of a flow-enabled model as a tag (issue 15 item 3). */
function FlowStateCell({ data }: ICellRendererParams<GridRow>) {
  if (!data || data.flowStateText === undefined) return null;
  const state = typeof data.flowState === 'number' ? data.flowState : -1;
  return (
    <Tag color={FLOW_STATE_COLORS[state] ?? 'default'} data-testid="flow-state" data-state={state}>
      {String(data.flowStateText)}
    </Tag>
  );
}

/**
 * The grid columns of a model list (design.md §4 columnList after the column settings): the renderers' cells (names,
 * 是/否, formatted dates), an optional checkbox column, in-place editors for list type 4 (with the failed field's
 * message on the cell), and the row-action column. The pinned summary row shows its texts as they are.
 */
export function buildListColumns(o: ListColumnsOptions): ColDef<GridRow>[] {
  const defs = toColDefs(o.columns, o.compiled, o.registry, o.words) as ColDef<GridRow>[];
  for (const d of defs) {
    if (d.colId === o.sorting.sidx) d.initialSort = o.sorting.sort;
    const format = d.valueFormatter;
    if (typeof format === 'function') d.valueFormatter = (p) => (p.node?.rowPinned ? String(p.value ?? '') : format(p));
    const renderer = d.cellRenderer;
    const own = d.colId === o.stateField ? StateCell : renderer;
    d.cellRendererSelector = (p) => (p.node.rowPinned ? undefined : o.inline ? { component: ErrorCell } : own ? { component: own } : undefined);
    delete d.cellRenderer;
    if (o.inline) {
      const editor = editorFor(o.compiled.byModel[String(d.field)]);
      if (editor) Object.assign(d, editor, { editable: (p: { node: { rowPinned?: unknown } }) => !p.node.rowPinned });
    }
  }
  const first = defs[0];
  if (o.tree && first) {
    const pick = first.cellRendererSelector;
    first.cellRendererSelector = (p) => {
      const own = typeof pick === 'function' ? pick(p) : undefined;
      return p.node.rowPinned ? own : { component: TreeCell, params: { inner: own?.component } };
    };
  }
  if (o.selectable) {
    defs.unshift({ colId: '__select', headerComponent: SelectHeader, cellRenderer: SelectCell, width: 48, pinned: 'left', sortable: false, resizable: false, suppressMovable: true });
  }
  if (o.flowState) defs.push({ colId: '__flowState', headerName: o.flowState, field: 'flowStateText' as never, cellRenderer: FlowStateCell, width: 110, sortable: false });
  if (o.rowButtons || o.inline) {
    defs.push({ colId: '__actions', headerName: o.words.action, cellRenderer: RowActions, width: 60 + Math.max(2, o.rowButtons) * 48, pinned: 'right', sortable: false, resizable: false });
  }
  return defs;
}
