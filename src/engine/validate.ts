import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JSONSchema7 } from 'json-schema';
import type { CompiledForm } from './compile';
import { numbersForCheck } from './exactNumber';
import { type FieldRuleSet, isEmptyValue, ruleState } from './fieldRules';
import { regRuleMessage } from './ruleMessages';
import { limitMessage } from './upload';

/** A validation failure shown to the user: which field, and the rule's own message. */
export interface FieldError {
  /** `__vModel__` of the field; sub-table cells as `table[row].column`. */
  field: string;
  /** The field's label. */
  label: string;
  /** The message: the regList rule's message, or the spec's `{label}不能为空` for a required field. */
  message: string;
}

/** Languages with their own built-in messages; others fall back to zh. */
export type MessageLang = 'zh' | 'en' | 'tw' | 'mas';

const BUILTIN: Record<MessageLang, Record<string, string>> = {
  zh: { required: '{label}不能为空', type: '{label}格式不正确', enum: '{label}的值不在可选范围内', range: '{label}超出范围', length: '{label}长度不符合要求', format: '{label}格式不正确', order: '开始时间必须早于结束时间', precision: '{label}最多保留{n}位小数' },
  tw: { required: '{label}不能為空', type: '{label}格式不正確', enum: '{label}的值不在可選範圍內', range: '{label}超出範圍', length: '{label}長度不符合要求', format: '{label}格式不正確', order: '開始時間必須早於結束時間', precision: '{label}最多保留{n}位小數' },
  en: { required: '{label} cannot be empty', type: '{label} has a wrong format', enum: '{label} is not one of the options', range: '{label} is out of range', length: '{label} has a wrong length', format: '{label} has a wrong format', order: 'The start must be earlier than the end', precision: '{label} allows at most {n} decimal places' },
  mas: { required: '{label} tidak boleh kosong', type: 'Format {label} salah', enum: '{label} bukan pilihan yang sah', range: '{label} di luar julat', length: 'Panjang {label} salah', format: 'Format {label} salah', order: 'Permulaan mesti lebih awal daripada penghujung', precision: '{label} dibenarkan paling banyak {n} tempat perpuluhan' },
};

/** A built-in rule message (e.g. `enum`: {label}的值不在可选范围内) in `lang` (zh when unknown), with the label filled in. */
export function builtinMessage(key: 'required' | 'enum' | 'type' | 'format', label: string, lang: MessageLang = 'zh'): string {
  return (BUILTIN[lang] ?? BUILTIN.zh)[key].replace('{label}', label);
}

/** Creates the ajv instance used by client and server alike (`x-message` carries a rule's own message). */
export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
  // Per-keyword messages of one schema (a literal text per keyword, e.g. `{ maxItems: '…' }`).
  ajv.addKeyword({ keyword: 'x-messages', schemaType: 'object' });
  // An upload's kind ('file' | 'image'): its maxItems says 当前限制最多可以上传{n}个文件 / {n}张图片 in the caller's language.
  ajv.addKeyword({ keyword: 'x-upload', schemaType: 'string' });
  // Ranges (dateRange, timeRange, slider range): `[start, end]` with start < end (spec 001 §5 "Time range").
  ajv.addKeyword({
    keyword: 'x-ascending',
    schemaType: 'boolean',
    errors: false,
    validate: (on: boolean, data: unknown) => !on || !Array.isArray(data) || data.length < 2 || data[0] === null || data[1] === null || (data[0] as number | string) < (data[1] as number | string),
  });
  // numInput `precision` (spec 001 §5 "up to 2 decimals", "up to 3 decimals"): a number with at most n decimals.
  ajv.addKeyword({ keyword: 'x-precision', schemaType: 'number', errors: false, validate: (n: number, data: unknown) => typeof data !== 'number' || hasAtMostDecimals(data, n) });
  return ajv;
}

/** True when `value` has at most `n` decimal places (binary float noise such as 0.1 + 0.2 tolerated). */
export function hasAtMostDecimals(value: number, n: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scaled = value * 10 ** n;
  return Math.abs(scaled - Math.round(scaled)) <= 1e-9 * Math.max(1, Math.abs(scaled));
}

const sharedAjv = createAjv();
const cache = new WeakMap<JSONSchema7, ValidateFunction>();

/** Returns the compiled ajv validator for a schema, cached per schema object. */
export function validatorFor(schema: JSONSchema7): ValidateFunction {
  let v = cache.get(schema);
  if (!v) {
    v = sharedAjv.compile(schema);
    cache.set(schema, v);
  }
  return v;
}

type MessageSchema = JSONSchema7 & { 'x-message'?: string; 'x-messages'?: Record<string, string>; 'x-upload'?: 'file' | 'image' };

function subSchemaAt(schema: JSONSchema7, schemaPath: string): MessageSchema | undefined {
  const parts = schemaPath.replace(/^#\//, '').split('/').slice(0, -1);
  let node: unknown = schema;
  for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[decodeURIComponent(p)];
  return node as MessageSchema;
}

function labelAt(schema: JSONSchema7, field: string): string {
  const segs = field.split(/[.[\]]+/).filter((s) => s && !/^\d+$/.test(s));
  let node: JSONSchema7 | undefined = schema;
  let title = field;
  for (const s of segs) {
    const next: JSONSchema7 | undefined = (node?.properties?.[s] ?? (node?.items as JSONSchema7 | undefined)?.properties?.[s]) as JSONSchema7 | undefined;
    if (!next) break;
    node = next;
    title = next.title ?? s;
  }
  return title;
}

/**
 * The field an error belongs to: a top-level `__vModel__`, or a sub-table cell `table[row].column`. Deeper segments
 * (items of an array value such as a cascader path) belong to that field.
 */
function fieldPath(schema: JSONSchema7, segs: string[]): string {
  const [top, row, col] = segs;
  if (top === undefined) return '';
  const prop = schema.properties?.[top] as JSONSchema7 | undefined;
  const isTable = !!(prop as Record<string, unknown> | undefined)?.['x-table'];
  if (!isTable || row === undefined) return top;
  return col === undefined ? `${top}[${row}]` : `${top}[${row}].${col}`;
}

function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const p of pointer.split('/').slice(1)) node = (node as Record<string, unknown> | null | undefined)?.[p.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

/**
 * Turns one ajv error into a FieldError (the field's label and the rule's message), in `lang`.
 * When `data` (the validated record) is given, an empty value (null, '', []) failing type/enum/minLength/minItems reports
 * the required message ({label}不能为空, spec 001 §5). A schema's `x-messages[keyword]` overrides the built-in message
 * of that keyword; a regList pattern shows its own message or, for a catalogue rule without one, the catalogue's in
 * `lang`; an upload's maxItems (`x-upload`) its count message in `lang`.
 */
export function toFieldError(err: ErrorObject, schema: JSONSchema7, lang: MessageLang = 'zh', data?: unknown): FieldError {
  const msgs = BUILTIN[lang] ?? BUILTIN.zh;
  const segs = err.instancePath.split('/').slice(1);
  if (err.keyword === 'required') segs.push((err.params as { missingProperty: string }).missingProperty);
  const field = fieldPath(schema, segs);
  const label = labelAt(schema, field);
  const sub = subSchemaAt(schema, err.schemaPath);
  let message: string;
  const v = data === undefined || err.keyword === 'required' ? undefined : valueAt(data, err.instancePath);
  const empty = data !== undefined && ['type', 'enum', 'minLength', 'minItems'].includes(err.keyword) && (v === null || v === '' || (Array.isArray(v) && v.length === 0));
  const own = sub?.['x-messages']?.[err.keyword];
  // A regList rule: its own message, or a catalogue rule's in `lang` (ruleMessages.ts; issue 25 item 5).
  const reg = err.keyword === 'pattern' ? regRuleMessage(sub?.pattern, sub?.['x-message'], lang) : undefined;
  if (empty) message = msgs.required;
  else if (typeof own === 'string') message = own;
  else if (reg) message = reg;
  else if (err.keyword === 'maxItems' && sub?.['x-upload'] && typeof sub.maxItems === 'number') message = limitMessage(sub.maxItems, sub['x-upload'], lang);
  else if (sub?.['x-message'] && !['required', 'minLength', 'minItems'].includes(err.keyword)) message = sub['x-message'];
  else if (err.keyword === 'x-ascending') message = msgs.order;
  else if (err.keyword === 'x-precision') message = msgs.precision.replace('{n}', String((sub as Record<string, unknown> | undefined)?.['x-precision'] ?? ''));
  else if (err.keyword === 'required' || err.keyword === 'minLength' || err.keyword === 'minItems') message = msgs.required;
  else if (err.keyword === 'enum') message = msgs.enum;
  else if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].includes(err.keyword)) message = msgs.range;
  else if (err.keyword === 'maxLength' || err.keyword === 'maxItems') message = msgs.length;
  else if (err.keyword === 'format' || err.keyword === 'pattern') message = msgs.format;
  else message = msgs.type;
  return { field, label, message: message.replace('{label}', label) };
}

/**
 * Validates a record against a compiled form's schema (spec 001 §5). Returns every failure, first per field; empty when valid.
 * Callers on the server answer code 400 with the first error's message (design.md §6). `context`: the record whose
 * values the fields' showWhen rules read (default `record`; a form passes what it shows, e.g. with the row's `id`, which
 * the record it sends may not carry — 用户管理's 初始密码 shows only while `id` is empty). Field rules (compiled.rules):
 * a hidden field is not checked; a field whose required-when rule holds is reported empty ({label}不能为空).
 */
export function validateRecord(compiled: CompiledForm, record: unknown, lang: MessageLang = 'zh', context: unknown = record): FieldError[] {
  const v = validatorFor(compiled.schema);
  const ctx = (context && typeof context === 'object' ? context : {}) as Record<string, unknown>;
  const rules = compiled.rules ?? {};
  const out: FieldError[] = [];
  const seen = new Set<string>();
  // A number field's exact decimal text (a bound bigint/numeric column, exactNumber.ts) is checked as its number.
  const checked = numbersForCheck(compiled.schema, record);
  if (!v(checked)) {
    for (const e of v.errors ?? []) {
      if (e.keyword === 'allOf' || e.keyword === 'if') continue;
      const fe = toFieldError(e, compiled.schema, lang, checked);
      if (seen.has(fe.field)) continue;
      // A field hidden by a show-when rule (its own or a container's) is not checked (issue 26, issue 13 field rules);
      // nor a sub-table cell its column's rule hides in that line.
      if (ruleState(rules[fe.field.split(/[.[]/)[0]], ctx).hidden || cellHidden(compiled, record, fe.field)) continue;
      seen.add(fe.field);
      out.push(fe);
    }
  }
  // Required while a condition holds (issue 13 field rules): {label}不能为空 when the field shows and is empty.
  const rec = (record && typeof record === 'object' ? record : {}) as Record<string, unknown>;
  for (const [name, set] of Object.entries(rules)) {
    if (!set.required || seen.has(name) || !ruleState(set, ctx).required || !isEmptyValue(rec[name])) continue;
    const title = (compiled.schema.properties?.[name] as JSONSchema7 | undefined)?.title ?? name;
    seen.add(name);
    out.push({ field: name, label: title, message: (BUILTIN[lang] ?? BUILTIN.zh).required.replace('{label}', title) });
  }
  for (const [table, sets] of Object.entries(compiled.lineRules ?? {})) {
    const lines = rec[table];
    if (!Array.isArray(lines) || ruleState(rules[table], ctx).hidden) continue;
    for (const [i, line] of lines.entries()) out.push(...lineRequiredErrors(compiled, table, sets, line, i, lang, seen));
  }
  return out;
}

/** True when `field` is a sub-table cell (`table[i].column`) that its column's show rule hides in line i (issue 13). */
export function cellHidden(compiled: CompiledForm, record: unknown, field: string): boolean {
  const m = /^([^.[]+)\[(\d+)\]\.([^.[]+)$/.exec(field);
  const set = m ? compiled.lineRules?.[m[1]]?.[m[3]] : undefined;
  if (!m || !set) return false;
  const line = ((record as Record<string, unknown> | null)?.[m[1]] as unknown[] | undefined)?.[Number(m[2])];
  return ruleState(set, (line && typeof line === 'object' ? line : {}) as Record<string, unknown>).hidden;
}

/**
 * The required-when errors of line `i` of sub-table `table` (issue 13 field rules, per line): each shown cell whose
 * column's required-when rule holds for the line and that is empty → `{ field: 'table[i].column', message: {label}不能为空 }`.
 * `seen`: fields already reported (skipped, and the new ones added).
 */
export function lineRequiredErrors(compiled: CompiledForm, table: string, sets: Record<string, FieldRuleSet>, line: unknown, i: number, lang: MessageLang, seen: Set<string>): FieldError[] {
  const row = (line && typeof line === 'object' ? line : {}) as Record<string, unknown>;
  const out: FieldError[] = [];
  for (const [col, set] of Object.entries(sets)) {
    const field = `${table}[${i}].${col}`;
    if (!set.required || seen.has(field) || !ruleState(set, row).required || !isEmptyValue(row[col])) continue;
    const label = labelAt(compiled.schema, field);
    seen.add(field);
    out.push({ field, label, message: (BUILTIN[lang] ?? BUILTIN.zh).required.replace('{label}', label) });
  }
  return out;
}
