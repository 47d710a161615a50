import { Col, Input, InputNumber, Row, Select, Switch } from 'antd';
import { memo, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { FieldConfig } from '../../schemas/field';
import { renderers } from '../../renderers';
import KdForm from '../../renderers/_shared/KdForm';
import { benchFields } from './fields';

/**
 * The benchmark page (bench/form.bench.ts): `#kd` mounts the 200 fields through the engine (KdForm: rjsf core, light
 * templates, antd inputs); `#plain` a hand-written controlled React form with the same antd inputs, labels and grid;
 * `#native` the same with native inputs. Sets `window.__mounted`: ms from `root.render` to the 200 inputs painted
 * (the engine's lazy widget chunks included).
 */
declare global {
  interface Window {
    __mounted?: number;
    __t0: number;
  }
}

const fields = benchFields();

type Setter = (name: string, v: unknown) => void;
const PlainField = memo(function PlainField({ f, value, set, native }: { f: FieldConfig; value: unknown; set: Setter; native: boolean }) {
  const name = f.__vModel__!;
  const k = f.__config__.kdKey;
  let input: React.ReactNode;
  if (native) {
    if (k === 'switch') input = <input id={name} type="checkbox" checked={!!value} onChange={(e) => set(name, e.target.checked)} />;
    else if (k === 'select')
      input = (
        <select id={name} value={String(value ?? '')} onChange={(e) => set(name, e.target.value || undefined)}>
          <option value="" />
          {(f.__slot__?.options ?? []).map((o) => (
            <option key={String(o.id)} value={String(o.id)}>
              {o.fullName}
            </option>
          ))}
        </select>
      );
    else input = <input id={name} type={k === 'numInput' ? 'number' : 'text'} value={String(value ?? '')} onChange={(e) => set(name, e.target.value)} />;
  } else if (k === 'switch') input = <Switch id={name} checked={!!value} onChange={(v) => set(name, v)} />;
  else if (k === 'select')
    input = <Select id={name} style={{ width: '100%' }} value={value as string | undefined} allowClear options={(f.__slot__?.options ?? []).map((o) => ({ value: String(o.id), label: o.fullName }))} onChange={(v) => set(name, v)} />;
  else if (k === 'numInput') input = <InputNumber id={name} style={{ width: '100%' }} value={value as number | null} onChange={(v) => set(name, v ?? undefined)} />;
  else input = <Input id={name} value={String(value ?? '')} allowClear placeholder="请输入" onChange={(e) => set(name, e.target.value || undefined)} />;
  return (
    <Col span={24}>
      <div style={{ marginBottom: 18 }}>
        <label htmlFor={name} style={{ display: 'block', marginBottom: 4 }}>
          {f.__config__.label}
        </label>
        {input}
      </div>
    </Col>
  );
});

function PlainForm({ native }: { native: boolean }) {
  const [data, setData] = useState<Record<string, unknown>>({});
  const set = useCallback<Setter>((n, v) => setData((d) => ({ ...d, [n]: v })), []);
  return (
    <form className="kd-form">
      <Row gutter={15}>
        {fields.map((f) => (
          <PlainField key={f.__vModel__} f={f} value={data[f.__vModel__!]} set={set} native={native} />
        ))}
      </Row>
    </form>
  );
}

const mode = location.hash.slice(1) || 'kd';
const root = createRoot(document.getElementById('root')!);
window.__t0 = performance.now();
root.render(mode === 'kd' ? <KdForm form={{ fields }} registry={renderers} /> : <PlainForm native={mode === 'native'} />);
const poll = () => {
  const form = document.querySelector('form.kd-form');
  if (form && form.querySelectorAll('input, select, .ant-select, button[role="switch"]').length >= 200) {
    requestAnimationFrame(() => setTimeout(() => (window.__mounted = performance.now() - window.__t0), 0));
  } else requestAnimationFrame(poll);
};
poll();
