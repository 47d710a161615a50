import { CellStyleModule, ClientSideRowModelModule, type ColDef, ModuleRegistry, RowStyleModule, themeQuartz } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { Alert, Button, DatePicker, Empty, Input, InputNumber, Pagination, Select, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { EChart } from '../_shared/EChart';
import type { KdData } from '../_shared/KdDataContext';
import { postDownload } from '../_shared/postDownload';
import { chartOption, type ReportChartData } from './chartOption';
import { formatCell } from './format';
import { type ReportWord, reportWord } from './words';

ModuleRegistry.registerModules([ClientSideRowModelModule, RowStyleModule, CellStyleModule]);
const theme = themeQuartz.withParams({ accentColor: '#409EFF', headerBackgroundColor: '#f5f7fa', fontSize: 13, rowHeight: 36, headerHeight: 38 });

/** A parameter of the report's form (server modules/report/types.ts ReportParameter). */
interface Param {
  name: string;
  label: string;
  type: 'text' | 'number' | 'date' | 'select';
  options?: Array<{ id: string; fullName: string }>;
  required?: boolean;
}
interface Column {
  field: string;
  label: string;
  format?: string | null;
  width?: number | null;
  align?: 'left' | 'center' | 'right' | null;
}
interface Info {
  fullName: string;
  parameters: Param[];
  columns: Column[];
}
type Row = Record<string, unknown> & { __kind?: string; __level?: number };
interface Result {
  params: Record<string, string | number | null>;
  rows: Row[];
  pagination: { currentPage: number; pageSize: number; total: number };
  chart: ReportChartData | null;
}

function subscribeLanguage(cb: () => void): () => void {
  i18next.on('languageChanged', cb);
  return () => i18next.off('languageChanged', cb);
}
const language = () => i18next.language;

/** Props of {@link ReportViewer}: the report, the data access, and `inert` (the designer's canvas). */
export interface ReportViewerProps {
  reportId: string | null;
  data: KdData;
  inert?: boolean;
  /** Rows per page (default 50). */
  pageSize?: number;
}

/**
 * The report viewer (issue 16 item 2; menu type 5 and the admin page's live preview): `GET …/Data/{id}/Info` gives the
 * parameter form and columns; 查询 posts the values to `…/{id}/Preview` (page by page) and shows the rows in ag-grid —
 * subtotal rows bold on grey, the grand total bold on yellow — the chart through the shared EChart (SVG); 导出 Excel and
 * 导出 PDF post to `…/Actions/ExportExcel` / `ExportPdf` (the server's print Chromium) and save the file. The server's refusal (a bad parameter, a refused SQL) shows as
 * its message. Defaults are the server's: the first query runs with the form empty and fills it with the values used.
 */
export function ReportViewer({ reportId, data, inert = false, pageSize = 50 }: ReportViewerProps) {
  const lang = useSyncExternalStore(subscribeLanguage, language, language);
  const w = useCallback((k: ReportWord, vars?: Record<string, string | number>) => reportWord(lang, k, vars), [lang]);
  const [info, setInfo] = useState<Info | null>(null);
  const [values, setValues] = useState<Record<string, string | number | null>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  // An export's refusal, worded apart from a failed load or query (导出失败：…).
  const [exportError, setExportError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState<'ExportExcel' | 'ExportPdf' | null>(null);
  const base = reportId ? `/api/datareport/Data/${encodeURIComponent(reportId)}` : null;

  const run = useCallback(
    async (page: number, params: Record<string, string | number | null>) => {
      if (!base) return;
      setBusy(true);
      setError(null);
      try {
        const res = (await data.request('POST', `${base}/Preview`, { params, currentPage: page, pageSize })) as Result;
        setResult(res);
        setValues(res.params);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        setBusy(false);
      }
    },
    [base, data, pageSize],
  );

  useEffect(() => {
    if (!base || inert) return;
    let live = true;
    setInfo(null);
    setResult(null);
    data
      .request('GET', `${base}/Info`)
      .then((i) => {
        if (!live) return;
        setInfo(i as Info);
        void run(1, {});
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [base, data, inert, run]);

  const columns = useMemo<ColDef<Row>[]>(
    () =>
      (info?.columns ?? []).map((c) => ({
        field: c.field,
        headerName: c.label,
        width: c.width ?? undefined,
        flex: c.width ? undefined : 1,
        sortable: false,
        valueFormatter: (p) => formatCell(p.value, c.format),
        cellStyle: c.align ? { textAlign: c.align } : undefined,
      })),
    [info],
  );

  /** 导出 Excel / 导出 PDF: the server's file of every row with the current parameter values; a refusal (over the row limit) shows its message. */
  const exportAs = async (kind: 'ExportExcel' | 'ExportPdf') => {
    if (!base) return;
    setExporting(kind);
    setExportError(null);
    try {
      await postDownload(data, `${base}/Actions/${kind}`, { params: values }, `${info?.fullName ?? 'report'}.${kind === 'ExportPdf' ? 'pdf' : 'xlsx'}`);
    } catch (e) {
      setExportError(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(null);
    }
  };

  if (!reportId) return <Empty description={w('noReport')} />;
  const set = (name: string, v: string | number | null) => setValues((old) => ({ ...old, [name]: v }));
  return (
    <div className="kd-report-view" data-testid="report-view">
      <Space wrap style={{ marginBottom: 12 }} data-testid="report-params">
        {(info?.parameters ?? []).map((p) => (
          <Space key={p.name} size={4}>
            <span>{p.label}</span>
            {p.type === 'date' ? (
              <DatePicker aria-label={p.label} disabled={inert} value={values[p.name] ? dayjs(String(values[p.name])) : null} onChange={(d) => set(p.name, d ? d.format('YYYY-MM-DD') : null)} />
            ) : p.type === 'number' ? (
              <InputNumber aria-label={p.label} disabled={inert} value={values[p.name] as number | null} onChange={(v) => set(p.name, v ?? null)} />
            ) : p.type === 'select' ? (
              <Select aria-label={p.label} disabled={inert} allowClear placeholder={w('select')} style={{ minWidth: 140 }} value={values[p.name] ?? undefined} onChange={(v) => set(p.name, (v as string) ?? null)} options={(p.options ?? []).map((o) => ({ value: o.id, label: o.fullName }))} />
            ) : (
              <Input aria-label={p.label} disabled={inert} placeholder={w('input')} value={String(values[p.name] ?? '')} onChange={(e) => set(p.name, e.target.value)} style={{ width: 180 }} />
            )}
          </Space>
        ))}
        <Button type="primary" htmlType="button" disabled={inert} loading={busy} onClick={() => void run(1, values)}>
          {w('query')}
        </Button>
        <Button htmlType="button" disabled={inert || !result || exporting !== null} loading={exporting === 'ExportExcel'} onClick={() => void exportAs('ExportExcel')}>
          {w('exportExcel')}
        </Button>
        <Button htmlType="button" disabled={inert || !result || exporting !== null} loading={exporting === 'ExportPdf'} onClick={() => void exportAs('ExportPdf')}>
          {w('exportPdf')}
        </Button>
      </Space>
      {error && <Alert type="error" showIcon title={w('failed', { msg: error })} style={{ marginBottom: 12 }} />}
      {exportError && <Alert type="error" showIcon title={w('exportFailed', { msg: exportError })} style={{ marginBottom: 12 }} />}
      {result?.chart && result.chart.categories.length > 0 && <EChart option={chartOption(result.chart)} ariaLabel={result.chart.title || w('chart')} testId="report-chart" style={{ height: 320 }} />}
      <Spin spinning={busy}>
        <section aria-label={w('grid')} data-testid="report-grid" style={{ height: 420 }}>
          <AgGridReact<Row>
            theme={theme}
            rowData={result?.rows ?? []}
            columnDefs={columns}
            suppressNoRowsOverlay={false}
            overlayNoRowsTemplate={w('empty')}
            getRowStyle={(p) => (p.data?.__kind === 'total' ? { fontWeight: 600, background: '#fff8e1' } : p.data?.__kind === 'subtotal' ? { fontWeight: 600, background: '#f5f7fa' } : undefined)}
            getRowClass={(p) => (p.data?.__kind && p.data.__kind !== 'row' ? `kd-report-${p.data.__kind}` : undefined)}
          />
        </section>
      </Spin>
      {result && (
        <Pagination style={{ marginTop: 8, textAlign: 'right' }} size="small" current={result.pagination.currentPage} pageSize={result.pagination.pageSize} total={result.pagination.total} showTotal={(n) => w('total', { n })} showSizeChanger={false} onChange={(page) => void run(page, values)} />
      )}
    </div>
  );
}
