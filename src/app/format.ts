import dayjs from 'dayjs';
import { epochMs } from '../engine/dates';

/** Formats epoch ms (or seconds when ten digits, spec 000 §9) as YYYY-MM-DD HH:mm; '' for none. */
export function formatTime(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  const d = typeof n === 'number' ? dayjs(epochMs(n)) : dayjs(n);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : '';
}
