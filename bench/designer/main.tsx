import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import FormDesigner from '../../designer/form/FormDesigner';
import { renderers } from '../../renderers';
import KdForm from '../../renderers/_shared/KdForm';
import type { FieldConfig } from '../../schemas/field';
import { initI18n } from '../../src/i18n';
import TestShell from '../../src/testing/TestShell';
import { benchFields } from '../form/fields';

/**
 * The designer benchmark page (bench/designer.bench.ts, issue 13 "Performance"): `#designer` opens the form designer
 * on a model of the B6 form's 200 fields (formIds 1–200); `#runtime` the plain form runtime (KdForm) of the same fields,
 * whose `window.__relabel(i, label)` applies the same property edit (field i's label) as a new form config. Sets
 * `window.__mounted`: ms from `root.render` to the 200 fields' widgets painted.
 */
declare global {
  interface Window {
    __mounted?: number;
    __t0: number;
    __relabel?: (i: number, label: string) => void;
  }
}

initI18n('zh');
const fields: FieldConfig[] = benchFields().map((f, i) => ({ ...f, __config__: { ...f.__config__, formId: i + 1, renderKey: i + 1 } }));

function Runtime() {
  const [form, setForm] = useState({ fields });
  window.__relabel = (i, label) => setForm((cur) => ({ fields: cur.fields.map((f, j) => (j === i ? { ...f, __config__: { ...f.__config__, label } } : f)) }));
  return <KdForm form={form} registry={renderers} />;
}

const mode = location.hash.slice(1) || 'designer';
const root = createRoot(document.getElementById('root')!);
window.__t0 = performance.now();
const model = { meta: { fullName: '性能测试', enCode: 'benchDesigner', category: '', webType: 2 as const }, form: { fields, labelWidth: 100, gutter: 15 }, columnData: null, base: null };
root.render(<TestShell>{mode === 'designer' ? <FormDesigner model={model} registry={renderers} onLeave={() => {}} /> : <Runtime />}</TestShell>);
/** Fields whose widget is painted (one per leaf wrapper). */
const widgets = () =>
  [...document.querySelectorAll(mode === 'designer' ? '[data-testid="designer-canvas"] .kd-designer-leaf' : 'form.kd-form .kd-form-item')].filter((el) => el.querySelector('input, .ant-select, button[role="switch"]')).length;
const poll = () => {
  if (widgets() >= 200) requestAnimationFrame(() => setTimeout(() => (window.__mounted = performance.now() - window.__t0), 0));
  else requestAnimationFrame(poll);
};
poll();
