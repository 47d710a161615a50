import { Divider, Input, InputNumber, Slider, Switch } from 'antd';
import { useCallback, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldConfig, RegRule } from '../../schemas/field';
import { ruleFieldNames } from '../../src/engine/ruleCheck';
import { ProblemsContext, useDesigner } from '../form/DesignerContext';
import { DESIGNER_NS } from '../i18n';
import { flatten, idOf, locate, vModelsOf } from '../store/tree';
import { vModelProblem } from '../store/vmodel';
import FieldRulesEditor from './FieldRulesEditor';
import InspectorForm from './InspectorForm';
import OptionSource, { hasOptionSource } from './OptionSource';
import RegListEditor from './RegListEditor';

type Recipe = (f: FieldConfig) => void;

/** The editor of `__config__.defaultValue` by the value's JSON Schema type (number, boolean, text; others as JSON). */
function DefaultValue({ type, value, onChange, label }: { type: unknown; value: unknown; onChange: (v: unknown) => void; label: string }) {
  if (type === 'number' || type === 'integer') return <InputNumber size="small" aria-label={label} style={{ width: '100%' }} value={typeof value === 'number' ? value : null} onChange={(v) => onChange(v ?? null)} />;
  if (type === 'boolean') return <Switch size="small" aria-label={label} checked={value === true} onChange={onChange} />;
  if (type === 'string') return <Input size="small" aria-label={label} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />;
  return (
    <Input
      size="small"
      aria-label={label}
      defaultValue={value === undefined || value === null ? '' : JSON.stringify(value)}
      onBlur={(e) => {
        try {
          onChange(e.target.value.trim() ? JSON.parse(e.target.value) : null);
        } catch {
          onChange(e.target.value);
        }
      }}
    />
  );
}

/**
 * The selected field's properties (issue 13 item 1): the common `__config__` props (label, field name with its checks,
 * required, span, default value, validation rules, option source), then the widget's own props generated from its
 * renderer's `inspector`. Edits of one property join into one undo step.
 */
export default function FieldProps({ formId }: { formId: number }) {
  const { t } = useTranslation(DESIGNER_NS);
  const [store, snap] = useDesigner();
  const loc = locate(snap.form, formId);
  const field = loc?.field;
  const inTable = loc?.ref.owner != null && locate(snap.form, loc.ref.owner)?.field.__config__.kdKey === 'table';
  const problems = useContext(ProblemsContext).get(formId);
  const edit = useCallback((recipe: Recipe, key?: string) => store.update(formId, recipe, key), [store, formId]);
  const stored = useMemo(() => flatten(snap.form.fields).filter((f) => f.__vModel__), [snap.form.fields]);
  const ruleNames = useMemo(() => ruleFieldNames(snap.form.fields), [snap.form.fields]);
  const formFields = useMemo(() => stored.map((f) => ({ vModel: f.__vModel__ as string, label: String(f.__config__.label ?? f.__vModel__) })), [stored]);
  // The editors below keep their element while the selected field is unchanged, so an edit elsewhere on the canvas
  // (a drop, another field's change) does not re-render them (issue 13 "Performance", D3).
  const def = field ? store.registry[field.__config__.kdKey] : undefined;
  const onRegList = useCallback((next: RegRule[]) => edit((f) => void Object.assign(f.__config__, { regList: next }), 'regList'), [edit]);
  const onInspector = useCallback((r: Recipe) => edit(r, 'inspector'), [edit]);
  const regList = useMemo(() => (field ? <RegListEditor value={(field.__config__.regList ?? []) as RegRule[]} onChange={onRegList} /> : null), [field, onRegList]);
  const inspector = useMemo(() => (field && def ? <InspectorForm key={formId} field={field} schema={def.inspector} onChange={onInspector} /> : null), [field, def, formId, onInspector]);
  const optionSource = useMemo(() => (field && hasOptionSource(field) ? <OptionSource field={field} formFields={formFields} onChange={edit} /> : null), [field, formFields, edit]);
  if (!field) return null;
  const cfg = field.__config__;
  const stores = Object.hasOwn(field, '__vModel__');
  const valueSchema = def && stores ? def.toSchema(field) : null;
  const others = new Set(vModelsOf(snap.form.fields));
  others.delete(field.__vModel__ ?? '');
  const nameProblem = stores ? vModelProblem(field.__vModel__ ?? '', others) : null;
  const setCfg = (key: string) => (v: unknown) => edit((f) => void Object.assign(f.__config__, { [key]: v }), key);
  return (
    <div className="kd-designer-field-props" data-field={field.__vModel__ || `${cfg.kdKey}${idOf(field)}`}>
      <div className="kd-designer-prop-head">
        {def?.label ?? cfg.kdKey} <code>{cfg.kdKey}</code>
      </div>
      {problems?.length ? (
        <div role="alert" className="kd-designer-problem">
          {problems.join('；')}
        </div>
      ) : null}
      <div className="kd-designer-prop">
        <label htmlFor="kd-fd-label">{t('fd.label')}</label>
        <Input id="kd-fd-label" size="small" value={String(cfg.label ?? '')} onChange={(e) => setCfg('label')(e.target.value)} />
      </div>
      {stores ? (
        <div className="kd-designer-prop">
          <label htmlFor="kd-fd-vmodel">{t('fd.vModel')}</label>
          <Input id="kd-fd-vmodel" size="small" status={nameProblem ? 'error' : undefined} value={field.__vModel__ ?? ''} onChange={(e) => edit((f) => void Object.assign(f, { __vModel__: e.target.value.trim() }), 'vModel')} />
          {nameProblem ? <div className="kd-designer-problem">{t(`fd.vm.${nameProblem}`)}</div> : null}
        </div>
      ) : null}
      {stores ? (
        <div className="kd-designer-prop kd-designer-prop-inline">
          <label htmlFor="kd-fd-required">{t('fd.required')}</label>
          <Switch id="kd-fd-required" size="small" checked={!!cfg.required} onChange={(v) => setCfg('required')(v)} />
        </div>
      ) : null}
      {stores && !inTable && cfg.kdKey !== 'table' ? (
        // Unique values, enforced by the server on create, update and import (unique-values.ts).
        <div className="kd-designer-prop kd-designer-prop-inline">
          <label htmlFor="kd-fd-unique">{t('fd.unique')}</label>
          <Switch id="kd-fd-unique" size="small" checked={cfg.unique === true} onChange={(v) => setCfg('unique')(v || undefined)} />
        </div>
      ) : null}
      <div className="kd-designer-prop">
        <span className="kd-designer-label">{t('fd.span')}</span>
        <Slider min={1} max={24} value={typeof cfg.span === 'number' ? cfg.span : 24} onChange={(v) => setCfg('span')(v)} aria-label={t('fd.span')} />
      </div>
      {cfg.kdKey === 'table' ? (
        // The sub-table's child table (issue 13 item 3); empty: `<main table>_<name>` (model-layout.ts).
        <div className="kd-designer-prop">
          <label htmlFor="kd-fd-tablename">{t('fd.subTableName')}</label>
          <Input id="kd-fd-tablename" size="small" placeholder={t('fd.tableAuto')} value={typeof cfg.tableName === 'string' ? cfg.tableName : ''} onChange={(e) => setCfg('tableName')(e.target.value.trim() || undefined)} />
        </div>
      ) : null}
      {valueSchema && cfg.kdKey !== 'table' ? (
        <div className="kd-designer-prop">
          <span className="kd-designer-label">{t('fd.defaultValue')}</span>
          <DefaultValue key={formId} type={valueSchema.type} value={cfg.defaultValue} onChange={setCfg('defaultValue')} label={t('fd.defaultValue')} />
        </div>
      ) : null}
      {stores && cfg.kdKey !== 'table' ? (
        <div className="kd-designer-prop">
          <span className="kd-designer-label">{t('fd.regList')}</span>
          {regList}
        </div>
      ) : null}
      {inTable ? (
        // A sub-table column's rules read the other columns of the same line (issue 13 field rules, per line).
        <FieldRulesEditor field={field} others={loc.list.filter((f) => f !== field && f.__vModel__)} onChange={edit} />
      ) : (
        <FieldRulesEditor field={field} others={stored.filter((f) => f !== field && ruleNames.has(f.__vModel__ as string))} onChange={edit} />
      )}
      {optionSource}
      {def ? (
        <>
          <Divider plain size="small">
            {t('fd.inspector')}
          </Divider>
          {inspector}
        </>
      ) : null}
    </div>
  );
}
