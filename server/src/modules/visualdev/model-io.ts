import { randomUUID } from 'node:crypto';
import type { ModelRecord } from '../../../../schemas/model';
import type { Db } from '../../db/types';
import { fromJnpf, isJnpfExport, parseString } from './jnpf';
import { fromJnpfColumns, fromJnpfForm, toJnpfColumns, toJnpfForm } from './jnpf-config';
import { fail } from './messages';
import { freeTableName, tableFree } from './model-ddl';
import { compileModel, type Model, saveModel } from './model-store';
import { platformTables } from './model-table';
import { validateModel } from './model-validate';

/**
 * Model files (issue 4 item 6): the export is the model record of design.md §4 as JSON; an import takes such a record
 * (or a JNPF v3 export), validates it, and creates a new model: new id, the enCode kept unless taken (then `_2`, `_3`…),
 * its tables kept unless taken by another model (then renamed the same way; a table left behind by a deleted model is
 * bound again, data included). A platform table or a `pg_…` name is refused (issue 20 item 1, model-validate.ts).
 * Nothing is created when any check fails.
 */

/** The largest model file, bytes. */
export const MAX_MODEL_BYTES = 5 * 1024 * 1024;

/**
 * The export file of a model: its record with the keys of ModelRecordSchema (plus description when set), the form and
 * column configs in JNPF's names beside ours (jnpf-config.ts; issue 22 item 1), so JNPF's designer reads it.
 */
export function exportRecord(record: Model): ModelRecord & { description?: string } {
  const out: ModelRecord & { description?: string } = {
    id: record.id,
    fullName: record.fullName,
    enCode: record.enCode,
    ...(record.category !== undefined ? { category: record.category } : {}),
    type: record.type ?? 1,
    state: record.state ?? 1,
    webType: record.webType,
    tables: record.tables,
    formData: toJnpfForm(record.formData as unknown as Record<string, unknown>) as unknown as ModelRecord['formData'],
    columnData: toJnpfColumns(record.columnData as unknown as Record<string, unknown>, record.formData as unknown as Record<string, unknown>) as unknown as ModelRecord['columnData'],
    flowId: record.flowId ?? null,
    enableFlow: record.enableFlow ?? 0,
  };
  if (record.description) out.description = record.description;
  return out;
}

/** A model record's form and column configs in our names, from JNPF's, ours or both (jnpf-config.ts). */
export function fromJnpfNames(record: Record<string, unknown>): Record<string, unknown> {
  const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  const form = isObj(record.formData) ? record.formData : undefined;
  if (!form) return record;
  return { ...record, formData: fromJnpfForm(form), ...(isObj(record.columnData) ? { columnData: fromJnpfColumns(record.columnData, form) } : {}) };
}

/**
 * A model record in our names from a model file or a JNPF designer's save body (PUT Base/{id}), ours or JNPF's: a JNPF
 * v3 export (configs as JSON strings, jnpfKey) is converted (jnpf.ts fromJnpf); our own files carry kdKey beside
 * jnpfKey, so only the names JNPF's client reads are taken off (fromJnpfNames). Not validated yet.
 * @throws LocalizedError 400 when a config string is not JSON.
 */
export function modelOfJnpfWire(input: Record<string, unknown>): Record<string, unknown> {
  const ours = (v: unknown) => JSON.stringify(v ?? null).includes('"kdKey"');
  if (typeof input.formData === 'object') return fromJnpfNames(isJnpfExport(input) && !ours(input.formData) ? fromJnpf(input) : { ...input });
  // Configs as JSON strings: a JNPF export, or what our GET Base/{id} gave JNPF's designer (our names beside JNPF's),
  // whose record members (tables with JNPF's `fields`, its own keys) are converted like an export's, the configs not.
  const form = parseString(input.formData, 'formData');
  if (!ours(form)) return fromJnpfNames(fromJnpf(input));
  const record = fromJnpf({ ...input, formData: undefined, columnData: undefined });
  return fromJnpfNames({ ...record, formData: form, columnData: parseString(input.columnData, 'columnData') ?? record.columnData });
}


/** Parses a model file's text (JSON); 400 notJson when it is not JSON. */
export function parseModelFile(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw fail(400, 'notJson');
  }
}

/**
 * An enCode not used by another model: `code`, else `code_2`, `code_3`… (at most 50 characters). `sep` joins the
 * number: '' gives `code2`, which JNPF's designer accepts (its 功能编码 allows letters, digits and inner dots only,
 * Mnxhp src/utils/formValidate.js:29-31, checked before the designer opens its form step).
 */
export async function uniqueEnCode(db: Db, code: string, exceptId?: string, sep: '_' | '' = '_'): Promise<string> {
  for (let i = 1; i < 1000; i++) {
    const candidate = i === 1 ? code : `${code.slice(0, 45)}${sep}${i}`;
    let q = db.selectFrom('visualdev').select('id').where('en_code', '=', candidate);
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (!(await q.executeTakeFirst())) return candidate;
  }
  throw fail(400, 'enCodeExists', { enCode: code });
}

/**
 * Gives a model (not yet saved, with a fresh id) free table names: each taken table is renamed (`_2`…), in tables[]
 * and in its sub-table field (`__config__.tableName`). `allowOrphan` lets it bind tables of deleted models.
 */
export async function assignFreeTables(db: Db, model: Model, allowOrphan: boolean, forceRename = false): Promise<void> {
  const { layout } = compileModel(model);
  const taken = new Set<string>();
  const rename = async (name: string) => {
    const free = !forceRename && !taken.has(name) && (await tableFree(db, name, allowOrphan));
    const out = free ? name : await freeTableName(db, forceRename ? `${name.slice(0, 56)}_copy` : name, allowOrphan && !forceRename, taken);
    taken.add(out);
    return out;
  };
  const main = await rename(layout.table);
  const subs = new Map<string, string>();
  for (const st of layout.subTables) {
    const to = await rename(st.table);
    subs.set(st.table, to);
    st.field.__config__.tableName = to;
  }
  // A renamed table is a new one: it no longer binds an existing table (issue 13 item 3).
  const renamed = (t: ModelRecord['tables'][number], to: string) => {
    const { bind, ...rest } = t as typeof t & { bind?: boolean };
    return to === t.table && bind !== undefined ? { ...rest, bind, table: to } : { ...rest, table: to };
  };
  model.tables = model.tables
    .map((t) => (t.table === layout.table ? renamed(t, main) : subs.has(t.table) ? { ...renamed(t, subs.get(t.table)!), relationTable: main } : t))
    .filter((t) => t.typeId === '1' || [...subs.values()].includes(t.table));
}

/**
 * Imports a model file (parsed JSON; JNPF v3 exports converted first) and creates it (see the module comment); a taken
 * enCode gets a number joined by `codeSep` (uniqueEnCode). Returns the stored record.
 * @throws LocalizedError 400 with the path of the first problem.
 */
export async function importModel(db: Db, input: unknown, userId: string | null, codeSep: '_' | '' = '_'): Promise<Model> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw fail(400, 'modelInvalid', { path: '(root)', detail: 'must be object' }, { path: '(root)' });
  const converted = modelOfJnpfWire(input as Record<string, unknown>);
  converted.id = typeof converted.id === 'string' ? converted.id : '';
  const model = structuredClone(validateModel(converted, platformTables(db)));
  model.id = randomUUID();
  model.enCode = await uniqueEnCode(db, model.enCode, undefined, codeSep);
  await assignFreeTables(db, model, true);
  return (await saveModel(db, model, userId)).record;
}
