import dayjs from 'dayjs';
import type { JSONSchema7 } from 'json-schema';
import type { FieldConfig } from '../../schemas/field';
import { parseClipboard } from '../../src/engine/clipboard';

type Row = Record<string, unknown>;
type Option = { id?: unknown; fullName?: unknown; value?: unknown; label?: unknown };

const TRUE = new Set(['1', 'true', 'yes', 'y', '是', '开', '開', 'on', '√', 'ya']);
const typesOf = (s: JSONSchema7 | undefined) => (Array.isArray(s?.type) ? s.type : s?.type ? [s.type] : []);

/**
 * One pasted cell as the column's value (undefined: blank or not convertible, the cell is emptied): a number column
 * takes the number (thousands separators removed; a date column a date text as epoch ms), an options column the
 * option whose label or value is the text, a boolean column yes/1/是/开…, a string column the trimmed text.
 */
export function cellValue(column: FieldConfig, schema: JSONSchema7 | undefined, text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  const options = ((column as { __slot__?: { options?: Option[] } }).__slot__?.options ?? (column as { options?: Option[] }).options ?? []) as Option[];
  if (options.length) {
    const hit = options.find((o) => String(o.fullName ?? o.label ?? '') === t) ?? options.find((o) => String(o.id ?? o.value ?? '') === t);
    if (hit) return hit.id ?? hit.value;
  }
  const types = typesOf(schema);
  if (column.__config__.kdKey === 'date') {
    const d = dayjs(t);
    return d.isValid() ? d.valueOf() : undefined;
  }
  if (types.includes('number') || types.includes('integer')) {
    const n = Number(t.replace(/,/g, ''));
    return Number.isFinite(n) ? n : undefined;
  }
  if (types.includes('boolean')) return TRUE.has(t.toLowerCase());
  return t;
}

/**
 * Pastes a block copied from Excel (tab-separated cells, one line per row) into sub-table lines (issue 25 item 1):
 * its top-left cell lands on line `row`, column `col`; the block's columns fill the `editable` columns from there, left
 * to right (cells past the last one dropped); lines past the end are appended. Returns the new lines and the indices
 * that changed; lines not touched keep their identity.
 */
export function pasteLines(
  rows: readonly Row[],
  row: number,
  col: string,
  text: string,
  editable: readonly FieldConfig[],
  schemas: Record<string, JSONSchema7>,
): { rows: Row[]; changed: number[] } {
  const block = parseClipboard(text);
  const start = editable.findIndex((c) => c.__vModel__ === col);
  if (start < 0 || !block.length) return { rows: [...rows], changed: [] };
  const out = [...rows];
  const changed: number[] = [];
  block.forEach((cells, i) => {
    const at = row + i;
    const next: Row = { ...(out[at] ?? {}) };
    cells.forEach((cell, j) => {
      const c = editable[start + j];
      if (!c?.__vModel__) return;
      const v = cellValue(c, schemas[c.__vModel__], cell);
      if (v === undefined) delete next[c.__vModel__];
      else next[c.__vModel__] = v;
    });
    out[at] = next;
    changed.push(at);
  });
  return { rows: out, changed };
}
