import type { ErrorObject } from 'ajv';
import type { JSONSchema7 } from 'json-schema';
import type { CompiledForm } from './compile';
import { lineForCheck } from './exactNumber';
import { hiddenCells, ruleState } from './fieldRules';
import { type FieldError, lineRequiredErrors, type MessageLang, toFieldError, validateRecord, validatorFor } from './validate';

type Rec = Record<string, unknown>;

/** A validator of one form's records: same answer as `validateRecord`, with sub-table lines checked once each. */
export type RecordValidator = (record: Rec, context?: Rec) => FieldError[];

/** A sub-table of a form: its `__vModel__`, its line schema, and the line results cached by line object. */
interface LineTable {
  name: string;
  items: JSONSchema7;
  cache: WeakMap<object, ErrorObject[]> | null;
}

/** The form without line checks (each sub-table's items accept anything; the array's own rules stay) and its tables. */
function split(compiled: CompiledForm, cached: boolean): { shell: CompiledForm; tables: LineTable[] } | null {
  const props = (compiled.schema.properties ?? {}) as Record<string, JSONSchema7>;
  const tables = Object.entries(props)
    .filter(([, s]) => (s as Rec)['x-table'] && s.items && typeof s.items === 'object')
    .map(([name, s]) => ({ name, items: s.items as JSONSchema7, cache: cached ? new WeakMap<object, ErrorObject[]>() : null }));
  if (!tables.length) return null;
  const shell: CompiledForm = {
    ...compiled,
    lineRules: {},
    schema: { ...compiled.schema, properties: { ...props, ...Object.fromEntries(tables.map((t) => [t.name, { ...props[t.name], items: {} }])) } },
  };
  return { shell, tables };
}

/**
 * The errors of `record` pushed to `out` in validateRecord's order (the fields outside sub-tables first, then each
 * sub-table's lines in order); yields after each line, so a caller may pause between lines.
 */
function* run(compiled: CompiledForm, parts: { shell: CompiledForm; tables: LineTable[] }, record: Rec, context: Rec, lang: MessageLang, out: FieldError[]): Generator<void> {
  out.push(...validateRecord(parts.shell, record, lang, context));
  const rules = compiled.rules ?? {};
  for (const t of parts.tables) {
    const lines = record[t.name];
    if (!Array.isArray(lines) || ruleState(rules[t.name], context).hidden) continue;
    const v = validatorFor(t.items);
    const seen = new Set<string>();
    const sets = compiled.lineRules?.[t.name];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      let errs = line && typeof line === 'object' ? t.cache?.get(line) : undefined;
      if (!errs) {
        errs = v(lineForCheck(t.items, line)) ? [] : [...(v.errors ?? [])];
        if (line && typeof line === 'object') t.cache?.set(line, errs);
      }
      // Cells hidden in this line by their column's show rule are not checked (issue 13 field rules, per line).
      const hidden = sets ? hiddenCells(sets, (line && typeof line === 'object' ? line : {}) as Rec) : [];
      for (const e of errs) {
        if (e.keyword === 'allOf' || e.keyword === 'if') continue;
        const at: ErrorObject = { ...e, instancePath: `/${t.name}/${i}${e.instancePath}`, schemaPath: `#/properties/${t.name}/items${e.schemaPath.slice(1)}` };
        const fe = toFieldError(at, compiled.schema, lang, record);
        if (seen.has(fe.field) || hidden.some((c) => fe.field === `${t.name}[${i}].${c}`)) continue;
        seen.add(fe.field);
        out.push(fe);
      }
      if (sets) out.push(...lineRequiredErrors(compiled, t.name, sets, line, i, lang, seen));
      yield;
    }
  }
}

/**
 * A record validator for a form that is being edited (issue 25 item 1): gives the same errors as
 * `validateRecord(compiled, record, lang, context)` (spec 001 §5; order: the fields outside sub-tables first, then each
 * sub-table's lines in order), but the schema of a sub-table line is compiled once and each line object is validated
 * once — a keystroke that replaces one line of 5,000 validates that line and the fields outside the sub-tables only
 * (unchanged lines keep their identity, so their cached result is reused). Use it for re-validation while typing;
 * validate the whole record with `validateRecord` or {@link validateInChunks} at save.
 */
export function createRecordValidator(compiled: CompiledForm, lang: MessageLang = 'zh'): RecordValidator {
  const parts = split(compiled, true);
  if (!parts) return (record, context) => validateRecord(compiled, record, lang, context ?? record);
  return (record, context = record) => {
    const out: FieldError[] = [];
    const steps = run(compiled, parts, record, context, lang, out);
    let step = steps.next();
    while (!step.done) step = steps.next();
    return out;
  };
}

/** The shell and tables of each form, for {@link validateInChunks} (its shell schema is compiled by ajv once). */
const chunkParts = new WeakMap<CompiledForm, ReturnType<typeof split>>();

/** Lets the browser paint and handle input: `scheduler.yield()` where there is one, else a macrotask. */
function yieldToEventLoop(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The whole record checked at save without a long task (issue 25 item 1: 5,000 lines): the same errors, in the same
 * order, as `validateRecord(compiled, record, lang, context)`, but the sub-table lines are checked in slices, yielding
 * to the event loop after `every` lines or `budgetMs` milliseconds (default 500 lines, 30 ms), whichever comes first.
 * Lines are not cached (each save sees every line). Resolves with the errors (empty when valid).
 */
export async function validateInChunks(compiled: CompiledForm, record: Rec, lang: MessageLang = 'zh', context: Rec = record, every = 500, budgetMs = 30): Promise<FieldError[]> {
  if (!chunkParts.has(compiled)) chunkParts.set(compiled, split(compiled, false));
  const parts = chunkParts.get(compiled);
  if (!parts) return validateRecord(compiled, record, lang, context);
  const out: FieldError[] = [];
  let n = 0;
  let since = performance.now();
  const steps = run(compiled, parts, record, context, lang, out);
  while (!steps.next().done) {
    if (++n < every && performance.now() - since < budgetMs) continue;
    await yieldToEventLoop();
    n = 0;
    since = performance.now();
  }
  return out;
}
