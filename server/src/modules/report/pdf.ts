import { formatCell } from '../../../../renderers/report-view/format';
import type { Lang } from '../../i18n';
import { zhToTwText } from '../i18n/convert';
import type { PageParam } from '../print/types';
import { REPORT_MESSAGES } from './messages';
import type { LaidRow } from './run';
import type { ReportColumn, ReportParameter } from './types';

/**
 * A data report as a printable HTML body (issue 16 item 2 "exports … PDF (as prints)"): printed by the print
 * templates' PDF service (print/pdf.ts: Debian's Chromium on the server, the shared print document) — the title, the
 * parameter values used, then the on-screen table: the columns' labels, widths, alignment and formats (the viewer's
 * own formatCell), data rows, each subtotal row bold on grey and the grand total bold on yellow, as the viewer shows
 * them. The header row repeats on every page and a row never splits across pages. Every value is escaped. No chart.
 */

/** Most data rows a report PDF carries (about 100 A4 pages); over it the export answers 400 pdfTooManyRows. */
export const PDF_MAX_ROWS = 5_000;

/** A4 with 10 mm margins: portrait up to 6 columns, landscape beyond. */
export function reportPage(columns: number): PageParam {
  return { paper: 'A4', orientation: columns > 6 ? 'landscape' : 'portrait', mt: 10, mb: 10, ml: 10, mr: 10 };
}

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function word(lang: Lang, key: 'parameters'): string {
  if (lang === 'tw') return zhToTwText(REPORT_MESSAGES.zh[key]);
  if (lang === 'mas') return REPORT_MESSAGES.mas?.[key] ?? REPORT_MESSAGES.en[key];
  return REPORT_MESSAGES[lang === 'en' ? 'en' : 'zh'][key];
}

const ROW_STYLE: Record<string, string> = { subtotal: 'font-weight:600;background:#f5f7fa', total: 'font-weight:600;background:#fff8e1' };

/** The body of the report's PDF: `title`, the `params` used (labelled by `parameters`), and the laid-out `rows` under `columns`. */
export function reportHtml(title: string, columns: ReportColumn[], parameters: ReportParameter[], params: Record<string, unknown>, rows: LaidRow[], lang: Lang): string {
  const used = parameters
    .filter((p) => params[p.name] !== null && params[p.name] !== undefined && params[p.name] !== '')
    .map((p) => {
      const v = params[p.name];
      const shown = p.type === 'select' ? (p.options?.find((o) => String(o.id) === String(v))?.fullName ?? v) : v;
      return `${esc(p.label)}：${esc(shown)}`;
    });
  const head = columns.map((c) => `<th style="text-align:${c.align ?? 'left'}${c.width ? `;width:${Math.round(c.width)}px` : ''}">${esc(c.label)}</th>`).join('');
  const body = rows
    .map((r) => {
      const kind = r.__kind ?? 'row';
      const cells = columns.map((c) => `<td${c.align ? ` style="text-align:${c.align}"` : ''}>${esc(formatCell(r[c.field], kind === 'row' || r[c.field] !== r.__label ? c.format : null))}</td>`).join('');
      return `<tr class="kd-report-${kind}"${ROW_STYLE[kind] ? ` style="${ROW_STYLE[kind]}"` : ''}>${cells}</tr>`;
    })
    .join('');
  return [
    '<style>.kd-report-pdf th,.kd-report-pdf td{border:1px solid #d9d9d9;padding:4px 6px;font-size:11px}.kd-report-pdf th{background:#f5f7fa;font-weight:600}.kd-report-pdf thead{display:table-header-group}.kd-report-pdf tr{break-inside:avoid}</style>',
    `<h2 style="text-align:center;margin:0 0 4mm;font-size:18px">${esc(title)}</h2>`,
    used.length ? `<p style="margin:0 0 3mm;font-size:11px">${esc(word(lang, 'parameters'))}　${used.join('　')}</p>` : '',
    `<table class="kd-report-pdf" style="width:100%;border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`,
  ].join('');
}
