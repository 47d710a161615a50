import { FIELD, fail } from './messages';
import { type PageParam, PAPERS } from './types';
import { pageSizeMm } from '../../../../renderers/print-preview/document';

/**
 * Page setup of a print template (spec 001 §7 "Print templates"; the label-size rule of spec 001 §5): paper
 * A3/A4/A5/B5 or custom (width and height > 0 mm, required), orientation, margins in mm (≥ 0, and the two margins of
 * an axis smaller than the paper on that axis).
 */

/** The default page: A4 portrait, 10 mm margins. */
export const DEFAULT_PAGE: PageParam = { paper: 'A4', width: null, height: null, orientation: 'portrait', mt: 10, mb: 10, ml: 10, mr: 10 };

const num = (v: unknown, d: number): number => (v === undefined || v === null || v === '' ? d : Number(v));

/**
 * Checks and normalises a page setup (an object or its JSON string; empty → DEFAULT_PAGE).
 * @throws 400 badJson, paper (unknown paper), paperSize (custom without width/height > 0), margin.
 */
export function checkPageParam(input: unknown): PageParam {
  let v = input;
  if (typeof v === 'string') {
    if (!v.trim()) return { ...DEFAULT_PAGE };
    try {
      v = JSON.parse(v);
    } catch {
      throw fail(400, 'badJson', { field: FIELD.pageParam }, { field: 'pageParam' });
    }
  }
  if (v === null || v === undefined) return { ...DEFAULT_PAGE };
  if (typeof v !== 'object' || Array.isArray(v)) throw fail(400, 'badJson', { field: FIELD.pageParam }, { field: 'pageParam' });
  const o = v as Record<string, unknown>;
  const paper = String(o.paper ?? 'A4');
  if (paper !== 'custom' && !(paper in PAPERS)) throw fail(400, 'paper', {}, { field: 'pageParam.paper' });
  const out: PageParam = {
    paper: paper as PageParam['paper'],
    width: null,
    height: null,
    orientation: o.orientation === 'landscape' ? 'landscape' : 'portrait',
    mt: num(o.mt, 10),
    mb: num(o.mb, 10),
    ml: num(o.ml, 10),
    mr: num(o.mr, 10),
  };
  if (paper === 'custom') {
    const w = Number(o.width);
    const h = Number(o.height);
    if (o.width === null || o.width === undefined || o.width === '' || o.height === null || o.height === undefined || o.height === '' || !(w > 0) || !(h > 0) || w > 5000 || h > 5000) {
      throw fail(400, 'paperSize', {}, { field: 'pageParam.width' });
    }
    out.width = w;
    out.height = h;
  }
  const [w, h] = pageSize(out);
  const margins = [out.mt, out.mb, out.ml, out.mr];
  if (margins.some((m) => !Number.isFinite(m) || m < 0) || out.mt + out.mb >= h || out.ml + out.mr >= w) throw fail(400, 'margin', {}, { field: 'pageParam.mt' });
  return out;
}

/** [width, height] in mm of a checked page setup, orientation applied (the print document's own computation). */
export const pageSize = pageSizeMm;
