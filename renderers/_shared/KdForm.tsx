import Form from '@rjsf/core';
import type { ErrorSchema, RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { Button, Spin } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import { compileForm } from '../../src/engine/compile';
import type { RendererMap } from '../../src/engine/renderer';
import { type FieldError, type MessageLang, validateRecord } from '../../src/engine/validate';
import { createRecordValidator, validateInChunks } from '../../src/engine/validateLines';
import { fallbackDefinition } from '../_fallback/definition';
import { BOUND, bindField, bindWidget, boundUiSchema, widgetField } from './bindStore';
import { FormFieldsContext } from './FormFieldsContext';
import { FormValuesContext } from './FormValuesContext';
import { FormStore, FormStoreContext, useRecordListener } from './formStore';
import LoadFailed, { LoadRetryContext } from './LoadFailed';
import { kdKeysOf, loadComponentsSettled, loadedComponent } from './loadComponents';
import { focusFirstError } from './revealError';
import { FieldTemplate, type KdFormContext, LayoutObjectTemplate } from './templates';
import type { FormMode, KdComponent } from './types';
import { useWidgetWord } from './words';

/** Props of KdForm. */
export interface KdFormProps {
  /** The form config (design.md §4); its fields may nest containers and sub-tables. */
  form: FormConfig;
  /** The renderer registry (renderers/index.ts, possibly extended by the app). */
  registry: RendererMap;
  /** Initial record keyed by `__vModel__`. */
  formData?: Record<string, unknown>;
  mode?: FormMode;
  /** Validate from the first render and on every change (otherwise from the first submit on). */
  liveValidate?: boolean;
  lang?: MessageLang;
  /** Called with every new record. */
  onChange?: (record: Record<string, unknown>) => void;
  /** Called with a record that passed validation; when set a 提交 button is shown. */
  onSubmit?: (record: Record<string, unknown>) => void;
  /** Errors to show in addition (e.g. the server's 400 answer). */
  serverErrors?: FieldError[];
  /** The model this form edits (`modelId`): upload widgets send it with their `vModel` (spec 001 §5 "File upload"). */
  modelId?: string;
  /**
   * Told whether every widget of the form has loaded (true) or not yet / not all (false: loading, or a chunk failed and
   * shows 重试 in its field's place, issue 25 item 3); a dialog keeps its 确定 disabled until true.
   */
  onReady?: (ready: boolean) => void;
  /**
   * Holds the form's FormStore while the form is mounted (null once it is gone): a dialog's 确定 reads the record the
   * user sees (`storeRef.current.get()`) at the moment of the click, not a copy kept from `onChange`.
   */
  storeRef?: { current: FormStore | null };
}

/** rjsf must not invent values: no minItems padding, no empty objects (a required upload would become `[{}]`). */
const DEFAULTS = { arrayMinItems: { populate: 'never' as const }, emptyObjectFields: 'skipEmptyDefaults' as const };

/** Turns FieldErrors (`a`, `tbl[0].col`) into an rjsf ErrorSchema. */
export function toErrorSchema(errors: FieldError[]): ErrorSchema {
  type Node = { __errors?: string[]; [k: string]: unknown };
  const root: Node = {};
  for (const e of errors) {
    const path = e.field.split(/[.[\]]+/).filter(Boolean);
    let node = root;
    for (const seg of path) {
      node[seg] ??= {};
      node = node[seg] as Node;
    }
    node.__errors = [...(node.__errors ?? []), e.message];
  }
  return root as ErrorSchema;
}

/** Adds visible fallback definitions for kdKeys the registry does not know (design.md §3). */
function withFallbacks(fields: FieldConfig[], registry: RendererMap): RendererMap {
  const unknown = [...kdKeysOf(fields)].filter((k) => !registry[k]);
  if (!unknown.length) return registry;
  return { ...registry, ...Object.fromEntries(unknown.map((k) => [k, fallbackDefinition(k)])) };
}

/** Every component the fields use, when each is loaded already; else null (see loadComponents). */
function loadedAll(registry: RendererMap, fields: FieldConfig[]): Record<string, KdComponent> | null {
  const out: Record<string, KdComponent> = {};
  for (const k of kdKeysOf(fields)) {
    if (!registry[k]) continue;
    const c = loadedComponent(registry, k);
    if (!c) return null;
    out[k] = c;
  }
  return out;
}

/** Same kdKeys with the same components? */
const sameComponents = (a: Record<string, KdComponent>, b: Record<string, KdComponent>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/** Same errors (fields and messages)? Keeps rjsf from re-rendering the whole form for an unchanged error list. */
const sameErrors = (a: FieldError[], b: FieldError[]) => a.length === b.length && a.every((e, i) => e.field === b[i].field && e.message === b[i].message);
const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The form's own 提交: a save from it moves the focus to the first error like 确定 outside the form. */
const SUBMIT = 'button[type="submit"]';
/** The control of the first field showing an error: its own input, a select's search box or a focusable widget. */
const FIRST_INVALID = ['input', 'textarea', '[tabindex="0"]', 'button'].map((c) => `.kd-form-item-error ${c}:not([type="hidden"]):not([disabled])`).join(', ');

/**
 * A model form (design.md §1, §3): compiles the form config with the engine, lazy-loads the widgets it uses, renders
 * them with @rjsf/core and light templates, lays out containers and display widgets, and validates with the same
 * schema as the server (`validateRecord`; its own 提交 in slices, `validateInChunks`), showing the rule's own message
 * under each field.
 *
 * The record lives in a FormStore owned by this form, not in rjsf's Form state (issue 3 item 7, B7): each top-level
 * widget (and the sub-table) reads and writes its own value in the store, so a keystroke re-renders that widget only;
 * rjsf's Form gets the initial record once and only re-renders for errors; submit and validation read the store.
 * A parent re-render (e.g. with a server's 400 errors) can therefore never reset what the user typed. `formData` is
 * the initial record: the store is replaced only when the parent passes a record with different content.
 */
function KdForm({ form, registry, formData, mode = 'edit', liveValidate, lang, onChange, onSubmit, serverErrors, modelId, onReady, storeRef }: KdFormProps) {
  const w = useWidgetWord();
  const reg = useMemo(() => withFallbacks(form.fields, registry), [form.fields, registry]);
  const compiled = useMemo(() => compileForm(form, reg), [form, reg]);
  const uiSchema = useMemo(() => boundUiSchema(compiled.uiSchema), [compiled.uiSchema]);
  // Widgets loaded already (a dialog loads them while the record loads): the form draws at once, no spinner first.
  const [components, setComponents] = useState<Record<string, KdComponent> | null>(() => loadedAll(reg, form.fields));
  const [store] = useState(() => new FormStore(formData ?? {}));
  // What rjsf's Form is given: the initial record, changed only when the parent passes a different one.
  const [initial, setInitial] = useState<Record<string, unknown>>(() => formData ?? {});
  const rjsfSeen = useRef(initial);
  const [validating, setValidating] = useState(!!liveValidate);
  const [errors, setErrorsRaw] = useState<FieldError[]>(() => (liveValidate ? validateRecord(compiled, formData ?? {}, lang) : []));
  const setErrors = useCallback((next: FieldError[]) => setErrorsRaw((prev) => (sameErrors(prev, next) ? prev : next)), []);

  // Widgets whose chunk failed to load show LoadFailed (a message and 重试) in their place; 重试 loads them again.
  const [failed, setFailed] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks for another try
  useEffect(() => {
    let live = true;
    loadComponentsSettled(reg, kdKeysOf(form.fields)).then((r) => {
      if (!live) return;
      setFailed((prev) => (!prev.length && !r.failed.length ? prev : r.failed));
      const next = { ...r.components, ...Object.fromEntries(r.failed.map((k) => [k, LoadFailed as KdComponent])) };
      // The same components as drawn already keep the form as it is (no second render of a 5,000-line sub-table).
      setComponents((prev) => (prev && sameComponents(prev, next) ? prev : next));
    });
    return () => {
      live = false;
    };
  }, [reg, form.fields, attempt]);
  const ready = !!components && !failed.length;
  const readyTo = useRef(onReady);
  readyTo.current = onReady;
  // Told again on every change, and false when the form goes away (a dialog's next form starts not ready).
  useEffect(() => {
    readyTo.current?.(ready);
    return () => readyTo.current?.(false);
  }, [ready]);

  // A new record from the parent (another record loaded) replaces the store; the same content again changes nothing.
  const prevProp = useRef(formData);
  useEffect(() => {
    if (formData === prevProp.current || sameJson(formData ?? {}, prevProp.current ?? {})) return;
    prevProp.current = formData;
    store.replace(formData ?? {});
    rjsfSeen.current = formData ?? {};
    setInitial(formData ?? {});
  }, [formData, store]);

  // Re-validation while typing checks each sub-table line once (issue 25 item 1); submit checks the whole record.
  const recheck = useMemo(() => createRecordValidator(compiled, lang), [compiled, lang]);
  const latest = useRef({ recheck, validating, onChange });
  latest.current = { recheck, validating, onChange };
  const tell = useCallback(
    (next: Record<string, unknown>) => {
      const { recheck: check, validating: v, onChange: notify } = latest.current;
      if (v) setErrors(check(next));
      notify?.(next);
    },
    [setErrors],
  );
  useRecordListener(store, tell, storeRef);
  // Validation starts on the first submit: validate the current record at once.
  useEffect(() => {
    if (validating) setErrors(validateRecord(compiled, store.get(), lang));
  }, [validating, compiled, lang, store, setErrors]);

  // rjsf calls onChange only for what it changes itself (defaults filled in at mount, or after a schema change):
  // copy those values into the store; the widgets write to the store directly.
  const handleRjsfChange = useCallback(
    (e: { formData?: Record<string, unknown> }) => {
      const next = e.formData ?? {};
      const seen = rjsfSeen.current;
      rjsfSeen.current = next;
      for (const k of Object.keys(next)) if (!sameJson(next[k], seen[k])) store.set(k, next[k]);
    },
    [store],
  );
  // 提交 checks the whole record in slices (validateInChunks: a 5,000-line sub-table without a long task, issue 25
  // item 1); a later 提交, or the form going away, drops an earlier check's answer.
  const submits = useRef(0);
  useEffect(
    () => () => {
      submits.current += 1;
    },
    [],
  );
  const handleSubmit = useCallback(async () => {
    const data = store.get();
    const n = ++submits.current;
    const errs = await validateInChunks(compiled, data, lang);
    if (n !== submits.current) return;
    setValidating(true);
    setErrors(errs);
    if (!errs.length) onSubmit?.(data);
  }, [compiled, lang, onSubmit, store, setErrors]);

  const widgets = useMemo(() => {
    const w: RegistryWidgetsType = {};
    const f: RegistryFieldsType = {};
    for (const [k, c] of Object.entries(components ?? {})) {
      // The sub-table is an rjsf field (compile.ts: 'ui:field': 'table'); everything else is a widget, also offered as
      // a field for object values (compile.ts objectValued: 'ui:field' = kdKey, bindStore.ts widgetField).
      // Top-level fields use the store-bound versions (uiSchema `kd$<kdKey>`); sub-table cells the plain ones.
      if (k === 'table') {
        f.table = c;
        f[BOUND + k] = bindField(c);
      } else {
        w[k] = c;
        w[BOUND + k] = bindWidget(c);
        f[BOUND + k] = bindField(widgetField(c));
      }
    }
    return { w, f };
  }, [components]);
  const context = useMemo<KdFormContext>(
    () => ({ fields: form.fields, registry: reg, components: components ?? {}, mode, gutter: form.gutter ?? 15, modelId }),
    [form.fields, form.gutter, reg, components, mode, modelId],
  );
  const extraErrors = useMemo(() => toErrorSchema([...errors, ...(serverErrors ?? [])]), [errors, serverErrors]);
  // After a save finds errors (the focus is on 确定, 提交 or elsewhere, not in the form), the keyboard goes to the first
  // invalid field (issue 25 item 3), a sub-table's first invalid line scrolled into view (item 1); while the user works
  // in the form (typing, 添加, 上移…), focus stays where it is.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = root.current;
    const active = document.activeElement;
    if (!el || !(errors.length || serverErrors?.length) || (el.contains(active) && !active?.matches(SUBMIT))) return;
    focusFirstError(el, [...errors, ...(serverErrors ?? [])], FIRST_INVALID);
  }, [errors, serverErrors]);

  if (!components) return <Spin />;
  return (
    <div ref={root} style={{ display: 'contents' }}>
    <LoadRetryContext.Provider value={retry}>
    <FormStoreContext.Provider value={store}>
    <FormFieldsContext.Provider value={compiled.byModel}>
    <FormValuesContext.Provider value={store}>
      <Form
        // rjsf keeps its widget registry while its props compare equal (functions count as equal): after 重试 the form
        // mounts anew to take the loaded widgets; the record lives in the store, so nothing typed is lost.
        key={failed.length ? `failed${attempt}` : `ready${attempt}`}
        className={`kd-form kd-form-${mode}`}
        schema={compiled.schema}
        uiSchema={uiSchema}
        formData={initial}
        validator={validator}
        widgets={widgets.w}
        fields={widgets.f}
        templates={{ FieldTemplate, ObjectFieldTemplate: LayoutObjectTemplate }}
        formContext={context}
        readonly={mode === 'readonly'}
        disabled={mode === 'design' || !!form.disabled}
        noValidate
        experimental_defaultFormStateBehavior={DEFAULTS}
        showErrorList={false}
        extraErrors={extraErrors}
        onChange={handleRjsfChange}
        onSubmit={handleSubmit}
      >
        {onSubmit && mode === 'edit' ? (
          <Button type="primary" htmlType="submit">
            {w('submit')}
          </Button>
        ) : (
          <span />
        )}
      </Form>
    </FormValuesContext.Provider>
    </FormFieldsContext.Provider>
    </FormStoreContext.Provider>
    </LoadRetryContext.Provider>
    </div>
  );
}
export default memo(KdForm);
