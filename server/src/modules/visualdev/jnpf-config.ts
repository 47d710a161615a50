import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../db/types';
import { modulesOfModel } from '../../plugins/permissions';
import { catalogueRuleOf, ruleMessage } from '../../../../src/engine/ruleMessages';
import { jnpfKeyOf, kdKeyOf, WIDGET_BY_KDKEY } from './jnpf-widgets';

/**
 * Configs in JNPF v3.4's names (issue 22 item 1): one pair of mappings used by `OnlineDev/{id}/Config`, the model
 * export and the model import, table-driven over the widgets (jnpf-widgets.ts). `toJnpf*` adds what JNPF's client reads
 * beside our members (nothing of ours is removed, so our own client reads the same answer); `fromJnpf*` takes either
 * spelling and removes exactly what `toJnpf*` added, so a model exported here and imported again is the same model.
 * What the client reads (wuqingguang0816/Mnxhp src/):
 * - every field: `__config__.jnpfKey` (components/Generator/parser/Parser.vue:19-166, render/render.js:49), `showLabel`
 *   (Parser.vue:18, :31), `tag` (the component render.js creates);
 * - radio, checkbox, select: top-level `options` and `props.props {label, value}` (Parser.vue:254-271, :839-866; the
 *   3.4.7 palette, generator/config.js:302-352), where we keep `__slot__.options` and `__config__.props`. Which copy
 *   wins: ours on the way out (toJnpfField answers `options` = `__slot__.options`, `props.props` = `__config__.props`),
 *   JNPF's on the way in (fromJnpfField: `options` and `props.props` replace ours), since JNPF 3.4.7's designer edits
 *   only the top-level copies (index/RightComponents/Radio.vue:33-41, Checkbox.vue:34-42, Select.vue:31-39) and carries
 *   `__slot__` along unread. Our designer's saves (POST Base/{id} in our names) never pass through fromJnpfField, so
 *   they are stored exactly as sent; a model exported here and imported again is the same model.
 * - the form: `classJson` (a CSS string, Parser.vue:378-392), `className` (an array) and `formStyle` (Parser.vue:186-187),
 *   `formRules` (the name of the rules object, Parser.vue:198, :310);
 * - columnList and searchList items: `jnpfKey`; a searchList item is the whole field config spread with the search
 *   members (`label, prop, jnpfKey, value, searchType, searchMultiple`, components/ColumnDesign/main.vue:692-699), which
 *   views/basic/dynamicModel/list/Search.vue:5-110 renders by `__config__.jnpfKey`, `options`, `props.props`.
 */

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The option widgets whose static options JNPF 3.4.7 keeps at the top level. */
const OPTION_WIDGETS = new Set(['radio', 'checkbox', 'select']);
const DEFAULT_OPTION_PROPS = { label: 'fullName', value: 'id' };
/** True for JNPF's option-mapping member `props: { props: { label, value } }` (nothing else in it). */
const onlyProps = (v: unknown): v is { props: Obj } => isObj(v) && isObj(v.props) && Object.keys(v).length === 1;

/** Form-level members JNPF's form parser reads, with the values a form without them has (generator/config.js:2-40). */
const FORM_DEFAULTS: Readonly<Obj> = { formRules: 'rules', classJson: '', className: [], formStyle: '' };

/** Maps the fields of a `__config__.children` list (containers; tab/collapse items carry their own `__config__.children`). */
function mapChildren(list: unknown, map: (f: Obj) => Obj): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((c) => {
    if (!isObj(c) || !isObj(c.__config__)) return c;
    const cfg = c.__config__;
    if (typeof cfg.kdKey === 'string' || typeof cfg.jnpfKey === 'string') return map(c);
    return { ...c, __config__: { ...cfg, children: mapChildren(cfg.children, map) } };
  });
}

/** A field config in JNPF's names (see the module comment); `field` is not changed. */
export function toJnpfField(field: Obj): Obj {
  if (!isObj(field.__config__)) return field;
  const cfg = { ...field.__config__ };
  const kdKey = String(cfg.kdKey ?? '');
  const widget = WIDGET_BY_KDKEY.get(kdKey);
  cfg.jnpfKey = jnpfKeyOf(kdKey);
  if (cfg.showLabel === undefined) cfg.showLabel = true;
  if (widget && cfg.tag === widget.kdTag) cfg.tag = widget.jnpfTag;
  if (cfg.children !== undefined) cfg.children = mapChildren(cfg.children, toJnpfField);
  if (Array.isArray(cfg.regList)) cfg.regList = cfg.regList.map(withCatalogueMessage);
  const out: Obj = { ...field, __config__: cfg };
  if (OPTION_WIDGETS.has(kdKey)) {
    // Ours win on the way out: what our engine renders is what JNPF's designer shows and edits.
    const slot = isObj(field.__slot__) ? field.__slot__.options : undefined;
    if (Array.isArray(slot)) out.options = slot;
    else if (out.options === undefined) out.options = [];
    if (out.props === undefined || onlyProps(out.props)) out.props = { props: isObj(cfg.props) ? cfg.props : DEFAULT_OPTION_PROPS };
  }
  return out;
}

/**
 * A regList rule for JNPF: a catalogue pattern picked in our designer stores no message (the engine shows the
 * catalogue's in the user's language, issue 25 item 5), but JNPF's client shows the stored message as it is, so the
 * catalogue's zh message (spec 001 §5) is filled in. Other rules pass unchanged. Read back (fromJnpfField) the zh
 * message stays: the engine shows a catalogue pattern's zh message in the user's language like none (ruleMessages.ts).
 */
function withCatalogueMessage(rule: unknown): unknown {
  if (!isObj(rule) || (typeof rule.message === 'string' && rule.message !== '') || rule.message === null) return rule;
  const name = catalogueRuleOf(typeof rule.pattern === 'string' ? rule.pattern : undefined);
  return name ? { ...rule, message: ruleMessage(name, 'zh') } : rule;
}

/** A field config in our names from JNPF's or ours (the inverse of toJnpfField); `field` is not changed. */
export function fromJnpfField(field: Obj): Obj {
  if (!isObj(field.__config__)) return field;
  const { jnpfKey, ...cfg } = field.__config__;
  const kdKey = typeof cfg.kdKey === 'string' ? cfg.kdKey : kdKeyOf(String(jnpfKey ?? ''));
  cfg.kdKey = kdKey;
  const widget = WIDGET_BY_KDKEY.get(kdKey);
  if (cfg.showLabel === true) delete cfg.showLabel;
  if (widget && cfg.tag === widget.jnpfTag) cfg.tag = widget.kdTag;
  if (cfg.children !== undefined) cfg.children = mapChildren(cfg.children, fromJnpfField);
  const out: Obj = { ...field, __config__: cfg };
  if (OPTION_WIDGETS.has(kdKey)) {
    // JNPF's copies win on the way in (the module comment): its designer edits `options` and `props.props` only.
    if (Array.isArray(out.options)) {
      out.__slot__ = { ...(isObj(out.__slot__) ? out.__slot__ : {}), options: out.options };
      delete out.options;
    }
    if (onlyProps(out.props)) {
      const props = out.props.props;
      if (cfg.props !== undefined || !isDeepStrictEqual(props, DEFAULT_OPTION_PROPS)) cfg.props = props;
      delete out.props;
    }
  }
  return out;
}

/** The fields of a form, any depth, by `__vModel__` (sub-table columns too). */
function fieldsByModel(list: unknown, out = new Map<string, Obj>()): Map<string, Obj> {
  if (!Array.isArray(list)) return out;
  for (const f of list) {
    if (!isObj(f) || !isObj(f.__config__)) continue;
    if (typeof f.__vModel__ === 'string' && f.__vModel__) out.set(f.__vModel__, f);
    fieldsByModel(f.__config__.children, out);
  }
  return out;
}

/** A form config in JNPF's names: every field mapped, the form-level members JNPF reads added when missing. */
export function toJnpfForm(form: Obj): Obj {
  const out: Obj = { ...form, fields: mapChildren(form.fields, toJnpfField) };
  for (const [k, v] of Object.entries(FORM_DEFAULTS)) if (out[k] === undefined) out[k] = structuredClone(v);
  return out;
}

/** A form config in our names from JNPF's or ours (the inverse of toJnpfForm: default form-level members dropped). */
export function fromJnpfForm(form: Obj): Obj {
  const out: Obj = { ...form, fields: mapChildren(form.fields, fromJnpfField) };
  for (const [k, v] of Object.entries(FORM_DEFAULTS)) if (isDeepStrictEqual(out[k], v)) delete out[k];
  return out;
}

/** Options of toJnpfColumns. */
export interface JnpfColumnsOptions {
  /** The model exports (a menu bound to it has 导出, btn_download): `download` joins btnsList when missing. */
  exports?: boolean;
}

/**
 * A column config in JNPF's names: `jnpfKey` on columnList items, searchList items as the whole field (in JNPF's
 * names) spread with the item and `value: ''` (JNPF's designer saves them so), `download` in btnsList when the model
 * exports. `form` is the model's form config (ours or JNPF's).
 */
export function toJnpfColumns(columns: Obj, form: Obj, opts: JnpfColumnsOptions = {}): Obj {
  const fields = fieldsByModel(form.fields);
  const keyOf = (item: Obj) => String(item.kdKey ?? (fields.get(String(item.prop))?.__config__ as Obj | undefined)?.kdKey ?? '');
  const out: Obj = { ...columns };
  if (Array.isArray(columns.columnList)) out.columnList = columns.columnList.map((c) => (isObj(c) ? { ...c, jnpfKey: jnpfKeyOf(keyOf(c)) } : c));
  if (Array.isArray(columns.searchList)) {
    out.searchList = columns.searchList.map((s) => {
      if (!isObj(s)) return s;
      const field = fields.get(String(s.prop));
      const base = field ? toJnpfField(fromJnpfField(field)) : { __config__: { kdKey: keyOf(s), jnpfKey: jnpfKeyOf(keyOf(s)), label: s.label }, __vModel__: s.prop };
      return { ...base, ...s, jnpfKey: jnpfKeyOf(keyOf(s)), value: s.value ?? '' };
    });
  }
  const btns = Array.isArray(columns.btnsList) ? columns.btnsList : [];
  if (opts.exports && !btns.some((b) => isObj(b) && b.value === 'download')) out.btnsList = [...btns, { value: 'download', icon: 'el-icon-download', label: '导出' }];
  return out;
}

/**
 * A column config in our names from JNPF's or ours (the inverse of toJnpfColumns for a model's own export): items get
 * `kdKey` from `jnpfKey`; a searchList item loses the members of its field (those equal to the field's, in either
 * spelling) and an empty `value`. `form` is the model's form config (ours or JNPF's).
 */
export function fromJnpfColumns(columns: Obj, form: Obj): Obj {
  const fields = fieldsByModel(form.fields);
  const item = (i: unknown, search: boolean): unknown => {
    if (!isObj(i)) return i;
    const { jnpfKey, ...rest } = i;
    const own = (fields.get(String(rest.prop))?.__config__ as Obj | undefined)?.kdKey ?? kdKeyOf(String((fields.get(String(rest.prop))?.__config__ as Obj | undefined)?.jnpfKey ?? ''));
    if (rest.kdKey === undefined && typeof jnpfKey === 'string' && kdKeyOf(jnpfKey) !== own) rest.kdKey = kdKeyOf(jnpfKey);
    if (!search || !isObj(rest.__config__)) return rest;
    const field = fields.get(String(rest.prop));
    const spellings = field ? [fromJnpfField(field), toJnpfField(fromJnpfField(field))] : [];
    for (const k of Object.keys(rest)) {
      if (['prop', 'label', 'kdKey', 'searchType'].includes(k)) continue;
      if (((k === '__config__' || k === '__vModel__') && (field || (rest.__config__ as Obj).jnpfKey !== undefined)) || spellings.some((f) => k in f && isDeepStrictEqual(f[k], rest[k]))) delete rest[k];
    }
    if (rest.value === '') delete rest.value;
    return rest;
  };
  const out: Obj = { ...columns };
  if (Array.isArray(columns.columnList)) out.columnList = columns.columnList.map((c) => item(c, false));
  if (Array.isArray(columns.searchList)) out.searchList = columns.searchList.map((s) => item(s, true));
  return out;
}

/** True when a menu bound to model `modelId` (`menus`: modulesOfModel) has the enabled 导出 button (btn_download). */
export async function modelExports(db: Db, menus: string[]): Promise<boolean> {
  if (!menus.length) return false;
  const row = await db.selectFrom('module_button').select('id').where('module_id', 'in', menus).where('en_code', '=', 'btn_download').where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).executeTakeFirst();
  return !!row;
}

/**
 * The config members of `GET /api/visualdev/OnlineDev/{id}/Config` in JNPF's names and ours (issue 22 item 1):
 * `formData` and `columnData` as JSON strings (toJnpfForm, toJnpfColumns with `download` when the model exports).
 */
export async function configAnswerConfigs(db: Db, modelId: string, formData: unknown, columnData: unknown): Promise<{ formData: string; columnData: string }> {
  const form = isObj(formData) ? formData : {};
  const exports = await modelExports(db, await modulesOfModel(db, modelId));
  return { formData: JSON.stringify(toJnpfForm(form)), columnData: JSON.stringify(isObj(columnData) ? toJnpfColumns(columnData, form, { exports }) : columnData) };
}
