import type { CellEditRequestEvent, ColDef, ICellRendererParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { Button, Checkbox, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldListRow } from '../schemas/data-source';
import { gridTheme } from '../src/runtime/agGrid';
import { gridLocaleText } from '../src/runtime/gridLocale';
import { DESIGNER_NS } from './i18n';

/** A form field a row may link to (spec 001 §4: link fields come only from the form's own fields). */
export interface LinkOption {
  vModel: string;
  label: string;
}

/** Props of {@link FieldGrid}. */
export interface FieldGridProps {
  rows: FieldListRow[];
  /** The form's own fields: the only choices of the link-field column. */
  linkOptions: LinkOption[];
  /** A cell changed (checkbox, link field, or an edited text/number/alignment). */
  onChange: (index: number, key: keyof FieldListRow, value: unknown) => void;
  onRemove: (index: number) => void;
}

type Row = FieldListRow & { __i: number };

interface Ctx {
  linkOptions: LinkOption[];
  onChange: FieldGridProps['onChange'];
  onRemove: FieldGridProps['onRemove'];
  label: (key: string) => string;
  removeText: string;
}

function CheckCell({ data, colDef, context }: ICellRendererParams<Row, unknown, Ctx>) {
  if (!data || !colDef?.field) return null;
  const key = colDef.field as keyof FieldListRow;
  return (
    <Checkbox
      aria-label={`${context.label(key)} ${data.field}`}
      checked={!!data[key]}
      onChange={(e) => context.onChange(data.__i, key, e.target.checked)}
    />
  );
}

function LinkCell({ data, context }: ICellRendererParams<Row, unknown, Ctx>) {
  if (!data) return null;
  return (
    <Select
      aria-label={`${context.label('linkField')} ${data.field}`}
      size="small"
      variant="borderless"
      allowClear
      style={{ width: '100%' }}
      value={data.linkField || undefined}
      options={context.linkOptions.map((o) => ({ value: o.vModel, label: `${o.label} (${o.vModel})` }))}
      onChange={(v?: string) => context.onChange(data.__i, 'linkField', v ?? '')}
    />
  );
}

function RemoveCell({ data, context }: ICellRendererParams<Row, unknown, Ctx>) {
  if (!data) return null;
  return (
    <Button type="link" size="small" danger aria-label={`${context.removeText} ${data.field}`} onClick={() => context.onRemove(data.__i)}>
      {context.removeText}
    </Button>
  );
}

const TEXT_KEYS = new Set(['field', 'label', 'formatString']);

/**
 * The editable field-list grid of the data-source dialog (spec 001 §2: height 300, row height 24): checkboxes for
 * visible, searchable, sortable and read-only; text, width and alignments edited in place (double-click); the link
 * field chosen from the form's fields only; the type column read-only.
 */
export default function FieldGrid({ rows, linkOptions, onChange, onRemove }: FieldGridProps) {
  const { t } = useTranslation(DESIGNER_NS);
  const data = useMemo<Row[]>(() => rows.map((r, i) => ({ ...r, __i: i })), [rows]);
  const context = useMemo<Ctx>(() => ({ linkOptions, onChange, onRemove, label: (k) => t(`ds.col.${k}`), removeText: t('ds.removeField') }), [linkOptions, onChange, onRemove, t]);
  const cols = useMemo<ColDef<Row>[]>(() => {
    const check = (field: keyof FieldListRow, width = 70): ColDef<Row> => ({ field, headerName: t(`ds.col.${field}`), width, cellRenderer: CheckCell, editable: false });
    const text = (field: keyof FieldListRow, width: number): ColDef<Row> => ({ field, headerName: t(`ds.col.${field}`), width, editable: true, cellEditor: 'agTextCellEditor' });
    const align = (field: 'vAlign' | 'hAlign', values: string[]): ColDef<Row> => ({
      field,
      headerName: t(`ds.col.${field}`),
      width: 90,
      editable: true,
      cellEditor: 'agSelectCellEditor',
      cellEditorParams: { values },
    });
    return [
      check('isVisible', 60),
      check('canSearch', 70),
      text('field', 120),
      text('label', 120),
      { field: 'type', headerName: t('ds.col.type'), width: 90, editable: false, cellClass: 'kd-readonly-cell' },
      { field: 'linkField', headerName: t('ds.col.linkField'), width: 150, editable: false, cellRenderer: LinkCell },
      { field: 'width', headerName: t('ds.col.width'), width: 80, editable: true, cellEditor: 'agNumberCellEditor', cellEditorParams: { min: 20, max: 2000 } },
      align('vAlign', ['top', 'middle', 'bottom']),
      align('hAlign', ['left', 'center', 'right']),
      check('sortable', 70),
      text('formatString', 100),
      check('readOnly', 60),
      { colId: '__remove', headerName: t('ds.col.action'), width: 70, cellRenderer: RemoveCell, editable: false, pinned: 'right' },
    ];
  }, [t]);
  const onEdit = (e: CellEditRequestEvent<Row>) => {
    const key = e.colDef.field as keyof FieldListRow;
    if (!e.data || !key) return;
    let v: unknown = e.newValue;
    if (key === 'width') v = Math.min(2000, Math.max(20, Number(v) || 100));
    if (TEXT_KEYS.has(key)) v = String(v ?? '');
    if (key === 'field' && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(String(v))) return;
    onChange(e.data.__i, key, v);
  };
  return (
    <div style={{ height: 300 }} className="kd-field-grid">
      <AgGridReact<Row>
        theme={gridTheme.withParams({ rowHeight: 24, headerHeight: 28 })}
        getLocaleText={gridLocaleText}
        rowData={data}
        columnDefs={cols}
        context={context}
        getRowId={(p) => String(p.data.__i)}
        readOnlyEdit
        onCellEditRequest={onEdit}
        singleClickEdit={false}
        stopEditingWhenCellsLoseFocus
        suppressColumnVirtualisation
      />
    </div>
  );
}
