import type { FieldTemplateProps, ObjectFieldTemplateProps } from '@rjsf/utils';
import { Col, Row } from 'antd';
import { Fragment, memo, type ReactNode, useLayoutEffect } from 'react';
import type { FieldConfig } from '../../schemas/field';
import type { RendererMap } from '../../src/engine/renderer';
import { isShown } from '../../src/engine/showWhen';
import { useFormValues } from './FormValuesContext';
import type { FormMode, KdComponent } from './types';
import { useFieldRules } from './useFieldRules';
import { useWidgetWord } from './words';

/** What KdForm passes to its templates through rjsf's `formContext`. */
export interface KdFormContext {
  /** The form's field tree (layout included). */
  fields: FieldConfig[];
  registry: RendererMap;
  components: Record<string, KdComponent>;
  mode: FormMode;
  gutter: number;
  /** The model the form edits (`modelId`), when it is a model's form: uploads send it so the server applies the field's limits. */
  modelId?: string;
}

/**
 * Light field template (design.md §3: no @rjsf/antd templates): label with a required star, the widget, the first error
 * in `role="alert"` below it (id `<id>__error`). The root object renders bare. While a field is invalid its control
 * (the element with the field's id) carries aria-invalid and aria-describedby pointing at the message (issue 25 item 3),
 * set here once for every renderer.
 */
function FieldTemplateImpl({ id, label, required, children, rawErrors, hidden, uiSchema }: FieldTemplateProps) {
  const field = (uiSchema?.['ui:options'] as { field?: FieldConfig } | undefined)?.field;
  // Required while its required-when rule holds (issue 13 field rules): the star follows the record.
  const rules = useFieldRules(id === 'root' ? undefined : field);
  const err = rawErrors?.[0];
  useLayoutEffect(() => {
    const control = id === 'root' ? null : document.getElementById(id);
    if (!control) return;
    if (err) {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', `${id}__error`);
    } else {
      control.removeAttribute('aria-invalid');
      control.removeAttribute('aria-describedby');
    }
  }, [id, err]);
  if (hidden) return null;
  if (id === 'root') return children;
  const showLabel = field?.__config__.showLabel !== false;
  return (
    <div className={`kd-form-item${err ? ' kd-form-item-error' : ''}`} style={{ marginBottom: 18 }}>
      {showLabel && (
        <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
          {(required || rules.required) && <span style={{ color: '#cf1322', marginRight: 4 }}>*</span>}
          {label}
        </label>
      )}
      {children}
      {err && (
        <div role="alert" id={`${id}__error`} className="kd-field-error" style={{ color: '#cf1322', fontSize: 12, marginTop: 2 }}>
          {err}
        </div>
      )}
    </div>
  );
}
export const FieldTemplate = memo(FieldTemplateImpl);

/** The `__vModel__`s the layout tree places (through containers and tab/collapse items; sub-table columns excluded). */
export function layoutModels(fields: FieldConfig[], registry: RendererMap, out = new Set<string>()): Set<string> {
  for (const f of fields) {
    const cfg = f?.__config__;
    if (!cfg) continue;
    const isLayout = !cfg.kdKey || registry[cfg.kdKey]?.container || (cfg.kdKey !== 'table' && Array.isArray(cfg.children) && cfg.children.length && !f.__vModel__);
    if (isLayout) layoutModels((cfg.children ?? []) as FieldConfig[], registry, out);
    else if (f.__vModel__) out.add(f.__vModel__);
  }
  return out;
}

/** Renders `children` only while the record satisfies the field's `__config__.showWhen` (src/engine/showWhen.ts). */
function ShownWhen({ field, children }: { field: FieldConfig; children: ReactNode }) {
  const record = useFormValues();
  return isShown(field, record) ? children : null;
}

/**
 * Root object template: lays the properties out following the form's field tree, so containers (row, card, tab,
 * collapse) and display widgets (text, alert, divider…) appear where the designer put them. Each leaf sits in an antd
 * `Col` of its `__config__.span` (24 columns).
 */
export function LayoutObjectTemplate({ properties, registry }: ObjectFieldTemplateProps) {
  const ctx = registry.formContext as KdFormContext;
  const w = useWidgetWord();
  const byName = new Map(properties.map((p) => [p.name, p.content]));
  const placed = layoutModels(ctx.fields, ctx.registry);
  const render = (fields: FieldConfig[]): ReactNode =>
    fields.map((f, i) => {
      const placedField = place(f, i);
      return f.__config__?.showWhen && placedField ? (
        <ShownWhen key={`when-${f.__vModel__ || i}`} field={f}>
          {placedField}
        </ShownWhen>
      ) : (
        placedField
      );
    });
  const place = (f: FieldConfig, i: number): ReactNode => {
    const cfg = f.__config__;
    const def = ctx.registry[cfg.kdKey];
    const span = typeof cfg.span === 'number' ? cfg.span : 24;
    const key = f.__vModel__ || `${cfg.kdKey}-${cfg.formId ?? i}`;
    if (def?.container || (cfg.kdKey !== 'table' && Array.isArray(cfg.children) && cfg.children.length && !f.__vModel__)) {
      const C = ctx.components[cfg.kdKey];
      const inner = C ? <C field={f} mode={ctx.mode} renderChildren={render} /> : <Row gutter={ctx.gutter}>{render((cfg.children ?? []) as FieldConfig[])}</Row>;
      return (
        <Col key={key} span={span}>
          {inner}
        </Col>
      );
    }
    if (f.__vModel__ && byName.has(f.__vModel__)) {
      return (
        <Col key={key} span={span}>
          {byName.get(f.__vModel__)}
        </Col>
      );
    }
    const D = ctx.components[cfg.kdKey];
    if (!D) return null;
    if (def && def.toSchema(f) !== null) {
      // A value widget without a `__vModel__` (e.g. fresh from the palette): say so rather than render it unbound.
      return (
        <Col key={key} span={span}>
          <div className="kd-form-item" style={{ marginBottom: 18, color: '#faad14' }}>
            {w('unbound', { label: String(cfg.label ?? cfg.kdKey) })}
          </div>
        </Col>
      );
    }
    // A display widget is labelled like a field unless its config hides the label (text, alert, divider, link,
    // button, groupTitle scaffolds say showLabel: false; qrcode, barcode and the attr widgets keep theirs).
    const labelled = cfg.showLabel !== false && !!cfg.label;
    return (
      <Col key={key} span={span}>
        <div className={labelled ? 'kd-form-item' : undefined} style={{ marginBottom: 18 }}>
          {labelled && <div className="kd-display-label" style={{ marginBottom: 4 }}>{cfg.label}</div>}
          <D field={f} mode={ctx.mode} />
        </div>
      </Col>
    );
  };
  const laid = render(ctx.fields);
  const rest = properties.filter((p) => !placed.has(p.name));
  return (
    <Row gutter={ctx.gutter}>
      {laid}
      {rest.map((p) => (
        <Fragment key={p.name}>
          <Col span={24}>{p.content}</Col>
        </Fragment>
      ))}
    </Row>
  );
}
