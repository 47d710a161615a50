import { Alert, Button, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BILL_DATE_FORMATS, type BillRule, getBillRule, previewBillNumber, saveBillRule } from '../../../../api/billRule';
import CrudDialog from '../../_shared/CrudDialog';
import { CODE_PATTERN } from '../i18n';

/** Props: `id` of the rule to edit, or undefined to add. */
export interface RuleFormProps {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  fullName: string;
  enCode: string;
  prefix?: string;
  dateFormat: string;
  digit: number;
  startNumber: number;
  sortCode?: number;
  description?: string;
}

/** What a rule's numbers look like today: prefix + date + sequence padded to `digit` (spec 001 §7 Bill rule). */
export function formatExample(v: Partial<Values>, sequence = v.startNumber ?? 1): string {
  const date = v.dateFormat ? dayjs().format(v.dateFormat) : '';
  return `${v.prefix ?? ''}${date}${String(sequence ?? 0).padStart(Math.max(1, v.digit ?? 1), '0')}`;
}

/**
 * Add/edit dialog of a bill-number rule: name, code (spec 001 §5 code rule), prefix, date format, digits, start
 * number, sort, description, with a live example of the number format and, for a saved rule, the server's preview of
 * its next number (GET BillNumber/{code}/1, which consumes nothing).
 */
export default function RuleForm({ open, id, onClose, onSaved }: RuleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [rule, setRule] = useState<BillRule | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const values = Form.useWatch([], form) as Partial<Values> | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setRule(null);
    setNext(null);
    form.setFieldsValue({ prefix: '', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1, sortCode: 0 });
    if (id) {
      getBillRule(id).then(
        (r) => {
          setRule(r);
          form.setFieldsValue({ fullName: r.fullName, enCode: r.enCode, prefix: r.prefix, dateFormat: r.dateFormat, digit: r.digit, startNumber: r.startNumber, sortCode: r.sortCode, description: r.description ?? '' });
        },
        () => onClose(),
      );
    }
  }, [open, id, form, onClose]);

  const preview = async () => {
    if (!rule) return;
    try {
      setNext(await previewBillNumber(rule.enCode));
    } catch {
      setNext(null);
    }
  };

  const required = (field: string) => ({ required: true, message: t('sys.required', { field }) });
  return (
    <CrudDialog
      open={open}
      title={id ? t('billRule.editRule') : t('billRule.addRule')}
      form={form}
      name="bill-rule"
      width={640}
      onClose={onClose}
      save={(v) =>
        saveBillRule(
          { fullName: v.fullName, enCode: v.enCode, prefix: v.prefix ?? '', dateFormat: v.dateFormat ?? '', digit: v.digit, startNumber: v.startNumber, sortCode: v.sortCode ?? 0, description: v.description ?? null },
          id,
        )
      }
      onSaved={() => onSaved()}
      footerNote={
        <Alert
          type="info"
          showIcon
          title={
            <Space wrap>
              <span>{t('billRule.example')}:</span>
              <Typography.Text code data-testid="bill-example">
                {rule && next ? next : formatExample(values ?? {})}
              </Typography.Text>
              {rule && (
                <Button size="small" onClick={() => void preview()}>
                  {t('billRule.preview')}
                </Button>
              )}
            </Space>
          }
          description={t('billRule.previewHint')}
        />
      }
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="fullName" label={t('billRule.fullName')} rules={[{ ...required(t('billRule.fullName')), whitespace: true }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enCode" label={t('billRule.enCode')} rules={[required(t('billRule.enCode')), { pattern: CODE_PATTERN, message: t('sys.codeRule') }]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="prefix" label={t('billRule.prefix')} rules={[{ pattern: /^\S*$/, message: t('sys.codeRule') }]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dateFormat" label={t('billRule.dateFormat')}>
            <Select options={BILL_DATE_FORMATS.map((f) => ({ value: f, label: f || t('billRule.noDate') }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="digit" label={t('billRule.digit')} rules={[required(t('billRule.digit'))]}>
            <InputNumber min={1} max={9} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="startNumber"
            label={t('billRule.startNumber')}
            dependencies={['digit']}
            rules={[
              required(t('billRule.startNumber')),
              ({ getFieldValue }) => ({
                validator: (_r, v: number | null) =>
                  v == null || String(v).length <= (getFieldValue('digit') ?? 9) ? Promise.resolve() : Promise.reject(new Error(t('billRule.startTooLong'))),
              }),
            ]}
          >
            <InputNumber min={0} max={999999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sortCode" label={t('sys.sortCode')}>
            <InputNumber min={-999999} max={999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={t('sys.description')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </CrudDialog>
  );
}
