import type { FieldConfig } from '../../../../schemas/field';
import type { FormConfig } from '../../../../schemas/form';
import { ApiError } from '../../plugins/envelope';

/**
 * What a public form link shows and writes (issue 18 item 7), as JNPF's public form page filters the model's form
 * (Mnxhp src/views/formShortLink/form/index.vue getFormDataFields): widgets a signed-out person can fill without calling
 * the platform's other APIs — text, number, switch, date, time, colour, rate, slider, rich text, display widgets,
 * layout containers and sub-tables — plus radio/checkbox/select/cascader/treeSelect with static options. Pickers of
 * users and organisations, dictionaries, data interfaces, related records, uploads and server-filled fields are left
 * out, and so is anything hidden on the PC form (`visibility` without `pc`).
 */

/** kdKeys kept whatever their options (JNPF's list, with our sub-table `table` and the layout containers). */
const PLAIN = new Set([
  'comInput', 'textarea', 'numInput', 'switch', 'date', 'time', 'colorPicker', 'rate', 'slider', 'editor', 'link', 'JNPFText', 'text', 'alert',
  'table', 'collapse', 'collapseItem', 'tabItem', 'tab', 'row', 'card', 'groupTitle', 'divider', 'tableGrid', 'tableGridTr', 'tableGridTd',
]);
/** Option widgets kept when their options are static. */
const STATIC_OPTIONS = new Set(['radio', 'checkbox', 'select', 'cascader', 'treeSelect']);

function shown(f: FieldConfig): boolean {
  const c = f.__config__ as FieldConfig['__config__'] | undefined;
  if (!c?.kdKey) return true;
  const vis = (c as { visibility?: unknown }).visibility;
  if (Array.isArray(vis) && !vis.includes('pc')) return false;
  if (PLAIN.has(c.kdKey)) return true;
  return STATIC_OPTIONS.has(c.kdKey) && (!c.dataType || c.dataType === 'static');
}

function filterFields(fields: FieldConfig[]): FieldConfig[] {
  const out: FieldConfig[] = [];
  for (const f of fields) {
    if (!shown(f)) continue;
    const children = f.__config__?.children;
    out.push(Array.isArray(children) ? { ...f, __config__: { ...f.__config__, children: filterFields(children) } } : f);
  }
  return out;
}

/** The model's form as the public link shows it (see the module comment); the model's own config is not changed. */
export function publicForm(form: FormConfig): FormConfig {
  return { ...form, fields: filterFields(form.fields) };
}

/** The fields a public form may write: top-level `__vModel__`s, and per sub-table the `__vModel__`s of its columns. */
export interface WritableFields {
  main: Set<string>;
  subTables: Map<string, Set<string>>;
}

/** Collects the writable fields of a (public) form, through containers. */
export function writableFields(form: FormConfig): WritableFields {
  const out: WritableFields = { main: new Set(), subTables: new Map() };
  const walk = (fields: FieldConfig[]) => {
    for (const f of fields) {
      const children = f.__config__?.children as FieldConfig[] | undefined;
      if (f.__config__?.kdKey === 'table') {
        if (f.__vModel__) out.subTables.set(f.__vModel__, new Set((children ?? []).map((c) => c.__vModel__).filter((v): v is string => !!v)));
        continue;
      }
      if (Array.isArray(children)) walk(children);
      else if (f.__vModel__) out.main.add(f.__vModel__);
    }
  };
  walk(form.fields);
  return out;
}

/**
 * Refuses (403 暂无权限) a record that names a field the public form does not show: a top-level key outside
 * `fields.main` and the sub-tables, or a sub-table line with a column outside its shown columns (`id` of a line is
 * allowed: the create ignores it). `record` is what recordOfBody kept (the model's own fields only).
 */
export function assertPublicWrite(record: Record<string, unknown>, fields: WritableFields): void {
  for (const [key, value] of Object.entries(record)) {
    const columns = fields.subTables.get(key);
    if (!columns) {
      if (!fields.main.has(key)) throw ApiError.forbidden();
      continue;
    }
    if (value == null) continue;
    if (!Array.isArray(value)) throw ApiError.forbidden();
    for (const line of value) {
      if (!line || typeof line !== 'object') continue;
      if (Object.keys(line).some((k) => k !== 'id' && !columns.has(k))) throw ApiError.forbidden();
    }
  }
}
