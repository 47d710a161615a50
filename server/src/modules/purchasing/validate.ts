import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { FIELD, fail } from './messages';
import { REQ_TYPES } from './states';
import type { ReqInput, ReqLine } from './types';

dayjs.extend(customParseFormat);

/** At most this many lines per requisition (a 5,000-line paste fits twice). */
export const MAX_LINES = 10_000;
/** Largest quantity: 8 integer digits, 3 decimals (spec 001 §5 decimals rule). */
export const MAX_QTY = 99_999_999.999;

/** A validated line, ready to store. */
export interface CleanLine {
  material_code: string;
  material_name: string;
  spec: string;
  unit: string;
  quantity: number;
  delivery_date: string;
  supplier: string;
  mno: string | null;
  sno: string | null;
  bno: string | null;
  bom_id: string | null;
  remark: string;
}

/** A validated header. */
export interface CleanHeader {
  req_type: string;
  req_date: string;
  delivery_date: string;
  mno: string | null;
  remark: string;
  attachments: string;
  organize_id: string | null;
  requester_id: string | null;
}

const str = (v: unknown, max = 200) => (typeof v === 'string' ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : '');
const opt = (v: unknown) => str(v, 60) || null;

/** True for a real calendar date written YYYY-MM-DD. */
export function isDate(v: unknown): v is string {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v, 'YYYY-MM-DD', true).isValid();
}

/** Today on the server, YYYY-MM-DD. */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** The row label of a line message: '第3行：' / 'Row 3: ' ('' for the header). */
const rowVar = (row: number | null) => (row === null ? '' : { zh: `第${row}行：`, en: `Row ${row}: ` });

function checkDelivery(date: string, reqDate: string, row: number | null): void {
  if (!(date > today())) throw fail(400, 'deliveryAfterToday', { row: rowVar(row) }, { row });
  if (!(date > reqDate)) throw fail(400, 'deliveryAfterRequest', { row: rowVar(row) }, { row });
}

/** A quantity: a finite number (or numeric string) > 0 and ≤ MAX_QTY. @throws 400 quantity | quantityTooLarge naming the row. */
export function checkQuantity(v: unknown, row: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || !(n > 0)) throw fail(400, 'quantity', { row }, { row });
  if (n > MAX_QTY) throw fail(400, 'quantityTooLarge', { row, max: '99999999.999' }, { row });
  return Math.round(n * 1000) / 1000;
}

/**
 * Validates a CreateReq/UpdateReq body (spec 001 §5): type, request and delivery dates required and valid; the delivery
 * date later than today and later than the request date (header and every line); at least one and at most MAX_LINES
 * lines; each line a material and a quantity > 0; batches start with 239; no two lines with the same
 * batch/model/material. The first fault answers 400 with the spec's message (row numbers from 1). Returns clean rows.
 */
export function validateReq(b: ReqInput, defaults: { organizeId: string | null; requesterId: string | null }): { header: CleanHeader; lines: CleanLine[] } {
  if (!b || typeof b !== 'object') throw fail(400, 'required', { field: FIELD.reqType });
  if (!str(b.reqType)) throw fail(400, 'required', { field: FIELD.reqType });
  if (!(REQ_TYPES as readonly string[]).includes(b.reqType)) throw fail(400, 'reqType', { type: str(b.reqType, 30) });
  if (!b.reqDate) throw fail(400, 'required', { field: FIELD.reqDate });
  if (!isDate(b.reqDate)) throw fail(400, 'dateFormat', { field: FIELD.reqDate });
  if (!b.deliveryDate) throw fail(400, 'required', { field: FIELD.deliveryDate });
  if (!isDate(b.deliveryDate)) throw fail(400, 'dateFormat', { field: FIELD.deliveryDate });
  checkDelivery(b.deliveryDate, b.reqDate, null);
  if (!Array.isArray(b.lines) || !b.lines.length) throw fail(400, 'noLines');
  if (b.lines.length > MAX_LINES) throw fail(400, 'tooManyLines', { max: MAX_LINES });
  const seen = new Set<string>();
  const lines = b.lines.map((l: ReqLine, i) => {
    const row = i + 1;
    if (!l || typeof l !== 'object' || !str(l.materialCode)) throw fail(400, 'required', { field: { zh: `第${row}行：${FIELD.materialCode.zh}`, en: `Row ${row}: ${FIELD.materialCode.en}` } }, { row });
    if (l.quantity === undefined || l.quantity === null || (l.quantity as unknown) === '') throw fail(400, 'required', { field: { zh: `第${row}行：${FIELD.quantity.zh}`, en: `Row ${row}: ${FIELD.quantity.en}` } }, { row });
    const quantity = checkQuantity(l.quantity, row);
    const delivery = l.deliveryDate ? l.deliveryDate : b.deliveryDate;
    if (!isDate(delivery)) throw fail(400, 'dateFormat', { field: { zh: `第${row}行：${FIELD.deliveryDate.zh}`, en: `Row ${row}: ${FIELD.deliveryDate.en}` } }, { row });
    if (delivery !== b.deliveryDate) checkDelivery(delivery, b.reqDate, row);
    const bno = opt(l.bno);
    if (bno && !bno.startsWith('239')) throw fail(400, 'bnoPrefix', { bno }, { row });
    const material = str(l.materialCode, 60);
    if (bno) {
      const key = `${bno}|${opt(l.sno) ?? ''}|${material}`;
      if (seen.has(key)) throw fail(400, 'lineDuplicate', { row }, { row });
      seen.add(key);
    }
    return {
      material_code: material,
      material_name: str(l.materialName),
      spec: str(l.spec),
      unit: str(l.unit, 20),
      quantity,
      delivery_date: delivery,
      supplier: str(l.supplier),
      mno: opt(l.mno),
      sno: opt(l.sno),
      bno,
      bom_id: opt(l.bomId),
      remark: str(l.remark, 500),
    };
  });
  const attachments = Array.isArray(b.attachments) ? JSON.stringify(b.attachments.slice(0, 20)) : '[]';
  if (attachments.length > 4000) throw fail(400, 'required', { field: { zh: '附件', en: 'Attachments' } });
  return {
    header: {
      req_type: b.reqType,
      req_date: b.reqDate,
      delivery_date: b.deliveryDate,
      mno: opt(b.mno),
      remark: str(b.remark, 500),
      attachments,
      organize_id: str(b.organizeId, 60) || defaults.organizeId,
      requester_id: str(b.requesterId, 60) || defaults.requesterId,
    },
    lines,
  };
}
