import { chineseAmount } from '../../src/engine/format';

/**
 * A report cell as text (issue 16 item 2 column formats; the engine's formatters): number → 2 decimals, thousands →
 * separators and 2 decimals, percent → ×100 with %, date → YYYY-MM-DD, moneyCapital → 大写金额 (chineseAmount).
 * Non-numeric values of a numeric format, and every value without a format, show as they are; null → ''.
 */
export function formatCell(value: unknown, format: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  switch (format) {
    case 'number':
      return Number.isFinite(n) ? n.toFixed(2) : String(value);
    case 'thousands':
      return Number.isFinite(n) ? new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n) : String(value);
    case 'percent':
      return Number.isFinite(n) ? `${(n * 100).toFixed(2)}%` : String(value);
    case 'date': {
      const d = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
      return Number.isNaN(d.getTime()) ? String(value) : d.toISOString().slice(0, 10);
    }
    case 'moneyCapital':
      return Number.isFinite(n) ? chineseAmount(n) : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
