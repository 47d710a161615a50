import { Alert, Button, InputNumber, Modal, Spin, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { getRequisition, type ReqDocument, type ReqLine, updateOutsourcing } from '../../api/purchasing';
import { toast } from '../../api/toast';
import { PURCHASING_NS } from './i18n';

const PROGRESS_COLOURS = ['default', 'processing', 'success'];
type Row = ReqLine & { id: string };

/**
 * 外发登记 (issue 17 item 2 "outsourcing", spec 001 §5): the lines of approved requisition `id` with the part total (the
 * line quantity), the outsourced and received quantities to enter, and each line's purchasing progress. 保存 sends the
 * lines with an outsourced quantity to UpdateOutsourcingReq with the loaded version; the server checks outsourced > 0
 * and ≤ the part total, received > 0 and ≤ outsourced, and answers the spec's message naming the row (shown above the
 * table, the row highlighted); nothing is half-saved. `id` null: closed. `onSaved` after a save (the list reloads).
 */
export default function OutsourcingDialog({ id, onClose, onSaved }: { id: string | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(PURCHASING_NS);
  const [doc, setDoc] = useState<ReqDocument | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<{ msg: string; row: number | null } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setDoc(null);
    setError(null);
    if (!id) return;
    let live = true;
    getRequisition(id).then(
      (d) => {
        if (!live) return;
        setDoc(d);
        setRows(d.lines.map((l) => ({ ...l, id: l.id ?? '', outsourcedQty: l.outsourcedQty || undefined, receivedQty: l.receivedQty || undefined })));
      },
      () => null,
    );
    return () => {
      live = false;
    };
  }, [id]);

  const set = (key: string, field: 'outsourcedQty' | 'receivedQty', v: number | null) => setRows((rs) => rs.map((r) => (r.id === key ? { ...r, [field]: v ?? undefined } : r)));

  const save = async () => {
    if (!doc) return;
    const lines = rows.filter((r) => r.outsourcedQty !== undefined).map((r) => ({ id: r.id, outsourcedQty: Number(r.outsourcedQty), ...(r.receivedQty !== undefined ? { receivedQty: Number(r.receivedQty) } : {}) }));
    setSaving(true);
    setError(null);
    try {
      await updateOutsourcing(doc.id, lines, doc.version);
      toast('success', t('outsource.saved'));
      onSaved();
      onClose();
    } catch (e) {
      if (e instanceof ApiError) {
        const data = (e as ApiError<{ row?: number }>).data;
        setError({ msg: e.message, row: typeof data?.row === 'number' ? data.row - 1 : null });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!id}
      title={`${t('outsource.title')} ${doc?.billNo ?? ''}`}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('print.close')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!doc} onClick={() => void save()}>
          {t('doc.save')}
        </Button>,
      ]}
    >
      {!doc && <Spin />}
      {error && <Alert type="error" showIcon title={error.msg} style={{ marginBottom: 8 }} />}
      {doc && (
        <Table<Row>
          rowKey="id"
          size="small"
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          dataSource={rows}
          onRow={(_r, i) => (i === error?.row ? { style: { background: '#fef0f0' } } : {})}
          columns={[
            { title: '#', key: 'no', width: 50, render: (_v, _r, i) => i + 1 },
            { title: t('line.materialCode'), dataIndex: 'materialCode', width: 110 },
            { title: t('line.materialName'), dataIndex: 'materialName', width: 150 },
            { title: t('outsource.total'), dataIndex: 'quantity', width: 100, align: 'right' },
            {
              title: t('outsource.outsourced'),
              key: 'outsourcedQty',
              width: 140,
              render: (_v, r) => <InputNumber aria-label={`${t('outsource.outsourced')} ${r.materialCode}`} min={0} value={r.outsourcedQty ?? null} onChange={(v) => set(r.id, 'outsourcedQty', v)} />,
            },
            {
              title: t('outsource.received'),
              key: 'receivedQty',
              width: 140,
              render: (_v, r) => <InputNumber aria-label={`${t('outsource.received')} ${r.materialCode}`} min={0} value={r.receivedQty ?? null} onChange={(v) => set(r.id, 'receivedQty', v)} />,
            },
            { title: t('list.progress'), dataIndex: 'progress', width: 100, render: (v: number) => <Tag color={PROGRESS_COLOURS[v ?? 0]}>{t(`progress.${v ?? 0}`)}</Tag> },
          ]}
        />
      )}
    </Modal>
  );
}
