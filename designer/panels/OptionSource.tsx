import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceConfig } from '../../schemas/data-source';
import type { FieldConfig, FieldOption } from '../../schemas/field';
import DataSourceDialog from '../DataSourceDialog';
import type { LinkOption } from '../FieldGrid';
import { DESIGNER_NS } from '../i18n';

type Recipe = (f: FieldConfig) => void;

/** Whether a field takes options (static, dictionary or dynamic: spec 001 §3): its scaffold has a dataType or options. */
export const hasOptionSource = (f: FieldConfig) => typeof f.__config__.dataType === 'string' || Array.isArray(f.__slot__?.options);

/**
 * The option source of an option widget (issue 13 item 1; spec 001 §3): static options (name and value rows),
 * a dictionary code, or a remote source configured in the existing data-source dialog (DataSourceDialog; an internal
 * interface becomes the field's `propsUrl`, the whole config is kept in `__config__.dataSource`).
 */
export default function OptionSource({ field, formFields, onChange }: { field: FieldConfig; formFields: LinkOption[]; onChange: (recipe: Recipe, key?: string) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const [dialog, setDialog] = useState(false);
  const cfg = field.__config__;
  const type = cfg.dataType || 'static';
  const options = (field.__slot__?.options ?? []) as FieldOption[];
  const setOptions = (next: FieldOption[], key?: string) =>
    onChange((f) => {
      f.__slot__ = { ...(f.__slot__ ?? {}), options: next };
    }, key);
  return (
    <div className="kd-designer-options">
      <div className="kd-designer-prop">
        <span className="kd-designer-label">{t('fd.dataType')}</span>
        <Radio.Group size="small" optionType="button" value={type} onChange={(e) => onChange((f) => void Object.assign(f.__config__, { dataType: e.target.value }))}>
          <Radio value="static">{t('fd.static')}</Radio>
          <Radio value="dictionary">{t('fd.dictionary')}</Radio>
          <Radio value="dynamic">{t('fd.dynamic')}</Radio>
        </Radio.Group>
      </div>
      {type === 'static' ? (
        <div className="kd-designer-prop">
          <span className="kd-designer-label">{t('fd.options')}</span>
          {options.map((o, i) => (
            <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
              <Input size="small" aria-label={`${t('fd.optionName')} ${i + 1}`} placeholder={t('fd.optionName')} value={o.fullName} onChange={(e) => setOptions(options.map((x, j) => (j === i ? { ...x, fullName: e.target.value } : x)), `option${i}.name`)} />
              <Input size="small" aria-label={`${t('fd.optionValue')} ${i + 1}`} placeholder={t('fd.optionValue')} value={String(o.id)} onChange={(e) => setOptions(options.map((x, j) => (j === i ? { ...x, id: e.target.value } : x)), `option${i}.id`)} />
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('fd.remove')} onClick={() => setOptions(options.filter((_, j) => j !== i))} />
            </Space.Compact>
          ))}
          <Button size="small" icon={<PlusOutlined />} onClick={() => setOptions([...options, { fullName: `${t('fd.optionName')}${options.length + 1}`, id: String(options.length + 1) }])}>
            {t('fd.addOption')}
          </Button>
        </div>
      ) : type === 'dictionary' ? (
        <div className="kd-designer-prop">
          <span className="kd-designer-label">{t('fd.dictionaryType')}</span>
          <Input size="small" aria-label={t('fd.dictionaryType')} value={String(cfg.dictionaryType ?? '')} onChange={(e) => onChange((f) => void Object.assign(f.__config__, { dictionaryType: e.target.value }), 'dictionaryType')} />
        </div>
      ) : (
        <div className="kd-designer-prop">
          <span className="kd-designer-label">{t('fd.dataSource')}</span>
          <Space.Compact style={{ width: '100%' }}>
            <Input size="small" readOnly value={String(cfg.propsUrl ?? '')} aria-label={t('fd.dataSource')} />
            <Button size="small" onClick={() => setDialog(true)}>
              {t('fd.dataSource')}
            </Button>
          </Space.Compact>
          <DataSourceDialog
            open={dialog}
            value={(cfg.dataSource as Partial<DataSourceConfig> | undefined) ?? null}
            formFields={formFields}
            onConfirm={(ds) => onChange((f) => void Object.assign(f.__config__, { dataSource: ds, propsUrl: ds.type === 2 ? ds.content : '' }))}
            onClose={() => setDialog(false)}
          />
        </div>
      )}
    </div>
  );
}
