/**
 * The HTML document a print template's merged body prints in (issue 16 item 1): the same for the browser preview
 * (renderers/print-preview) and the server PDF (server/src/modules/print/pdf.ts), so what is previewed is what prints.
 * Page size and margins in mm from the template's page setup; Chinese fonts first. On screen (the preview frame, sized to
 * the paper) the margins are the body's padding, so the preview lays the body out in the same box as the printed page.
 */

/** A template's page setup as the Data answer carries it (mm). */
export interface PrintPage {
  paper: 'A3' | 'A4' | 'A5' | 'B5' | 'custom';
  width?: number | null;
  height?: number | null;
  orientation: 'portrait' | 'landscape';
  mt: number;
  mb: number;
  ml: number;
  mr: number;
}

/** Paper sizes in mm, portrait. */
export const PAPER_MM = { A3: [297, 420], A4: [210, 297], A5: [148, 210], B5: [176, 250] } as const;

/** [width, height] in mm of a page setup, orientation applied. */
export function pageSizeMm(p: PrintPage): [number, number] {
  const [w, h] = p.paper === 'custom' ? [Number(p.width), Number(p.height)] : PAPER_MM[p.paper];
  return p.orientation === 'landscape' ? [Math.max(w, h), Math.min(w, h)] : [w, h];
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The whole document around a merged (sanitised) body: `@page` size and margins, base fonts, the title escaped. */
export function printDocument(body: string, page: PrintPage, title = ''): string {
  const [w, h] = pageSizeMm(page);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title><style>
@page { size: ${w}mm ${h}mm; margin: ${page.mt}mm ${page.mr}mm ${page.mb}mm ${page.ml}mm; }
html, body { margin: 0; padding: 0; font-family: "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", SimSun, sans-serif; font-size: 12px; }
table { border-collapse: collapse; } img { max-width: 100%; }
@media screen { body { padding: ${page.mt}mm ${page.mr}mm ${page.mb}mm ${page.ml}mm; } }
</style></head><body>${body}</body></html>`;
}
