import { Alert, Button, Checkbox, Input, Modal, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { type DataInterfaceRecord, interfaceResponse } from '../../../api/dataInterface';

/** Props: the interface to test (null = closed). */
export interface DataInterfaceTestProps {
  record: DataInterfaceRecord | null;
  onClose: () => void;
}

type Param = { field: string; value: string };

/**
 * The 测试 dialog of a data interface (design.md §6 `POST /api/system/DataInterface/{id}/Actions/Response`): one row
 * per default parameter (prefilled with its default; more may be added), an optional page of 20, then 发送请求 shows
 * the answer as formatted JSON, or the server's message when the call fails (code ≠ 200, e.g. a refused SQL).
 */
export default function DataInterfaceTest({ record, onClose }: DataInterfaceTestProps) {
  const { t } = useTranslation();
  const [params, setParams] = useState<Param[]>([]);
  const [paged, setPaged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: true; data: unknown } | { ok: false; msg: string } | null>(null);

  useEffect(() => {
    if (!record) return;
    setParams((record.requestParameters ?? []).map((p) => ({ field: p.field, value: p.defaultValue === undefined || p.defaultValue === null ? '' : String(p.defaultValue) })));
    setPaged(false);
    setAnswer(null);
  }, [record]);

  const send = async () => {
    if (!record) return;
    setBusy(true);
    setAnswer(null);
    try {
      const body: Record<string, unknown> = Object.fromEntries(params.filter((p) => p.field.trim()).map((p) => [p.field.trim(), p.value]));
      if (paged) Object.assign(body, { currentPage: 1, pageSize: 20 });
      setAnswer({ ok: true, data: await interfaceResponse(record.id, body, true) });
    } catch (e) {
      setAnswer({ ok: false, msg: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const set = (i: number, patch: Partial<Param>) => setParams((list) => list.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  return (
    <Modal open={!!record} title={t('dataInterface.testTitle', { name: record?.fullName ?? '' })} width={760} onCancel={onClose} footer={null} destroyOnHidden>
      <Table<Param & { i: number }>
        size="small"
        rowKey="i"
        pagination={false}
        dataSource={params.map((p, i) => ({ ...p, i }))}
        columns={[
          { title: t('dataInterface.paramName'), key: 'field', render: (_v, r) => <Input size="small" aria-label={`${t('dataInterface.paramName')} ${r.i + 1}`} value={r.field} onChange={(e) => set(r.i, { field: e.target.value })} /> },
          { title: t('dataInterface.paramValue'), key: 'value', render: (_v, r) => <Input size="small" aria-label={r.field || `${t('dataInterface.paramValue')} ${r.i + 1}`} value={r.value} onChange={(e) => set(r.i, { value: e.target.value })} /> },
        ]}
      />
      <Space style={{ margin: '12px 0' }}>
        <Button onClick={() => setParams((l) => [...l, { field: '', value: '' }])}>{t('dataInterface.addParam')}</Button>
        <Checkbox checked={paged} onChange={(e) => setPaged(e.target.checked)}>
          {t('dataInterface.paged')}
        </Checkbox>
        <Button type="primary" loading={busy} onClick={() => void send()}>
          {t('dataInterface.send')}
        </Button>
      </Space>
      {answer && !answer.ok && <Alert type="error" showIcon title={t('dataInterface.failed', { msg: answer.msg })} />}
      {answer?.ok && (
        <>
          <Typography.Text strong>{t('dataInterface.answer')}</Typography.Text>
          <pre data-testid="di-answer" style={{ maxHeight: 360, overflow: 'auto', background: 'rgba(0,0,0,0.04)', padding: 8, margin: '4px 0 0' }}>
            {JSON.stringify(answer.data, null, 2)}
          </pre>
        </>
      )}
    </Modal>
  );
}
