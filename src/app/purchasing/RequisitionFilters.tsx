import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReqQuery } from '../../api/purchasing';
import { PURCHASING_NS } from './i18n';

/** The filters the list sends to SelReq (without paging). */
export type ReqFilters = Omit<ReqQuery, 'currentPage' | 'pageSize'>;

const TYPES = ['mno', 'fabric', 'sno', 'dept', 'outsource', 'general'];
const AUDIT = [0, 1, 2, 3, 4, 5, 6];

interface FormValues {
  billNo?: string;
  reqType?: string;
  auditState?: number;
  docState?: number;
  mno?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * The requisition list's search bar (issue 17 item 4): number, type, audit state, document state, request date range,
 * manufacturing order. 查询 (or Enter) emits the filters; 重置 clears them and emits the empty filter.
 */
export default function RequisitionFilters({ onSearch }: { onSearch: (f: ReqFilters) => void }) {
  const { t } = useTranslation(PURCHASING_NS);
  const [form] = Form.useForm<FormValues>();
  const emit = (v: FormValues) =>
    onSearch({
      billNo: v.billNo?.trim() || undefined,
      reqType: v.reqType || undefined,
      auditState: v.auditState,
      docState: v.docState,
      mno: v.mno?.trim() || undefined,
      startDate: v.dates?.[0]?.format('YYYY-MM-DD'),
      endDate: v.dates?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <Form form={form} layout="inline" onFinish={emit} style={{ rowGap: 8, marginBottom: 12 }}>
      <Form.Item name="billNo">
        <Input placeholder={t('list.billNo')} aria-label={t('list.billNo')} allowClear style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="reqType">
        <Select placeholder={t('list.reqType')} aria-label={t('list.reqType')} allowClear style={{ width: 150 }} options={TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))} />
      </Form.Item>
      <Form.Item name="auditState">
        <Select placeholder={t('list.auditState')} aria-label={t('list.auditState')} allowClear style={{ width: 140 }} options={AUDIT.map((v) => ({ value: v, label: t(`audit.${v}`) }))} />
      </Form.Item>
      <Form.Item name="docState">
        <Select placeholder={t('list.docState')} aria-label={t('list.docState')} allowClear style={{ width: 110 }} options={[0, 1].map((v) => ({ value: v, label: t(`doc.${v}`) }))} />
      </Form.Item>
      <Form.Item name="dates">
        <DatePicker.RangePicker placeholder={[t('list.reqDate'), t('list.reqDate')]} aria-label={t('list.dateRange')} />
      </Form.Item>
      <Form.Item name="mno">
        <Input placeholder={t('list.mno')} aria-label={t('list.mno')} allowClear style={{ width: 130 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('list.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            emit({});
          }}
        >
          {t('list.reset')}
        </Button>
      </Space>
    </Form>
  );
}
