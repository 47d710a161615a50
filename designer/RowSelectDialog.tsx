import type { ColDef, ICellRendererParams, SortChangedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { Button, Checkbox, Empty, Input, Modal, Pagination, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceConfig, FieldListRow } from '../schemas/data-source';
import { sourceList } from '../src/api/dataInterface';
import { gridTheme } from '../src/runtime/agGrid';
import { gridLocaleText } from '../src/runtime/gridLocale';
import { DESIGNER_NS } from './i18n';

/** Page sizes of the pager (spec 001 §2). */
const SIZES = [10, 20, 50, 100, 200, 500];

/** Props of {@link RowSelectDialog}. */
export interface RowSelectDialogProps {
  open: boolean;
  /** The source: a config (designer preview) or a model field's stored config (runtime). */
  source: { config: DataSourceConfig } | { modelId: string; vModel: string };
  /** The source's field list; visible rows become the columns. */
  fields: FieldListRow[];
  /** Tick several rows (default true, spec 001 §3 multipleSelection). */
  multiple?: boolean;
  /** Page the rows (default true). */
  pagination?: boolean;
  /** Default 50 (spec 001 §3 "List query"). */
  pageSize?: number;
  /** Show a row-number column (default false). */
  showIndex?: boolean;
  /** Show the checkbox column (default true). */
  showCheckbox?: boolean;
  /** Rows whose `srcField` value is listed here are left out (besideSelects). */
  exclude?: unknown[];
  srcField?: string;
  /** Receives copies of the ticked rows, then `onClose` runs. */
  onConfirm: (rows: Record<string, unknown>[]) => void;
  onClose: () => void;
}

type Row = Record<string, unknown> & { __k: string };

interface Ctx {
  ticked: Set<string>;
  toggle: (key: string, on: boolean) => void;
  label: string;
}

function TickCell({ data, node, context }: ICellRendererParams<Row, unknown, Ctx>) {
  if (!data) return null;
  return <Checkbox aria-label={`${context.label} ${(node.rowIndex ?? 0) + 1}`} checked={context.ticked.has(data.__k)} onChange={(e) => context.toggle(data.__k, e.target.checked)} />;
}

function NoRows() {
  const { t } = useTranslation(DESIGNER_NS);
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ds.noData')} />;
}

/**
 * The row-selection dialog (spec 001 §2, §4): a paged grid (height 400, 50 rows a page by default) of the configured
 * source with optional row-number and checkbox columns, keyword search and server sorting. Confirm emits copies of
 * the ticked rows and closes; it needs at least one ticked row.
 */
export default function RowSelectDialog(props: RowSelectDialogProps) {
  const { open, source, fields, multiple = true, pagination = true, showIndex = false, showCheckbox = true, exclude, srcField, onConfirm, onClose } = props;
  const { t } = useTranslation(DESIGNER_NS);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [page, setPage] = useState({ currentPage: 1, pageSize: props.pageSize ?? 50 });
  const [sorting, setSorting] = useState<{ sidx?: string; sort: 'asc' | 'desc' }>({ sort: 'desc' });
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [ticked, setTicked] = useState<Map<string, Row>>(new Map());
  const seq = useRef(0);
  const sourceKey = JSON.stringify(source);

  // biome-ignore lint/correctness/useExhaustiveDependencies: sourceKey stands for source
  useEffect(() => {
    if (!open) return;
    const mine = ++seq.current;
    setLoading(true);
    const query = { currentPage: pagination ? page.currentPage : 1, pageSize: pagination ? page.pageSize : 500, keyword: keyword || undefined, ...sorting };
    sourceList(source, query)
      .then((p) => {
        if (mine !== seq.current) return;
        const excluded = new Set((exclude ?? []).map((v) => JSON.stringify(v)));
        const list = (p.list ?? []).filter((r) => !srcField || !excluded.has(JSON.stringify(r[srcField] ?? null)));
        setRows(list.map((r, i) => ({ ...r, __k: srcField && r[srcField] != null ? `v:${JSON.stringify(r[srcField])}` : `p${page.currentPage}:${i}` })));
        setTotal(p.pagination?.total ?? list.length);
      })
      .catch(() => mine === seq.current && setRows([]))
      .finally(() => mine === seq.current && setLoading(false));
  }, [open, sourceKey, page, sorting, keyword, pagination]);

  useEffect(() => {
    if (open) return;
    setTicked(new Map());
    setDraft('');
    setKeyword('');
    setPage({ currentPage: 1, pageSize: props.pageSize ?? 50 });
  }, [open, props.pageSize]);

  const context = useMemo<Ctx>(
    () => ({
      ticked: new Set(ticked.keys()),
      label: t('ds.rowSelect'),
      toggle: (key, on) =>
        setTicked((old) => {
          const row = rows.find((r) => r.__k === key);
          const next = multiple ? new Map(old) : new Map<string, Row>();
          if (on && row) next.set(key, row);
          else next.delete(key);
          return next;
        }),
    }),
    [ticked, rows, multiple, t],
  );
  const grid = useRef<AgGridReact<Row>>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tick cells read the new context after a refresh
  useEffect(() => {
    grid.current?.api?.refreshCells({ force: true, columns: ['__tick'] });
  }, [context]);

  const cols = useMemo<ColDef<Row>[]>(() => {
    const out: ColDef<Row>[] = [];
    if (showCheckbox) out.push({ colId: '__tick', headerName: '', width: 48, cellRenderer: TickCell, sortable: false, pinned: 'left' });
    if (showIndex) out.push({ colId: '__index', headerName: t('ds.index'), width: 64, sortable: false, valueGetter: (p) => (p.node?.rowIndex ?? 0) + 1 + (page.currentPage - 1) * page.pageSize });
    for (const f of fields.filter((x) => x.isVisible)) {
      out.push({
        colId: f.field,
        field: f.field,
        headerName: f.label || f.field,
        width: f.width || 100,
        sortable: !!f.sortable,
        comparator: () => 0,
        cellDataType: false,
        cellStyle: { textAlign: f.hAlign ?? 'left' },
      });
    }
    return out;
  }, [fields, showCheckbox, showIndex, page, t]);

  const onSortChanged = (e: SortChangedEvent) => {
    const s = e.api.getColumnState().find((c) => c.sort);
    setSorting(s ? { sidx: s.colId, sort: s.sort as 'asc' | 'desc' } : { sort: 'desc' });
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const search = () => {
    setKeyword(draft.trim());
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const confirm = () => {
    onConfirm([...ticked.values()].map(({ __k: _k, ...r }) => structuredClone(r)));
    onClose();
  };

  return (
    <Modal
      open={open}
      width={900}
      title={t('ds.rowSelect')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('ds.cancel')}
        </Button>,
        <Button key="ok" type="primary" disabled={!ticked.size} onClick={confirm}>
          {t('ds.ok')}
        </Button>,
      ]}
    >
      {fields.some((f) => f.canSearch) ? (
        <Space style={{ marginBottom: 8 }}>
          <Input aria-label={t('ds.keyword')} placeholder={t('ds.keyword')} allowClear value={draft} onChange={(e) => setDraft(e.target.value)} onPressEnter={search} style={{ width: 240 }} />
          <Button type="primary" onClick={search}>
            {t('ds.search')}
          </Button>
        </Space>
      ) : null}
      <div style={{ height: 400 }} data-testid="row-select-grid">
        <AgGridReact<Row>
          ref={grid}
          theme={gridTheme}
          getLocaleText={gridLocaleText}
          rowData={rows}
          columnDefs={cols}
          context={context}
          loading={loading}
          getRowId={(p) => p.data.__k}
          noRowsOverlayComponent={NoRows}
          onSortChanged={onSortChanged}
          suppressCellFocus
          suppressColumnVirtualisation
        />
      </div>
      {pagination ? (
        <Pagination
          style={{ marginTop: 8, justifyContent: 'flex-end', display: 'flex' }}
          current={page.currentPage}
          pageSize={page.pageSize}
          total={total}
          pageSizeOptions={SIZES}
          showSizeChanger
          showQuickJumper
          showTotal={(n) => t('ds.total', { total: n })}
          onChange={(currentPage, pageSize) => setPage((p) => ({ currentPage: pageSize !== p.pageSize ? 1 : currentPage, pageSize }))}
        />
      ) : null}
    </Modal>
  );
}
