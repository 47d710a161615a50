import type { CellValueChangedEvent, ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReqLine } from '../../api/purchasing';
import { gridTheme } from '../../runtime/agGrid';
import { gridLocaleText } from '../../runtime/gridLocale';
import { PURCHASING_NS } from './i18n';
import { LINE_FIELDS, type LineField, pasteBlock } from './pasteBlock';

/** A line with its client key (stable row id for the grid). */
export type GridLine = ReqLine & { key: string };

let seq = 0;
/** A new client key. */
export const newKey = () => `l${++seq}`;

interface Props {
  lines: GridLine[];
  onChange: (lines: GridLine[]) => void;
  readOnly: boolean;
  /** Zero-based index of the row the server refused (highlighted), or null. */
  badRow: number | null;
  defaultDelivery: string;
  /** The keys of the ticked rows, on every change. */
  onSelect: (keys: string[]) => void;
}

/**
 * The requisition's line grid (issue 17 item 4): ag-grid (virtualised rows, so 5,000 lines stay responsive), inline
 * editing on one click, Enter moves down and Tab right, a block pasted from Excel fills from the focused cell
 * (pasteBlock.ts) and appends rows; the row the server refused is highlighted.
 */
export default function LineGrid({ lines, onChange, readOnly, badRow, defaultDelivery, onSelect }: Props) {
  const { t } = useTranslation(PURCHASING_NS);
  const api = useRef<GridApi<GridLine> | null>(null);
  const columns = useMemo<ColDef<GridLine>[]>(
    () => [
      { headerName: '#', valueGetter: (p) => (p.node?.rowIndex ?? 0) + 1, width: 70, pinned: 'left', editable: false },
      ...LINE_FIELDS.map(
        (f): ColDef<GridLine> => ({
          field: f,
          headerName: t(`line.${f}`),
          editable: !readOnly,
          width: f === 'materialName' || f === 'spec' || f === 'supplier' || f === 'remark' ? 170 : 120,
          ...(f === 'quantity' ? { cellDataType: 'number', type: 'rightAligned' } : { cellDataType: 'text' }),
        }),
      ),
      { field: 'mno', headerName: t('line.mno'), width: 110, editable: false },
      { field: 'bno', headerName: t('line.bno'), width: 90, editable: false },
    ],
    [readOnly, t],
  );
  const changed = (e: CellValueChangedEvent<GridLine>) => onChange(lines.map((l) => (l.key === e.data.key ? { ...e.data } : l)));
  const onPaste = (e: React.ClipboardEvent) => {
    if (readOnly || !api.current || api.current.getEditingCells().length) return;
    const cell = api.current.getFocusedCell();
    const field = cell?.column.getColId() as LineField | undefined;
    if (!cell || !field || !LINE_FIELDS.includes(field)) return;
    e.preventDefault();
    const next = pasteBlock(lines, cell.rowIndex, field, e.clipboardData.getData('text/plain'), () => ({ key: newKey(), materialCode: '', quantity: null, deliveryDate: defaultDelivery }) as GridLine);
    onChange(next as GridLine[]);
  };
  return (
    <div onPaste={onPaste} style={{ height: 400 }} data-testid="req-lines">
      <AgGridReact<GridLine>
        theme={gridTheme}
        rowData={lines}
        columnDefs={columns}
        getRowId={(p) => p.data.key}
        getLocaleText={gridLocaleText}
        onGridReady={(e) => {
          api.current = e.api;
        }}
        onCellValueChanged={changed}
        singleClickEdit
        enterNavigatesVertically
        enterNavigatesVerticallyAfterEdit
        stopEditingWhenCellsLoseFocus
        rowSelection={readOnly ? undefined : { mode: 'multiRow', checkboxes: true, headerCheckbox: true }}
        onSelectionChanged={(e) => onSelect(e.api.getSelectedRows().map((r) => r.key))}
        getRowStyle={(p) => (p.node.rowIndex === badRow ? { background: '#fef0f0' } : undefined)}
      />
    </div>
  );
}

