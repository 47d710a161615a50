import Form from '@rjsf/core';
import type { FieldTemplateProps, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { Input, InputNumber, Select, Switch } from 'antd';
import type { JSONSchema7 } from 'json-schema';
import { memo, useMemo } from 'react';
import type { FieldConfig } from '../../schemas/field';

/** Keys the common panel edits itself (label, name, data source…): left out of the generated part. */
const COMMON: Record<string, string[]> = { __config__: ['dataType', 'dictionaryType', 'propsUrl'], __slot__: ['options'] };

/** The inspector schema (design.md §3) without what the common props already edit; objects left empty are dropped. */
export function inspectorPart(schema: JSONSchema7): JSONSchema7 {
  const props: Record<string, JSONSchema7> = {};
  for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, JSONSchema7>)) {
    if (!COMMON[k] || !s.properties) {
      props[k] = s;
      continue;
    }
    const rest = Object.fromEntries(Object.entries(s.properties).filter(([n]) => !COMMON[k].includes(n)));
    if (Object.keys(rest).length) props[k] = { ...s, properties: rest as Record<string, JSONSchema7> };
  }
  return { ...schema, properties: props };
}

/** The values of `field` the schema describes (nested objects by their own properties). */
export function pickBySchema(value: Record<string, unknown> | undefined, schema: JSONSchema7): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, JSONSchema7>)) {
    const v = value?.[k];
    if (s.properties) out[k] = pickBySchema((v ?? {}) as Record<string, unknown>, s);
    else if (v !== undefined && v !== null) out[k] = structuredClone(v);
  }
  return out;
}

/** Writes `data` into `target` (an immer draft) for the schema's properties; an emptied value is removed. */
export function assignBySchema(target: Record<string, unknown>, data: Record<string, unknown>, schema: JSONSchema7): void {
  for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, JSONSchema7>)) {
    const v = data[k];
    if (s.properties) {
      if (!target[k] || typeof target[k] !== 'object') target[k] = {};
      assignBySchema(target[k] as Record<string, unknown>, (v ?? {}) as Record<string, unknown>, s);
    } else if (v === undefined) {
      if (k in target && target[k] !== null && target[k] !== '') target[k] = Array.isArray(target[k]) ? [] : typeof target[k] === 'string' ? '' : null;
    } else if (JSON.stringify(v) !== JSON.stringify(target[k])) target[k] = structuredClone(v);
  }
}

function TextWidget({ id, value, onChange, schema, disabled, readonly, placeholder }: WidgetProps) {
  const numeric = schema.type === 'number' || schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.some((t) => t === 'number' || t === 'integer'));
  if (numeric) return <InputNumber id={id} size="small" style={{ width: '100%' }} value={typeof value === 'number' ? value : null} min={schema.minimum} max={schema.maximum} disabled={disabled || readonly} onChange={(v) => onChange(v ?? undefined)} />;
  return <Input id={id} size="small" value={value ?? ''} placeholder={placeholder} disabled={disabled || readonly} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)} />;
}
function CheckboxWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  return <Switch id={id} size="small" checked={!!value} disabled={disabled || readonly} onChange={(v) => onChange(v)} />;
}
function SelectWidget({ id, value, onChange, options, disabled, readonly }: WidgetProps) {
  const items = (options.enumOptions ?? []).map((o) => ({ value: o.value as string, label: String(o.label === '' ? '—' : o.label) }));
  return <Select id={id} size="small" style={{ width: '100%' }} value={value} options={items} disabled={disabled || readonly} onChange={(v) => onChange(v)} allowClear />;
}
function FieldTemplate({ id, label, children, hidden, schema }: FieldTemplateProps) {
  if (hidden) return null;
  if (schema.type === 'object') return <div className="kd-designer-inspector-group">{children}</div>;
  return (
    <div className="kd-designer-prop">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
const WIDGETS: RegistryWidgetsType = { TextWidget, CheckboxWidget, SelectWidget, UpDownWidget: TextWidget };

/**
 * The widget's own props (issue 13 item 1): an rjsf form generated from the renderer's `inspector` JSON Schema
 * (design.md §3), with light antd widgets; every change is written into the field through `onChange(recipe)`.
 */
function InspectorForm({ field, schema, onChange }: { field: FieldConfig; schema: JSONSchema7; onChange: (recipe: (f: FieldConfig) => void) => void }) {
  const part = useMemo(() => inspectorPart(schema), [schema]);
  const formData = useMemo(() => pickBySchema(field, part), [field, part]);
  if (!Object.keys(part.properties ?? {}).length) return null;
  return (
    <Form
      className="kd-designer-inspector"
      idPrefix="kd-fd-inspector"
      schema={part}
      formData={formData}
      validator={validator}
      widgets={WIDGETS}
      templates={{ FieldTemplate, ButtonTemplates: { SubmitButton: () => null } }}
      showErrorList={false}
      noHtml5Validate
      onChange={(e) => onChange((f) => assignBySchema(f as Record<string, unknown>, (e.formData ?? {}) as Record<string, unknown>, part))}
    />
  );
}
export default memo(InspectorForm);
