import { Button, Input, InputNumber, Select } from 'antd';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormConfig } from '../../schemas/form';
import { ProblemsContext, useDesigner } from '../form/DesignerContext';
import { DESIGNER_NS } from '../i18n';
import { applyBinding } from '../model/bindFields';
import { bindingOf, type ModelMeta } from '../model/modelApi';
import { vModelsOf } from '../store/tree';
import TableBindDialog from './TableBindDialog';

/**
 * The model's own props (name, code, category; a new model's main table, issue 13 item 3) and the form's (issue 13 item 1: labelPosition, labelWidth, gutter,
 * size, popupType), shown while no field is selected. The model props' problems (e.g. no name) are shown under them.
 * 从数据库表绑定 (issue 13 item 3): a new model binds existing tables as its main and child tables; an existing one keeps
 * its main table and adds fields from its columns not yet on the canvas, or binds existing tables as new sub-tables.
 */
export default function FormProps({ meta, onMeta }: { meta: ModelMeta; onMeta: (next: ModelMeta) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const [store, snap] = useDesigner();
  const problems = useContext(ProblemsContext);
  const form = snap.form;
  const set = (key: keyof FormConfig) => (v: unknown) => store.updateForm((f) => void Object.assign(f, { [key]: v }), String(key));
  const metaProblem = (k: string) => problems.get(`__${k}`)?.join('；');
  const [binding, setBinding] = useState(false);
  const bound = bindingOf(meta);
  return (
    <div className="kd-designer-form-props">
      <div className="kd-designer-prop-head">{t('fd.model')}</div>
      {(meta.id ? (['fullName', 'enCode', 'category'] as const) : (['fullName', 'enCode', 'category', 'table'] as const)).map((k) => (
        <div key={k} className="kd-designer-prop">
          <label htmlFor={`kd-fd-${k}`}>{t(`fd.${k}`)}</label>
          <Input id={`kd-fd-${k}`} size="small" disabled={k === 'table' && !!meta.bind} status={metaProblem(k) ? 'error' : undefined} value={meta[k] ?? ''} onChange={(e) => onMeta({ ...meta, [k]: e.target.value })} />
          {metaProblem(k) ? <div className="kd-designer-problem">{metaProblem(k)}</div> : null}
        </div>
      ))}
      <div className="kd-designer-prop" data-testid="designer-bind">
        {bound ? (
          <div className="kd-designer-hint">
            {t(bound.mainBound ? 'fd.bind.bound' : 'fd.bind.boundChildren', { table: bound.table, children: bound.children.join('，') || '—' })}{' '}
            {meta.bind ? (
              <Button size="small" type="link" onClick={() => onMeta({ ...meta, ...(meta.id ? {} : { table: '' }), bind: undefined })}>
                {t('fd.bind.unbind')}
              </Button>
            ) : null}
          </div>
        ) : null}
        <Button size="small" block data-testid="designer-bind-open" onClick={() => setBinding(true)}>
          {t('fd.bind.open')}
        </Button>
        <TableBindDialog
          open={binding}
          existing={meta.id ? { modelId: meta.id, main: meta.table ?? '', present: vModelsOf(snap.form.fields) } : undefined}
          onClose={() => setBinding(false)}
          onOk={(b) => {
            setBinding(false);
            onMeta(applyBinding(store, store.registry, meta, b));
          }}
        />
      </div>
      <div className="kd-designer-prop-head">{t('fd.formProps')}</div>
      <div className="kd-designer-prop">
        <span className="kd-designer-label">{t('fd.labelPosition')}</span>
        <Select size="small" aria-label={t('fd.labelPosition')} style={{ width: '100%' }} value={form.labelPosition ?? 'right'} onChange={set('labelPosition')} options={['left', 'right', 'top'].map((v) => ({ value: v, label: t(`fd.${v}`) }))} />
      </div>
      <div className="kd-designer-prop">
        <span className="kd-designer-label">{t('fd.labelWidth')}</span>
        <InputNumber size="small" aria-label={t('fd.labelWidth')} style={{ width: '100%' }} min={0} max={400} value={form.labelWidth ?? 100} onChange={(v) => set('labelWidth')(v ?? 100)} />
      </div>
      <div className="kd-designer-prop">
        <span className="kd-designer-label">{t('fd.gutter')}</span>
        <InputNumber size="small" aria-label={t('fd.gutter')} style={{ width: '100%' }} min={0} max={48} value={form.gutter ?? 15} onChange={(v) => set('gutter')(v ?? 15)} />
      </div>
      <div className="kd-designer-prop">
        <span className="kd-designer-label">{t('fd.size')}</span>
        <Select size="small" aria-label={t('fd.size')} style={{ width: '100%' }} value={form.size ?? 'small'} onChange={set('size')} options={['large', 'middle', 'small'].map((v) => ({ value: v, label: t(`fd.${v}`) }))} />
      </div>
      <div className="kd-designer-prop">
        <span className="kd-designer-label">{t('fd.popupType')}</span>
        <Select size="small" aria-label={t('fd.popupType')} style={{ width: '100%' }} value={form.popupType ?? 'general'} onChange={set('popupType')} options={['general', 'drawer', 'fullScreen'].map((v) => ({ value: v, label: t(`fd.${v}`) }))} />
      </div>
    </div>
  );
}
