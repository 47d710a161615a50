import { Alert, Button, DatePicker, Form, Input, Select, Space, Spin, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { batchDetails, checkZeroLines, createTno, deptItems, displayDetails, findOrders, getRequisition, type ManfacOrder, type RequirementLine, saveRequisition, styleDetails, styleList, updateRequisitionState } from '../../api/purchasing';
import { toast } from '../../api/toast';
import { PURCHASING_NS } from './i18n';
import LineGrid, { type GridLine, newKey } from './LineGrid';
import RequisitionPrint from './RequisitionPrint';

const TYPES = ['mno', 'fabric', 'sno', 'dept', 'outsource', 'general'];
/** Audit states in which the document may be edited (server states.ts MACHINE 'edit'). */
const EDITABLE = new Set([0, 1, 3, 4]);
const fmt = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');

interface Header {
  reqType: string;
  reqDate: Dayjs;
  deliveryDate: Dayjs | null;
  mno?: string;
  remark?: string;
  /** Source pickers, not stored on the header. */
  sno?: string;
  bnos?: string;
}

/**
 * The requisition document (issue 17 item 4): header (type, request and delivery date, manufacturing order, remark),
 * the line grid (LineGrid: inline editing, Enter/Tab, paste from Excel), 带出明细 filling lines with the net
 * requirement of the chosen order (getDisplayDetails, fabric lines for the fabric type), totals, 删除行, and 保存
 * (CreateReq with the draft's Tno, or UpdateReq with the loaded version: a stale save keeps the user's edits on screen
 * and names who saved). The server's refusal is shown above the grid and its row highlighted. Read-only once in
 * audit or audited. 提交审核 (a saved draft, rejected or withdrawn one) launches its approval flow (Upstatu submit);
 * 查看流程 opens the task page of its latest approval task; 打印 the print preview (RequisitionPrint).
 */
export default function RequisitionDocument({ id, onSaved }: { id?: string; onSaved: (id: string) => void }) {
  const { t } = useTranslation(PURCHASING_NS);
  const [form] = Form.useForm<Header>();
  const [lines, setLines] = useState<GridLine[]>([]);
  const [meta, setMeta] = useState<{ id?: string; billNo?: string; tno?: string; version?: number; auditState: number; docState: number; flowTaskId?: string | null }>({ auditState: 0, docState: 0 });
  const [printing, setPrinting] = useState(false);
  const [loading, setLoading] = useState(!!id);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ msg: string; row: number | null } | null>(null);
  const [orders, setOrders] = useState<ManfacOrder[]>([]);
  const [ticked, setTicked] = useState<string[]>([]);
  const [styles, setStyles] = useState<Array<{ sno: string; orders: number }>>([]);
  const readOnly = meta.docState !== 0 || !EDITABLE.has(meta.auditState);

  useEffect(() => {
    if (!id) {
      form.setFieldsValue({ reqType: 'mno', reqDate: dayjs(), deliveryDate: dayjs().add(14, 'day') });
      void createTno().then((tno) => setMeta((m) => ({ ...m, tno })), () => null);
      return;
    }
    getRequisition(id)
      .then((d) => {
        form.setFieldsValue({ reqType: d.reqType, reqDate: dayjs(d.reqDate), deliveryDate: dayjs(d.deliveryDate), mno: d.mno ?? undefined, remark: d.remark });
        setLines(d.lines.map((l) => ({ ...l, key: newKey() })));
        setMeta({ id: d.id, billNo: d.billNo, tno: d.tno ?? undefined, version: d.version, auditState: d.auditState, docState: d.docState, flowTaskId: d.flowTaskId });
      }, () => null)
      .finally(() => setLoading(false));
  }, [id, form]);

  /** Appends requirement lines not on the document yet (by BOM line, or by style and material). */
  const append = (found: RequirementLine[], delivery: string) => {
    const have = new Set(lines.map((l) => l.bomId || `${l.sno}|${l.materialCode}`));
    const add = found
      .filter((r) => !have.has(r.bomId || `${r.sno}|${r.materialCode}`))
      .map((r): GridLine => ({ key: newKey(), materialCode: r.materialCode, materialName: r.materialName, spec: r.spec, unit: r.unit, quantity: r.net, deliveryDate: delivery, supplier: '', mno: r.mno || null, sno: r.sno || null, bno: r.bno || null, bomId: r.bomId || null }));
    setLines([...lines, ...add]);
    toast('success', t('doc.filled', { count: add.length }));
  };

  /**
   * 带出明细 by type: department items (quantity left for the user), a style's requirement (GetDisplayDetailsSno),
   * batches (GetBnoList), else the chosen order (CheckZeroManfac warning, then getDisplayDetails or the fabric lines).
   */
  const fill = async () => {
    const { mno, reqType, deliveryDate, sno, bnos } = form.getFieldsValue();
    const delivery = fmt(deliveryDate);
    if (reqType === 'dept') {
      const items = await deptItems().catch(() => null);
      if (items) {
        setLines([...lines, ...items.map((i): GridLine => ({ key: newKey(), materialCode: i.materialCode, materialName: i.materialName, spec: i.spec, unit: i.unit, quantity: null, deliveryDate: delivery }))]);
        toast('success', t('doc.filled', { count: items.length }));
      }
      return;
    }
    if (reqType === 'sno' && sno) {
      const found = await styleDetails([sno]).catch(() => null);
      if (found) append(found, delivery);
      return;
    }
    if (bnos?.trim()) {
      const found = await batchDetails(bnos).catch(() => null);
      if (found) append(found, delivery);
      return;
    }
    if (!mno) return;
    const zero = await checkZeroLines([mno]).catch(() => null);
    if (zero && !zero.ok) toast('warning', t('doc.zeroLines', { mno, items: zero.list.map((z) => z.materialCode || z.mno).join(', ') }));
    const found = await displayDetails([mno], { fabric: reqType === 'fabric', excludeReqId: meta.id }).catch(() => null);
    if (found) append(found, delivery);
  };

  /** 保存; returns the saved id and version, or null when the form or the server refused (the message shown). */
  const save = async (): Promise<{ id: string; version: number } | null> => {
    const h = await form.validateFields().catch(() => null);
    if (!h) return null;
    setSaving(true);
    setError(null);
    try {
      const body = { tno: meta.tno, reqType: h.reqType, reqDate: fmt(h.reqDate), deliveryDate: fmt(h.deliveryDate), mno: h.mno ?? null, remark: h.remark ?? '', lines: lines.map(({ key: _k, ...l }) => l), version: meta.version };
      const r = await saveRequisition(body, meta.id);
      setMeta((m) => ({ ...m, id: r.id, billNo: r.billNo, version: r.version }));
      onSaved(r.id);
      return r;
    } catch (e) {
      if (e instanceof ApiError) {
        const data = (e as ApiError<{ row?: number }>).data;
        setError({ msg: e.message, row: typeof data?.row === 'number' ? data.row - 1 : null });
      }
      return null;
    } finally {
      setSaving(false);
    }
  };

  /** 提交审核: saves the document as on screen, then Upstatu submit with the saved version (the server launches the approval task). */
  const submit = async () => {
    const saved = await save();
    if (!saved) return;
    setSaving(true);
    try {
      const r = await updateRequisitionState(saved.id, 'submit', saved.version);
      const d = await getRequisition(saved.id);
      setMeta((m) => ({ ...m, auditState: r.auditState, docState: r.docState, version: r.version, flowTaskId: d.flowTaskId }));
      toast('success', t('doc.submitted'));
    } catch (e) {
      if (e instanceof ApiError) setError({ msg: e.message, row: null });
    } finally {
      setSaving(false);
    }
  };

  const total = Math.round(lines.reduce((s, l) => s + (Number(l.quantity) || 0), 0) * 1000) / 1000;
  return (
    <Spin spinning={loading}>
      <Space style={{ marginBottom: 12 }} wrap>
        <strong>{meta.billNo ?? meta.tno ?? ''}</strong>
        <Tag>{t(`audit.${meta.auditState}`)}</Tag>
        {meta.docState === 1 && <Tag color="red">{t('doc.1')}</Tag>}
      </Space>
      <Form form={form} layout="inline" disabled={readOnly} style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item name="reqType" label={t('list.reqType')} rules={[{ required: true }]}>
          <Select style={{ width: 160 }} options={TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))} />
        </Form.Item>
        <Form.Item name="reqDate" label={t('list.reqDate')} rules={[{ required: true }]}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="deliveryDate" label={t('list.deliveryDate')} rules={[{ required: true, message: t('doc.deliveryRequired') }]}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="mno" label={t('list.mno')}>
          <Select
            showSearch
            allowClear
            style={{ width: 180 }}
            filterOption={false}
            onSearch={(x) => void findOrders(x).then(setOrders, () => null)}
            onFocus={() => void findOrders('MO').then(setOrders, () => null)}
            options={orders.map((o) => ({ value: o.mno, label: `${o.mno} ${o.sno} ${o.quantity}` }))}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.reqType !== b.reqType}>
          {({ getFieldValue }) =>
            getFieldValue('reqType') === 'sno' ? (
              <Form.Item name="sno" label={t('doc.sno')}>
                <Select
                  showSearch
                  allowClear
                  style={{ width: 150 }}
                  filterOption={false}
                  onSearch={(x) => void styleList(x).then(setStyles, () => null)}
                  onFocus={() => void styleList('').then(setStyles, () => null)}
                  options={styles.map((o) => ({ value: o.sno, label: `${o.sno} (${o.orders})` }))}
                />
              </Form.Item>
            ) : getFieldValue('reqType') === 'dept' ? null : (
              <Form.Item name="bnos" label={t('doc.bnos')}>
                <Input style={{ width: 170 }} placeholder="239101,239102" maxLength={200} />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item name="remark" label={t('list.remark')}>
          <Input style={{ width: 240 }} maxLength={500} />
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 8 }}>
        <Button onClick={fill} disabled={readOnly}>
          {t('doc.fill')}
        </Button>
        <Button onClick={() => setLines([...lines, { key: newKey(), materialCode: '', quantity: null, deliveryDate: fmt(form.getFieldValue('deliveryDate')) }])} disabled={readOnly}>
          {t('doc.addLine')}
        </Button>
        <Button onClick={() => setLines(lines.filter((l) => !ticked.includes(l.key)))} disabled={readOnly || !ticked.length}>
          {t('doc.removeLines')}
        </Button>
        <Button type="primary" onClick={() => void save()} loading={saving} disabled={readOnly}>
          {t('doc.save')}
        </Button>
        {meta.id && !readOnly && (
          <Button onClick={submit} loading={saving}>
            {t('doc.submit')}
          </Button>
        )}
        {meta.flowTaskId && (
          <Button onClick={() => window.location.assign(`#/workFlow/task?taskId=${encodeURIComponent(meta.flowTaskId ?? '')}`)}>{t('doc.viewFlow')}</Button>
        )}
        {meta.id && <Button onClick={() => setPrinting(true)}>{t('doc.print')}</Button>}
      </Space>
      <RequisitionPrint id={printing && meta.id ? meta.id : null} onClose={() => setPrinting(false)} />
      {error && <Alert type="error" showIcon title={error.msg} style={{ marginBottom: 8 }} />}
      <LineGrid lines={lines} onChange={setLines} readOnly={readOnly} badRow={error?.row ?? null} defaultDelivery={fmt(form.getFieldValue('deliveryDate'))} onSelect={setTicked} />
      <div style={{ marginTop: 8 }}>{t('doc.totals', { count: lines.length, total })}</div>
    </Spin>
  );
}
