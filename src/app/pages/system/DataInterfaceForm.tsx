import { Button, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataInterface } from '../../../../schemas/data-source';
import { type DataInterfaceRecord, getInterface, saveInterface } from '../../../api/dataInterface';
import CrudDialog from '../_shared/CrudDialog';
import './dataInterfaceI18n';
import { CODE_PATTERN } from './i18n';

/** Props: `id` of the interface to edit, or undefined to add. */
export interface DataInterfaceFormProps {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

type Values = Omit<DataInterface, 'requestParameters'> & { requestParameters?: Array<{ field: string; defaultValue?: string }> };

/**
 * Add/edit dialog of a data interface (design.md §6 `/api/system/DataInterface`; spec 001 §3 types): name, code
 * (spec 001 §5 code rule), category, type (1 SQL, 2 static JSON, 3 external http(s) API with method), the SQL / JSON
 * text or the URL, default parameters, sort and description. The server checks everything again (SQL guard, URL
 * scheme) and its message is toasted on failure.
 */
export default function DataInterfaceForm({ open, id, onClose, onSaved }: DataInterfaceFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const dataType = Form.useWatch('dataType', form) ?? 1;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ dataType: 1, requestMethod: 'GET', sortCode: 0, requestParameters: [] });
    if (id) {
      getInterface(id).then(
        (r: DataInterfaceRecord) =>
          form.setFieldsValue({ ...r, requestParameters: (r.requestParameters ?? []).map((p) => ({ field: p.field, defaultValue: p.defaultValue === undefined || p.defaultValue === null ? '' : String(p.defaultValue) })) }),
        () => onClose(),
      );
    }
  }, [open, id, form, onClose]);

  /** The body of the save: parameters without a name dropped, a missing default sent as ''. */
  const toBody = (v: Values): DataInterface => ({ ...v, requestParameters: (v.requestParameters ?? []).filter((p) => p?.field).map((p) => ({ field: p.field, defaultValue: p.defaultValue ?? '' })) });

  const required = (label: string) => ({ required: true, message: t('sys.required', { field: label }) });
  return (
    <CrudDialog
      open={open}
      title={id ? t('dataInterface.editTitle') : t('dataInterface.add')}
      form={form}
      name="data-interface"
      width={760}
      preserve={false}
      onClose={onClose}
      save={(v) => saveInterface(toBody(v), id)}
      onSaved={() => onSaved()}
    >
      <Space.Compact block>
        <Form.Item name="fullName" label={t('dataInterface.fullName')} rules={[required(t('dataInterface.fullName'))]} style={{ flex: 1, marginRight: 12 }}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="enCode" label={t('dataInterface.enCode')} rules={[required(t('dataInterface.enCode')), { pattern: CODE_PATTERN, message: t('sys.codeRule') }]} style={{ flex: 1, marginRight: 12 }}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="category" label={t('dataInterface.category')} style={{ flex: 1 }}>
          <Input maxLength={50} />
        </Form.Item>
      </Space.Compact>
      <Form.Item name="dataType" label={t('dataInterface.dataType')}>
        <Radio.Group options={[1, 2, 3].map((n) => ({ value: n, label: t(`dataInterface.types.${n}`) }))} />
      </Form.Item>
      {dataType === 3 ? (
        <Space.Compact block>
          <Form.Item name="requestMethod" label={t('dataInterface.method')} style={{ width: 120, marginRight: 12 }}>
            <Select options={['GET', 'POST'].map((m) => ({ value: m, label: m }))} />
          </Form.Item>
          <Form.Item name="path" label={t('dataInterface.path')} rules={[required(t('dataInterface.path')), { pattern: /^https?:\/\//i, message: 'http(s)://' }]} style={{ flex: 1 }}>
            <Input maxLength={2000} placeholder="https://" />
          </Form.Item>
        </Space.Compact>
      ) : (
        <Form.Item
          name="query"
          label={dataType === 2 ? t('dataInterface.json') : t('dataInterface.query')}
          extra={dataType === 1 ? t('dataInterface.queryHint') : undefined}
          rules={[
            required(dataType === 2 ? t('dataInterface.json') : t('dataInterface.query')),
            ...(dataType === 2 ? [{ validator: async (_r: unknown, v: string) => (v ? JSON.parse(v) : null), message: t('dataInterface.jsonInvalid') }] : []),
          ]}
        >
          <Input.TextArea rows={6} maxLength={20000} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      )}
      <Form.Item label={t('dataInterface.params')}>
        <Form.List name="requestParameters">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'field']} rules={[{ pattern: /^[A-Za-z_][A-Za-z0-9_]{0,62}$/, message: t('dataInterface.paramName') }]}>
                    <Input placeholder={t('dataInterface.paramName')} aria-label={t('dataInterface.paramName')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'defaultValue']}>
                    <Input placeholder={t('dataInterface.paramValue')} aria-label={t('dataInterface.paramValue')} />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(f.name)}>
                    {t('sys.remove')}
                  </Button>
                </Space>
              ))}
              <Button type="dashed" onClick={() => add({ field: '', defaultValue: '' })}>
                {t('dataInterface.addParam')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Space.Compact block>
        <Form.Item name="sortCode" label={t('sys.sortCode')} style={{ width: 140, marginRight: 12 }}>
          <InputNumber min={-999999} max={999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="description" label={t('sys.description')} style={{ flex: 1 }}>
          <Input maxLength={500} />
        </Form.Item>
      </Space.Compact>
    </CrudDialog>
  );
}
