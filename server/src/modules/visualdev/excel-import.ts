import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { FieldError, MessageLang } from '../../../../src/engine/validate';
import type { Db } from '../../db/types';
import type { RowFilter } from '../../permissions/row-filter';
import { ApiError } from '../../plugins/envelope';
import { assignBillNumbers } from '../bill-rule/assign';
import { importColumns, type SheetColumn } from './excel-columns';
import { binForReplace } from './excel-replace';
import { cellValue, hintOf, type Lookups, loadLookups, parseCell } from './excel-values';
import { isWritable } from './field-access';
import { diffRecords, logChanges } from './history';
import { invalidateRows } from './list-writes';
import { fail, text } from './messages';
import type { LoadedModel } from './model-store';
import { createRecords, getRecords, type ModelRow } from './onlinedev-repository';
import { type Actor, computeCalculated, fillSystemFields, sanitizeEditors } from './record-prepare';
import { applyFieldRules } from './record-rules';
import { recordErrors } from './record-service';
import { importUniqueErrors } from './unique-values';

/**
 * Excel import (issue 4 item 5): the first sheet of an .xlsx is read; row 1 holds the headers (field
 * labels, or `__vModel__`s; other columns are ignored), an optional row 2 holds the template's hints; every data row
 * is converted back (option names → ids, dates, names → ids), prepared like a create (system fields, calculate,
 * editor HTML, bill numbers) and validated with the model's schema and its unique fields (unique-values.ts). All rows are written in ONE transaction, or none:
 * any problem answers 400 with `{ errors: [{ row, field, label, message }] }` (row = the sheet's row number; field =
 * the `__vModel__`, or `<sub>-<child>` for a sub-table cell; label = its column header). Sub-tables (excel-columns.ts): a row whose main cells are
 * all empty continues the record above with one more child row; the sub-tables named in the header replace nothing
 * (the records are new) and a record without child rows gets an empty sub-table.
 */

/** Largest .xlsx an import accepts, bytes. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Most data rows one import may hold. */
export const MAX_IMPORT_ROWS = 10_000;
/** Most errors reported back. */
const MAX_ERRORS = 1_000;

/** One problem of an import. */
export interface ImportError {
  row: number;
  field: string;
  /** The column header of the field (a sub-table column: `<sub-table label>-<field label>`). */
  label: string;
  message: string;
}

interface SheetRow {
  row: number;
  values: unknown[];
}

/** Largest total of an import's unpacked parts, bytes: a guard against zip bombs (10 000 wide rows fit easily). */
export const MAX_IMPORT_UNPACKED_BYTES = 200 * 1024 * 1024;

/**
 * Opens the .xlsx zip and inflates every part once, counting bytes, without keeping them.
 * @throws LocalizedError 400 `notXlsx` (not a zip) or `unpackedTooLarge` (past MAX_IMPORT_UNPACKED_BYTES).
 */
async function checkUnpackedSize(buf: Buffer): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(buf);
  } catch {
    throw fail(400, 'notXlsx');
  }
  let total = 0;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    await new Promise<void>((resolve, reject) => {
      const parts = file.nodeStream('nodebuffer');
      parts.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total <= MAX_IMPORT_UNPACKED_BYTES) return;
        parts.pause();
        reject(fail(400, 'unpackedTooLarge', { size: `${MAX_IMPORT_UNPACKED_BYTES / 1024 / 1024}MB` }));
      });
      parts.on('error', () => reject(fail(400, 'notXlsx')));
      parts.on('end', () => resolve());
    });
  }
}

/**
 * Reads the first worksheet's non-empty rows (1-based cell arrays). The whole workbook is loaded at once: exceljs's
 * streaming reader loses zip entries at random (exceljs#3064; here 1 read in 300 failed), and the size check above
 * bounds what loading may cost.
 * @throws LocalizedError 400 `notXlsx`, `unpackedTooLarge`, or `tooManyRows` past MAX_IMPORT_ROWS + 2 rows.
 */
export async function readFirstSheet(buf: Buffer): Promise<SheetRow[]> {
  await checkUnpackedSize(buf);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw fail(400, 'notXlsx');
  }
  const rows: SheetRow[] = [];
  wb.worksheets[0]?.eachRow((row) => {
    // A merged range holds its value in the top-left cell only (our export merges a record's main cells over its lines).
    const raw: unknown[] = [];
    row.eachCell((cell, col) => {
      raw[col] = cell.isMerged && cell.master !== cell ? null : cell.value;
    });
    const values = raw.map(cellValue);
    if (values.some((v) => v !== null && v !== '')) rows.push({ row: row.number, values });
  });
  if (rows.length > MAX_IMPORT_ROWS + 2) throw fail(400, 'tooManyRows', { max: MAX_IMPORT_ROWS });
  return rows;
}

/** Maps header cells to importable columns (by label, else by key): column index → column. */
function headerMap(model: LoadedModel, header: unknown[]): Map<number, SheetColumn> {
  const cols = importColumns(model);
  const out = new Map<number, SheetColumn>();
  header.forEach((h, i) => {
    if (typeof h !== 'string' || !h) return;
    const name = h.replace(/^\*/, '').trim();
    const col = cols.find((c) => c.label === name) ?? cols.find((c) => c.key === name);
    if (col && ![...out.values()].includes(col)) out.set(i, col);
  });
  return out;
}

/** A record being read, with the sheet row of each of its sub-table rows (to place child errors). */
interface Pending {
  row: number;
  record: Record<string, unknown>;
  childRows: Map<string, number[]>;
}

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * Reads the data rows into records (excel-columns.ts layout): a row with a main value starts a record, a row with
 * only sub-table values adds child rows to the record above. Cell problems go to `errors`.
 */
function readRecords(rows: SheetRow[], map: Map<number, SheetColumn>, lookups: Lookups, lang: MessageLang, errors: ImportError[]): Pending[] {
  const out: Pending[] = [];
  const subs = new Set([...map.values()].flatMap((c) => (c.sub ? [c.sub.vModel] : [])));
  const push = (e: ImportError) => {
    if (errors.length < MAX_ERRORS) errors.push(e);
  };
  for (const r of rows) {
    const cells = [...map].map(([i, col]) => ({ col, raw: r.values[i] }));
    let cur = out[out.length - 1];
    const starts = !cur || cells.some((c) => !c.col.sub && filled(c.raw));
    if (!cur || starts) {
      cur = { row: r.row, record: Object.fromEntries([...subs].map((s) => [s, []])), childRows: new Map() };
      out.push(cur);
    }
    const children = new Map<string, Record<string, unknown>>();
    for (const { col, raw } of cells) {
      if (col.sub ? !filled(raw) : !starts) continue;
      const parsed = parseCell(col.col, raw, lookups, lang);
      if (!parsed.ok) {
        push({ row: r.row, field: col.key, label: col.label, message: parsed.message });
        continue;
      }
      if (!col.sub) {
        cur.record[col.col.name] = parsed.value;
        continue;
      }
      const child = children.get(col.sub.vModel) ?? {};
      child[col.col.name] = parsed.value;
      children.set(col.sub.vModel, child);
    }
    for (const [sub, child] of children) {
      (cur.record[sub] as Record<string, unknown>[]).push(child);
      cur.childRows.set(sub, [...(cur.childRows.get(sub) ?? []), r.row]);
    }
  }
  return out;
}

/** The sheet row and column key of a validation error (`lines[2].qty` → that child row, `lines-qty`). */
function placeError(p: Pending, field: string): { row: number; field: string } {
  const m = /^([^[]+)\[(\d+)\](?:\.(.+))?$/.exec(field);
  if (!m) return { row: p.row, field };
  return { row: p.childRows.get(m[1])?.[+m[2]] ?? p.row, field: m[3] ? `${m[1]}-${m[3]}` : m[1] };
}

/**
 * Imports an .xlsx into a model (see the module comment); with `writeFields` (the policy decision) a column outside
 * them refuses the file (403; a sub-table counts by its `__vModel__`); with `rowFilter` (the caller's row scope) a record
 * that would lie outside it is a row error (outOfScope). With `replace` (issue 27 item 2) the file replaces the live
 * records inside `replace.rowFilter`: they move to the recycle bin in the same transaction (restorable with their lines
 * and files), or nothing happens. Returns the number of (main) records written.
 * @throws LocalizedError 400 (not xlsx, too many rows, no known header, or `importFailed` with `{ errors }`).
 */
export async function importWorkbook(db: Db, model: LoadedModel, buf: Buffer, actor: Actor, lang: MessageLang, writeFields: string[] | null = null, rowFilter: RowFilter | null = null, replace?: { rowFilter: RowFilter | null }): Promise<number> {
  const rows = await readFirstSheet(buf);
  const header = rows.shift();
  const map = headerMap(model, header?.values ?? []);
  // A column outside writeFields refuses the whole file (403 暂无权限, nothing written; design.md §7a).
  if ([...map.values()].some((c) => !isWritable(c.sub ? c.sub.vModel : c.col.name, writeFields))) throw ApiError.forbidden();
  if (!map.size) throw fail(400, 'noImportColumns');
  const lookups = await loadLookups(
    db,
    [...map.values()].map((c) => c.col),
  );
  const hints = rows[0] && [...map.entries()].every(([i, c]) => [null, '', hintOf(c.col, lookups)].includes((rows[0].values[i] ?? null) as string | null));
  if (hints && rows[0].values.some((v) => v !== null && v !== '')) rows.shift();
  if (rows.length > MAX_IMPORT_ROWS) throw fail(400, 'tooManyRows', { max: MAX_IMPORT_ROWS });

  const errors: ImportError[] = [];
  const labelOf = new Map([...model.columns.map((c) => [c.name, c.label] as const), ...importColumns(model).map((c) => [c.key, c.label] as const)]);
  const records = readRecords(rows, map, lookups, lang, errors);
  const system: Record<string, unknown> = {};
  await fillSystemFields(db, model, system, 'create', actor);

  const failed = Symbol('import failed');
  let ids: string[] = [];
  let replaced: ModelRow[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      // A replacing import (excel-replace.ts) bins the records it replaces first; their unique values are the file's.
      if (replace) replaced = await binForReplace(trx, model, replace.rowFilter, actor, lang);
      for (const p of records) {
        const { record } = p;
        Object.assign(record, system);
        computeCalculated(model, record);
        await sanitizeEditors(model, record);
        await assignBillNumbers(trx, model.record.formData.fields, record);
        // Field rules (record-rules.ts): a hidden field's value is not imported; a read-only-when field is an error of its row.
        try {
          applyFieldRules(model, record, null, lang);
        } catch (err) {
          const e = (err as { data?: { errors?: FieldError[] } }).data?.errors?.[0];
          if (!e) throw err;
          if (errors.length < MAX_ERRORS) errors.push({ ...placeError(p, e.field), label: e.label, message: e.message });
        }
        for (const e of recordErrors(model, record, lang)) {
          if (errors.length >= MAX_ERRORS) break;
          const at = placeError(p, e.field);
          if (!errors.some((x) => x.row === at.row && x.field === at.field)) errors.push({ ...at, label: labelOf.get(at.field) ?? e.label, message: e.message });
        }
      }
      // Unique values (unique-values.ts): held by a stored record, live or in the bin, or repeated in the file.
      for (const e of await importUniqueErrors(trx, model, records.map((r) => r.record), records.map((r) => r.row), lang, new Set(replaced.map((r) => r.id)))) {
        if (errors.length < MAX_ERRORS && !errors.some((x) => x.row === e.row && x.field === e.field)) errors.push(e);
      }
      if (errors.length) throw failed;
      ids = await createRecords(trx, model, records.map((r) => r.record), actor.userId);
      // A row the caller could not read back (outside its row scope) is an error of that row; nothing is written.
      if (rowFilter) {
        const visible = new Set((await getRecords(trx, model, ids, false, rowFilter)).map((r) => r.id));
        for (const [i, id] of ids.entries()) {
          if (!visible.has(id) && errors.length < MAX_ERRORS) errors.push({ row: records[i].row, field: '', label: '', message: text('outOfScope', {}, lang) });
        }
        if (errors.length) throw failed;
      }
      await logChanges(trx, model.record.id, 'create', actor, ids.map((id, i) => ({ recordId: id, changes: diffRecords(model, null, records[i].record) })));
    });
  } catch (err) {
    if (err !== failed) throw err;
    errors.sort((a, b) => a.row - b.row);
    throw fail(400, 'importFailed', { count: errors.length }, { errors });
  }
  // Only the lists whose filter an imported row matches change (list-cache.ts); the rows as prepared, with their ids.
  await invalidateRows(db, model, [...records.map((r, i) => ({ ...r.record, id: ids[i] })), ...replaced]);
  return records.length;
}
