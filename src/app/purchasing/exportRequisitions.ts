import type { TFunction } from 'i18next';
import { listRequisitions, type ReqHeader, type ReqQuery } from '../../api/purchasing';

/** At most this many requisitions go into one export (20 pages of 500). */
export const EXPORT_LIMIT = 10_000;

/** Every requisition matching `query` (pages of 500, at most EXPORT_LIMIT). */
export async function fetchAll(query: Omit<ReqQuery, 'currentPage' | 'pageSize'>): Promise<ReqHeader[]> {
  const out: ReqHeader[] = [];
  for (let page = 1; out.length < EXPORT_LIMIT; page++) {
    const r = await listRequisitions({ ...query, currentPage: page, pageSize: 500 });
    out.push(...r.list);
    if (out.length >= r.pagination.total || !r.list.length) break;
  }
  return out;
}

/**
 * exceljs's browser bundle without polyfills (dist/exceljs.bare.min.js: 237 KB gzip against 254 KB for the default
 * dist/exceljs.min.js with core-js, which our evergreen targets do not need), loaded on first use; the package's own
 * types. Issue 18 item 5: no chunk over 250 KB gzip.
 */
async function loadExcelJs(): Promise<typeof import('exceljs')> {
  const mod = await import('exceljs/dist/exceljs.bare.min.js');
  return (mod.default ?? mod) as typeof import('exceljs');
}

/**
 * Writes the requisitions to an .xlsx workbook (exceljs, loaded on first use) with the list's columns and translated
 * states, and returns it as a Blob.
 */
export async function requisitionWorkbook(rows: ReqHeader[], t: TFunction): Promise<Blob> {
  const { Workbook } = await loadExcelJs();
  const wb = new Workbook();
  const ws = wb.addWorksheet(t('list.exportName'));
  ws.columns = [
    { header: t('list.billNo'), key: 'billNo', width: 18 },
    { header: t('list.reqType'), key: 'reqType', width: 14 },
    { header: t('list.department'), key: 'department', width: 14 },
    { header: t('list.requester'), key: 'requester', width: 10 },
    { header: t('list.reqDate'), key: 'reqDate', width: 12 },
    { header: t('list.deliveryDate'), key: 'deliveryDate', width: 12 },
    { header: t('list.mno'), key: 'mno', width: 12 },
    { header: t('list.auditState'), key: 'auditState', width: 12 },
    { header: t('list.docState'), key: 'docState', width: 10 },
    { header: t('list.progress'), key: 'progress', width: 12 },
    { header: t('list.lines'), key: 'lineCount', width: 8 },
    { header: t('list.totalQty'), key: 'totalQty', width: 12 },
    { header: t('list.remark'), key: 'remark', width: 30 },
  ];
  for (const r of rows) {
    ws.addRow({
      billNo: r.billNo,
      reqType: t(`type.${r.reqType}`),
      department: r.organizeName ?? '',
      requester: r.requesterName ?? '',
      reqDate: r.reqDate,
      deliveryDate: r.deliveryDate,
      mno: r.mno ?? '',
      auditState: t(`audit.${r.auditState}`),
      docState: t(`doc.${r.docState}`),
      progress: t(`progress.${r.progress}`),
      lineCount: r.lineCount,
      totalQty: r.totalQty,
      remark: r.remark,
    });
  }
  ws.getRow(1).font = { bold: true };
  const buf = await wb.xlsx.writeBuffer();
  return new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Offers a Blob as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
