import type { ColDef, ColumnMovedEvent, SortChangedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { Empty } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { gridTheme } from './agGrid';
import { gridLocaleText } from './gridLocale';
import { type GridRow, GroupRow, type ListGridContext } from './listColumns';
import { useGridKeyboard } from './useGridKeyboard';

/** ag-grid's tabToNextHeader: `false` hands Tab to the browser. */
const leaveOnTab = () => false as const;

function NoRows() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
}

/** Props of {@link ListGrid}. */
export interface ListGridProps {
  rows: GridRow[];
  columns: ColDef<GridRow>[];
  /** What the cells read (listColumns.tsx); a new context refreshes the cells and the header. */
  context: ListGridContext;
  loading: boolean;
  /** The summary row 合计, pinned at the bottom. */
  pinned?: GridRow[];
  /** A header click changed the sort: the sorted column and its direction, or none. */
  onSort: (sort: { sidx?: string; sort: 'asc' | 'desc' }) => void;
  /** Column headers can be dragged (then `onColumnMoved` keeps the order). */
  movable: boolean;
  onColumnMoved: (e: ColumnMovedEvent) => void;
  /** Inline editing (list type 4): cells take focus and an edit calls `onEdit` (the row id, field, new value). */
  inline: boolean;
  onEdit: (id: string, field: string, value: unknown) => void;
}

/**
 * The list's grid (spec 001 §2–§4): ag-grid with the rows (group headers full width), server sorting by header
 * clicks, the pinned summary row, 暂无数据 when empty, and inline edits handed to the row drafts. Keyboard (issue 25
 * item 2): Tab goes through the rows' buttons and leaves the header row; after a sort the header has focus again.
 */
export default function ListGrid({ rows, columns, context, loading, pinned, onSort, movable, onColumnMoved, inline, onEdit }: ListGridProps) {
  const grid = useRef<AgGridReact<GridRow>>(null);
  const { onKeyDownCapture, rememberSort } = useGridKeyboard(grid, loading);
  // biome-ignore lint/correctness/useExhaustiveDependencies: cells and the select header read the new context after a refresh
  useEffect(() => {
    grid.current?.api?.refreshCells({ force: true });
    grid.current?.api?.refreshHeader();
  }, [context]);
  const onSortChanged = useCallback(
    (e: SortChangedEvent) => {
      const s = e.api.getColumnState().find((c) => c.sort);
      onSort(s ? { sidx: s.colId, sort: s.sort as 'asc' | 'desc' } : { sidx: undefined, sort: 'desc' });
      rememberSort();
    },
    [onSort, rememberSort],
  );
  return (
    <div className="kd-list-grid" onKeyDownCapture={onKeyDownCapture}>
      <AgGridReact<GridRow>
        ref={grid}
        theme={gridTheme}
        getLocaleText={gridLocaleText}
        rowData={rows}
        columnDefs={columns}
        context={context}
        loading={loading}
        getRowId={(p) => String(p.data.id)}
        noRowsOverlayComponent={NoRows}
        onSortChanged={onSortChanged}
        suppressMovableColumns={!movable}
        onColumnMoved={onColumnMoved}
        isFullWidthRow={(p) => !!p.rowNode.data?.__group}
        fullWidthCellRenderer={GroupRow}
        pinnedBottomRowData={pinned}
        readOnlyEdit
        onCellEditRequest={(e) => {
          if (e.data?.id && e.colDef.field) onEdit(String(e.data.id), e.colDef.field, e.newValue ?? null);
        }}
        suppressCellFocus={!inline}
        // Tab leaves the header row (into the rows' buttons, useGridKeyboard, then the page's next control) instead of
        // cycling through the headers (a keyboard trap, WCAG 2.1.2); arrows still move between headers and Enter sorts
        // (issue 25 item 2).
        tabToNextHeader={leaveOnTab}
        suppressColumnVirtualisation
        enableCellTextSelection={!inline}
      />
    </div>
  );
}
