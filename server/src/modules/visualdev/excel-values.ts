import dayjs from 'dayjs';
import { exactNumber } from '../../../../src/engine/exactNumber';
import { areaName } from '../../../../renderers/address/areas';
import { htmlToText } from '../../../../renderers/editor/sanitize';
import { isSwitchOn, switchValues } from '../../../../renderers/switch/values';
import type { FieldConfig, FieldOption } from '../../../../schemas/field';
import { excelCellMs, jnpfToDayjs, parseDate } from '../../../../src/engine/dates';
import type { Db } from '../../db/types';
import { authCacheOf } from '../../plugins/auth-cache';
import type { SqlViewer } from '../data-interface/row-scope';
import { optionSourceRows } from '../data-interface/run';
import { text } from './messages';
import type { FieldColumn } from './model-layout';
import { optionKeys, sourceOptions } from './record-references';
import { relationNames } from './relation-names';

/**
 * Display values — of list rows for JNPF clients (issue 22 item 4, list-display.ts) and of Excel (issue 4 item 5) —
 * and their way back: option ids ↔ option names (static options,
 * dictionaries and dynamic sources: a data interface's rows read once per sheet, as the form reads them; a source that
 * cannot be read leaves the ids as they are, both ways), user/organisation/position/role ids ↔ names, timestamps ↔
 * the field's `format` (else `YYYY-MM-DD` / `YYYY-MM-DD HH:mm`), a switch ↔ its `activeTxt`/`inactiveTxt` (else 是/否), area codes
 * → names, relationForm ids → the related record's `relationField` (display only). Pure apart from `loadLookups`, which reads the names a sheet needs.
 */

/** Which name table an id-valued widget refers to. */
const NAME_KIND: Record<string, 'user' | 'organize' | 'position' | 'role'> = {
  userSelect: 'user',
  usersSelect: 'user',
  createUser: 'user',
  modifyUser: 'user',
  comSelect: 'organize',
  depSelect: 'organize',
  currOrganize: 'organize',
  currDept: 'organize',
  posSelect: 'position',
  currPosition: 'position',
  roleSelect: 'role',
};
const OPTION_KEYS = new Set(['select', 'radio', 'checkbox', 'treeSelect', 'cascader']);
const TIME_KEYS = new Set(['date', 'createTime', 'modifyTime']);
/** Widgets an import may fill (system, calculated, bill-number, file and sub-table fields are not importable). */
export const IMPORTABLE = new Set(['comInput', 'textarea', 'numInput', 'switch', 'radio', 'checkbox', 'select', 'date', 'time', 'colorPicker', 'rate', 'slider', 'editor', 'autoComplete', 'userSelect', 'usersSelect', 'depSelect', 'posSelect', 'roleSelect']);

/**
 * Two-way name maps: per dictionary type, and per name kind; and the options of each dynamic source (key:
 * dynamicKey), null when the source could not be read.
 */
export interface Lookups {
  dict: Map<string, { names: Map<string, string>; ids: Map<string, string> }>;
  kinds: Map<string, { names: Map<string, string>; ids: Map<string, string> }>;
  dynamic: Map<string, FieldOption[] | null>;
  /** relationForm column → (related record id → its display field), from the rows given to loadLookups. */
  relations?: Map<string, Map<string, string>>;
}

/** The Lookups key of a field's dynamic option source (interface and option keys), or null when it has none. */
function dynamicKey(field: FieldConfig): string | null {
  const cfg = field.__config__;
  if (cfg.dataType !== 'dynamic' || !cfg.propsUrl) return null;
  const k = optionKeys(field);
  return JSON.stringify([cfg.propsUrl, k.label, k.value, k.children]);
}

/**
 * id → name for every row (export shows old records' names), name / alternative / id → id only for enabled rows
 * (`enabled` 1 or absent), so an import cannot pick a disabled dictionary item, user or organisation.
 */
function twoWay(rows: NameRow[]): NameMaps {
  const names = new Map<string, string>();
  const ids = new Map<string, string>();
  for (const r of rows) {
    names.set(r.id, r.name);
    if (r.enabled !== undefined && r.enabled !== 1) continue;
    if (!ids.has(r.name)) ids.set(r.name, r.id);
    if (r.alt && !ids.has(r.alt)) ids.set(r.alt, r.id);
    ids.set(r.id, r.id);
  }
  return { names, ids };
}

type NameMaps = { names: Map<string, string>; ids: Map<string, string> };
type NameRow = { id: string; name: string; alt?: string | null; enabled?: number };

/** Reads the rows of a name table (users, organisations, positions or roles; not in the bin). */
function kindRows(db: Db, kind: 'user' | 'organize' | 'position' | 'role'): Promise<NameRow[]> {
  if (kind === 'user') return db.selectFrom('users').select(['id', 'real_name as name', 'account as alt', 'enabled_mark as enabled']).where('f_deleted_at', 'is', null).execute();
  const table = kind === 'organize' ? 'organize' : kind;
  return db.selectFrom(table).select(['id', 'full_name as name', 'en_code as alt', 'enabled_mark as enabled']).where('f_deleted_at', 'is', null).execute();
}

/**
 * The two-way maps of `key` (`dict:<typeId>` or `kind:<kind>`), from the database's access cache when it holds them
 * (plugins/auth-cache.ts `lookups`: emptied by every write of the dictionary and name tables, on this instance at
 * once and on the others through the bus), else read with `read` and stored. Callers never change the maps.
 */
async function cachedNames(db: Db, key: string, read: () => Promise<NameRow[]>): Promise<NameMaps> {
  const cache = authCacheOf(db);
  const hit = cache?.lookups.get(key) as NameMaps | undefined;
  if (hit) return hit;
  if (!cache) return twoWay(await read());
  return cache.readThrough(
    async () => twoWay(await read()),
    (maps) => cache.lookups.set(key, maps),
  );
}

/**
 * Loads the dictionaries and name tables the given columns refer to (cached between requests, see `cachedNames`);
 * with `rows`, also the display fields of the related records their relationForm values name, as `viewer` may read
 * them (relation-names.ts).
 */
export async function loadLookups(db: Db, columns: FieldColumn[], rows?: Array<Record<string, unknown>>, viewer: SqlViewer = null): Promise<Lookups> {
  const out: Lookups = { dict: new Map(), kinds: new Map(), dynamic: new Map(), relations: rows ? await relationNames(db, columns, rows, viewer) : undefined };
  for (const c of columns) {
    const cfg = c.field.__config__;
    const dk = OPTION_KEYS.has(c.kdKey) ? dynamicKey(c.field) : null;
    if (dk && !out.dynamic.has(dk)) {
      const rows = await optionSourceRows(db, String(cfg.propsUrl), true);
      out.dynamic.set(dk, rows && sourceOptions(rows, optionKeys(c.field)));
    }
    const type = cfg.dataType === 'dictionary' && cfg.dictionaryType ? String(cfg.dictionaryType) : null;
    if (type && !out.dict.has(type)) {
      out.dict.set(
        type,
        await cachedNames(db, `dict:${type}`, () => db.selectFrom('dictionary_data').select(['id', 'full_name as name', 'en_code as alt', 'enabled_mark as enabled']).where('dictionary_type_id', '=', type).where('f_deleted_at', 'is', null).execute()),
      );
    }
    const kind = NAME_KIND[c.kdKey];
    if (kind && !out.kinds.has(kind)) out.kinds.set(kind, await cachedNames(db, `kind:${kind}`, () => kindRows(db, kind)));
  }
  return out;
}

function flatOptions(field: FieldConfig): FieldOption[] {
  const out: FieldOption[] = [];
  const walk = (l: unknown) => {
    if (!Array.isArray(l)) return;
    for (const o of l as FieldOption[]) {
      out.push(o);
      walk(o.children);
    }
  };
  walk(field.__slot__?.options ?? field.options);
  return out;
}

/** A non-dictionary option field's options: static (flattened), or its dynamic source's; null: source unreadable. */
function optionsOf(col: FieldColumn, lookups: Lookups): FieldOption[] | null {
  const dk = dynamicKey(col.field);
  return dk ? (lookups.dynamic.get(dk) ?? null) : flatOptions(col.field);
}

/** Two-way maps of static option lists and of dynamic sources' option lists, by the (compiled, unchanging) list. */
const optionMaps = new WeakMap<object, NameMaps>();

/** The two-way id ↔ name map of an option field; null when its dynamic source could not be read. */
function optionMap(col: FieldColumn, lookups: Lookups): NameMaps | null {
  const cfg = col.field.__config__;
  if (cfg.dataType === 'dictionary') return lookups.dict.get(String(cfg.dictionaryType)) ?? { names: new Map(), ids: new Map() };
  const dk = dynamicKey(col.field);
  const opts = dk ? (lookups.dynamic.get(dk) ?? null) : null;
  if (dk && !opts) return null;
  // The memo key: a dynamic source's list (new per loadLookups) or the field's own config object (the compiled model's).
  const key: object = opts ?? col.field;
  let maps = optionMaps.get(key);
  if (!maps) {
    maps = twoWay((opts ?? flatOptions(col.field)).map((o) => ({ id: String(o.id), name: String(o.fullName) })));
    optionMaps.set(key, maps);
  }
  return maps;
}

function hasTime(col: FieldColumn): boolean {
  if (col.kdKey !== 'date') return true;
  const f = String(col.field.format ?? '');
  return /H/.test(f) || col.field.type === 'datetime';
}

const dateFormats = new WeakMap<FieldConfig, string>();

/** The date format of a time column: the field's `format` (JNPF's yyyy-MM-dd spelling), else YYYY-MM-DD, or YYYY-MM-DD HH:mm when the field shows the time. Worked out once per (compiled) field. */
export function dateFormatOf(col: FieldColumn): string {
  let f = dateFormats.get(col.field);
  if (f === undefined) {
    f = (col.kdKey === 'date' && jnpfToDayjs(col.field.format)) || (hasTime(col) ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD');
    dateFormats.set(col.field, f);
  }
  return f;
}

/** A switch's texts: its `activeTxt` / `inactiveTxt`, else 是/否. */
export function switchTexts(col: FieldColumn): { on: string; off: string } {
  const s = (v: unknown, d: string) => (typeof v === 'string' && v.trim() ? v.trim() : d);
  return { on: s(col.field.activeTxt, '是'), off: s(col.field.inactiveTxt, '否') };
}

/** An address value's names: one path `a/b/c`, several joined with `,`. */
function addressText(value: unknown): string {
  const paths = Array.isArray(value) && value.some(Array.isArray) ? value : [value];
  return paths.map((p) => (Array.isArray(p) ? p : [p]).map((c) => areaName(String(c))).join('/')).join(',');
}

/** The name `names` gives id `x`, else the id as text. */
function nameOf(names: Map<string, string> | undefined, x: unknown): string {
  return names?.get(String(x)) ?? String(x);
}

/** The names of a value (several joined: a cascader's path with `/`, else `,`). */
function namesOf(col: FieldColumn, names: Map<string, string> | undefined, v: unknown): string {
  return Array.isArray(v) ? v.map((x) => nameOf(names, x)).join(col.kdKey === 'cascader' ? '/' : ',') : nameOf(names, v);
}

/** The value a cell shows for a stored value (strings, or numbers for numeric fields; '' when empty). */
export function displayValue(col: FieldColumn, value: unknown, lookups: Lookups): string | number {
  if (value === null || value === undefined || value === '') return '';
  if (col.kdKey === 'switch') return isSwitchOn(col.field, value) ? switchTexts(col).on : switchTexts(col).off;
  if (col.type === 'boolean') return value === true || value === 1 ? '是' : '否';
  if (TIME_KEYS.has(col.kdKey) && typeof value === 'number') return dayjs(value).format(dateFormatOf(col));
  if (OPTION_KEYS.has(col.kdKey)) return namesOf(col, optionMap(col, lookups)?.names, value);
  const kind = NAME_KIND[col.kdKey];
  if (kind) return namesOf(col, lookups.kinds.get(kind)?.names, value);
  if (col.kdKey === 'editor' && typeof value === 'string') return htmlToText(value);
  if (col.kdKey === 'address') return addressText(value);
  if (col.kdKey === 'relationForm') return namesOf(col, lookups.relations?.get(col.name), value);
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((x) => (x && typeof x === 'object' ? String((x as { name?: unknown }).name ?? JSON.stringify(x)) : String(x))).join(',');
  return JSON.stringify(value);
}

/** The hint under a template header: 必填, allowed values, the date format, 是/否 or 数字. */
export function hintOf(col: FieldColumn, lookups: Lookups): string {
  const parts: string[] = [];
  if (col.field.__config__.required) parts.push('必填');
  if (OPTION_KEYS.has(col.kdKey)) {
    const m = optionMap(col, lookups);
    const names = m ? [...m.names.values()] : [];
    parts.push(!m ? '填写选项值' : names.length <= 20 ? `可选值：${names.join('/')}` : '填写选项名称');
    if (col.field.multiple || col.kdKey === 'checkbox') parts.push('多个用英文逗号分隔');
  } else if (col.kdKey === 'date') parts.push(`格式：${dateFormatOf(col)}`);
  else if (col.kdKey === 'switch') parts.push(`${switchTexts(col).on}/${switchTexts(col).off}`);
  else if (col.type === 'double precision') parts.push('数字');
  else if (NAME_KIND[col.kdKey]) parts.push('填写名称');
  return parts.join('；');
}

/** A cell's raw value from exceljs as text, number, boolean or Date (rich text, formulas and links flattened). */
export function cellValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date || typeof v !== 'object') return typeof v === 'string' ? v.trim() : v;
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.richText)) return (o.richText as Array<{ text: string }>).map((r) => r.text).join('').trim();
  if ('result' in o) return cellValue(o.result);
  if ('text' in o) return cellValue(o.text);
  return null;
}

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * A date cell as epoch ms (issue 24 item 2): an exceljs Date read as local wall-clock; text or a number through the
 * shared strict parser (`src/engine/dates`: timestamps, `YYYY-MM-DD[ HH:mm[:ss]]`, the field's `format`); null when
 * impossible (`2025-01-15 99:99`, `25:00`, `2025-02-30`).
 */
function parseTime(raw: unknown, col: FieldColumn): number | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : excelCellMs(raw);
  return parseDate(raw, [jnpfToDayjs(col.field.format)])?.ms ?? null;
}

/** Converts a cell back to a stored value (see the module comment); `lang` for the messages. */
export function parseCell(col: FieldColumn, raw: unknown, lookups: Lookups, lang: string): Parsed {
  if (raw === null || raw === undefined || raw === '') return { ok: true, value: null };
  const vars = { label: col.label, value: String(raw instanceof Date ? raw.toISOString().slice(0, 10) : raw).slice(0, 50) };
  const bad = (key: 'optionNotFound' | 'badDate' | 'badNumber' | 'badBoolean' | 'userNotFound'): Parsed => ({ ok: false, message: text(key, vars, lang) });
  const multiple = col.kdKey === 'checkbox' || col.kdKey === 'usersSelect' || !!col.field.multiple;
  const ids = (m: Pick<Map<string, string>, 'get'>, key: 'optionNotFound' | 'userNotFound'): Parsed => {
    const parts = multiple ? String(raw).split(/[,，]/).map((s) => s.trim()).filter(Boolean) : [String(raw).trim()];
    const out: string[] = [];
    for (const p of parts) {
      const id = m.get(p);
      if (id === undefined) return bad(key);
      out.push(id);
    }
    return { ok: true, value: multiple ? out : out[0] };
  };
  if (col.kdKey === 'switch' || col.type === 'boolean') {
    const s = String(raw).trim().toLowerCase();
    // A switch stores its own on/off values (JNPF's active-value / inactive-value, e.g. 1/0), a cell may also hold them.
    const { on, off } = col.kdKey === 'switch' ? switchValues(col.field) : { on: true, off: false };
    const texts = col.kdKey === 'switch' ? switchTexts(col) : null;
    if (texts && s === texts.on.toLowerCase()) return { ok: true, value: on };
    if (texts && s === texts.off.toLowerCase()) return { ok: true, value: off };
    if (['是', 'true', 'yes', 'y', '开'].includes(s) || raw === true || s === String(on).toLowerCase() || (on === true && s === '1')) return { ok: true, value: on };
    if (['否', 'false', 'no', 'n', '关'].includes(s) || raw === false || s === String(off).toLowerCase() || (off === false && s === '0')) return { ok: true, value: off };
    return bad('badBoolean');
  }
  if (OPTION_KEYS.has(col.kdKey)) {
    const m = optionMap(col, lookups);
    // A dynamic source that could not be read: the cell holds the option values themselves.
    const r = ids(m?.ids ?? { get: (p: string) => p }, 'optionNotFound');
    if (!r.ok || !m || col.field.__config__.dataType === 'dictionary') return r;
    // Static and dynamic option ids keep their type (numbers stay numbers).
    const typed = new Map((optionsOf(col, lookups) ?? []).map((o) => [String(o.id), o.id]));
    return { ok: true, value: Array.isArray(r.value) ? r.value.map((x) => typed.get(x) ?? x) : (typed.get(String(r.value)) ?? r.value) };
  }
  const kind = NAME_KIND[col.kdKey];
  if (kind) return ids(lookups.kinds.get(kind)?.ids ?? new Map(), 'userNotFound');
  if (col.kdKey === 'date') {
    const ms = parseTime(raw, col);
    return ms === null ? bad('badDate') : { ok: true, value: ms };
  }
  if (col.type === 'double precision') {
    // An exact column (a bound bigint/numeric) keeps every digit of a text cell (src/engine/exactNumber.ts).
    const exact = col.exact && typeof raw === 'string' ? exactNumber(raw.replace(/,/g, '').trim()) : null;
    if (exact !== null) return { ok: true, value: exact };
    const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/,/g, '').trim());
    return Number.isFinite(n) ? { ok: true, value: n } : bad('badNumber');
  }
  if (raw instanceof Date) return { ok: true, value: dayjs(excelCellMs(raw)).format(col.kdKey === 'time' ? 'HH:mm:ss' : 'YYYY-MM-DD') };
  return { ok: true, value: String(raw) };
}
