import { Button, Drawer, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteRequisition, listRequisitions, REQUISITION_BIN, type ReqHeader, type ReqPage, updateRequisitionState } from '../../api/purchasing';
import { toast } from '../../api/toast';
import RecycleDrawer from '../../runtime/RecycleDrawer';
import { recycleCalls } from '../../runtime/source/resource';
import { permissionListAtom, userInfoAtom } from '../session/atoms';
import { fetchAll, requisitionWorkbook, saveBlob } from './exportRequisitions';
import { PURCHASING_NS } from './i18n';
import OutsourcingDialog from './OutsourcingDialog';
import RequisitionDocument from './RequisitionDocument';
import RequisitionFilters, { type ReqFilters } from './RequisitionFilters';
import RequisitionPrint from './RequisitionPrint';

/** Page sizes of the list (spec 001 §9). */
export const PAGE_SIZES = [10, 20, 50, 100, 200, 500];
/** Tag colours of the audit states 0..6. */
const AUDIT_COLOURS = ['default', 'blue', 'processing', 'error', 'warning', 'magenta', 'success'];
const PROGRESS_COLOURS = ['default', 'orange', 'green'];
/** Audit states in which a requisition is still a draft (deletable; states.ts). */
const DRAFTS = new Set([0, 1]);

/** The enCodes of the buttons the caller holds on menu `menuId` (every one for an administrator). */
function useButtons(menuId: string): (enCode: string) => boolean {
  const permissions = useAtomValue(permissionListAtom);
  const user = useAtomValue(userInfoAtom);
  return useMemo(() => {
    const held = new Set((permissions.find((p) => p.modelId === menuId)?.button ?? []).map((b) => b.enCode));
    return (enCode: string) => !!user?.isAdministrator || held.has(enCode);
  }, [permissions, user, menuId]);
}

/**
 * 采购申请 list (issue 17 item 4; menu purchasing/requisition): search by number, type, audit and document state,
 * request date range and manufacturing order; pages of 10–500; state tags (audit, document, purchasing progress); per
 * row submit (launches the approval flow), 查看流程 (the task page of its latest approval task, when it has one), 外发登记 on approved rows (btn_outsource; OutsourcingDialog), 打印 (print preview), cancel and delete (drafts, to the 回收站 with the version read); batch delete of the selected drafts; 回收站 (btn_remove: RecycleDrawer over PuReq/Recycle, restored ones reload); export of every matching requisition to
 * Excel. Buttons follow the caller's grants on the menu (the server checks them again).
 */
export default function RequisitionList({ menuId }: { menuId: string }) {
  const { t } = useTranslation(PURCHASING_NS);
  const can = useButtons(menuId);
  const [filters, setFilters] = useState<ReqFilters>({});
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: 10 });
  const [page, setPage] = useState<ReqPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<ReqHeader[]>([]);
  const [exporting, setExporting] = useState(false);
  /** The document open in the drawer: '' a new one, an id an existing one, null none. */
  const [open, setOpen] = useState<string | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const [outsourcing, setOutsourcing] = useState<string | null>(null);
  // The recycle bin of deleted drafts (issue 27 item 2): restored ones come back to the list.
  const [binOpen, setBinOpen] = useState(false);
  const bin = useMemo(() => recycleCalls(REQUISITION_BIN), []);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPage(await listRequisitions({ ...filters, ...paging }));
    } catch {
      // the client already showed the message
    } finally {
      setLoading(false);
    }
  }, [filters, paging]);
  useEffect(() => {
    void load();
  }, [load]);
  // antd's hidden column-measuring row copies the header, select-all checkbox included, under aria-hidden: made inert so
  // the keyboard and screen readers skip it (axe aria-hidden-focus; issue 25 item 2). The table scrolls sideways (1,500 px
  // of columns): its scrolling box takes the focus, so arrow keys scroll it even while it holds no row to tab into
  // (axe scrollable-region-focusable, WCAG 2.1.1).
  const tableBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const row of tableBox.current?.querySelectorAll('.ant-table-measure-row') ?? []) row.setAttribute('inert', '');
    const scroller = tableBox.current?.querySelector('.ant-table-content');
    if (scroller && !scroller.hasAttribute('tabindex')) {
      scroller.setAttribute('tabindex', '0');
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', t('list.caption'));
    }
  });

  const act = async (r: ReqHeader, action: string) => {
    await updateRequisitionState(r.id, action, r.version).catch(() => null);
    await load();
  };
  const removeOne = async (r: ReqHeader) => {
    await deleteRequisition(r.id, r.version).catch(() => null);
    setSelected((s) => s.filter((x) => x.id !== r.id));
    await load();
  };
  const removeSelected = async () => {
    const drafts = selected.filter((r) => DRAFTS.has(r.auditState) && r.docState === 0);
    let done = 0;
    for (const r of drafts) if (await deleteRequisition(r.id, r.version).then(() => true, () => false)) done++;
    if (drafts.length < selected.length) toast('warning', t('list.onlyDrafts', { count: selected.length - drafts.length }));
    toast('success', t('list.deleted', { count: done }));
    setSelected([]);
    await load();
  };
  const exportAll = async () => {
    setExporting(true);
    try {
      const rows = await fetchAll(filters);
      saveBlob(await requisitionWorkbook(rows, t), `${t('list.exportName')}.xlsx`);
    } catch {
      // shown by the client
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<ReqHeader> = [
    {
      title: t('list.billNo'),
      dataIndex: 'billNo',
      width: 160,
      fixed: 'left',
      render: (v: string, r: ReqHeader) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          {v}
        </Button>
      ),
    },
    { title: t('list.reqType'), dataIndex: 'reqType', width: 120, render: (v: string) => t(`type.${v}`) },
    { title: t('list.department'), dataIndex: 'organizeName', width: 110 },
    { title: t('list.requester'), dataIndex: 'requesterName', width: 90 },
    { title: t('list.reqDate'), dataIndex: 'reqDate', width: 110 },
    { title: t('list.deliveryDate'), dataIndex: 'deliveryDate', width: 110 },
    { title: t('list.mno'), dataIndex: 'mno', width: 110 },
    { title: t('list.auditState'), dataIndex: 'auditState', width: 110, render: (v: number) => <Tag color={AUDIT_COLOURS[v]}>{t(`audit.${v}`)}</Tag> },
    { title: t('list.docState'), dataIndex: 'docState', width: 90, render: (v: number) => <Tag color={v ? 'red' : 'default'}>{t(`doc.${v}`)}</Tag> },
    { title: t('list.progress'), dataIndex: 'progress', width: 110, render: (v: number) => <Tag color={PROGRESS_COLOURS[v]}>{t(`progress.${v}`)}</Tag> },
    { title: t('list.lines'), dataIndex: 'lineCount', width: 70, align: 'right' },
    { title: t('list.totalQty'), dataIndex: 'totalQty', width: 100, align: 'right' },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 330,
      fixed: 'right',
      render: (_: unknown, r: ReqHeader) => (
        <Space size={4}>
          {can('btn_edit') && r.docState === 0 && [0, 1, 3, 4].includes(r.auditState) && (
            <Button type="link" size="small" onClick={() => act(r, 'submit')}>
              {t('list.submit')}
            </Button>
          )}
          {can('btn_edit') && r.docState === 0 && [0, 1, 3, 4, 5].includes(r.auditState) && (
            <Popconfirm title={`${t('list.cancel')}？`} onConfirm={() => act(r, 'cancel')}>
              <Button type="link" size="small">
                {t('list.cancel')}
              </Button>
            </Popconfirm>
          )}
          {can('btn_audit') && r.docState === 0 && r.auditState === 2 && (
            <>
              <Button type="link" size="small" onClick={() => act(r, 'approve')}>
                {t('list.approve')}
              </Button>
              <Button type="link" size="small" danger onClick={() => act(r, 'reject')}>
                {t('list.reject')}
              </Button>
            </>
          )}
          {can('btn_audit') && r.docState === 0 && r.auditState === 6 && (
            <Popconfirm title={`${t('list.unaudit')}？`} onConfirm={() => act(r, 'unaudit')}>
              <Button type="link" size="small">
                {t('list.unaudit')}
              </Button>
            </Popconfirm>
          )}
          {can('btn_outsource') && r.docState === 0 && r.auditState === 6 && (
            <Button type="link" size="small" onClick={() => setOutsourcing(r.id)}>
              {t('list.outsource')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setPrinting(r.id)}>
            {t('list.print')}
          </Button>
          {r.flowTaskId && (
            <Button type="link" size="small" onClick={() => window.location.assign(`#/workFlow/task?taskId=${encodeURIComponent(r.flowTaskId ?? '')}`)}>
              {t('doc.viewFlow')}
            </Button>
          )}
          {can('btn_remove') && r.docState === 0 && DRAFTS.has(r.auditState) && (
            <Popconfirm title={`${t('list.delete')}？`} onConfirm={() => removeOne(r)}>
              <Button type="link" size="small" danger>
                {t('list.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div style={{ padding: 12 }}>
      <RequisitionFilters
        onSearch={(f) => {
          setFilters(f);
          setPaging((p) => ({ ...p, currentPage: 1 }));
        }}
      />
      <Space style={{ marginBottom: 8 }}>
        {can('btn_add') && (
          <Button type="primary" onClick={() => setOpen('')}>
            {t('list.add')}
          </Button>
        )}
        {can('btn_remove') && (
          <Popconfirm title={t('list.confirmDelete', { count: selected.length })} disabled={!selected.length} onConfirm={removeSelected}>
            <Button danger disabled={!selected.length}>
              {t('list.batchDelete')}
            </Button>
          </Popconfirm>
        )}
        {can('btn_remove') && <Button onClick={() => setBinOpen(true)}>{t('list.recycle')}</Button>}
        {can('btn_download') && (
          <Button onClick={exportAll} loading={exporting}>
            {t('list.export')}
          </Button>
        )}
      </Space>
      <div ref={tableBox}>
      <Table<ReqHeader>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={page?.list ?? []}
        scroll={{ x: 1500 }}
        rowSelection={{ selectedRowKeys: selected.map((r) => r.id), onChange: (_keys, rows) => setSelected(rows) }}
        pagination={{
          current: paging.currentPage,
          pageSize: paging.pageSize,
          total: page?.pagination.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('list.total', { total }),
          onChange: (currentPage, pageSize) => setPaging({ currentPage: pageSize === paging.pageSize ? currentPage : 1, pageSize }),
        }}
      />
      </div>
      <RecycleDrawer
        open={binOpen}
        bin={bin}
        columns={[
          { prop: 'billNo', label: t('list.billNo') },
          { prop: 'remark', label: t('list.remark') },
          { prop: 'organizeName', label: t('list.department') },
        ]}
        onClose={() => setBinOpen(false)}
        onRestored={() => void load()}
      />
      <RequisitionPrint id={printing} onClose={() => setPrinting(null)} />
      <OutsourcingDialog id={outsourcing} onClose={() => setOutsourcing(null)} onSaved={() => void load()} />
      <Drawer
        open={open !== null}
        size="100%"
        title={t('doc.title')}
        destroyOnHidden
        onClose={() => {
          setOpen(null);
          void load();
        }}
      >
        {open !== null && (
          <RequisitionDocument
            id={open || undefined}
            onSaved={(id) => {
              toast('success', t('doc.saved'));
              if (!open) setOpen(id);
            }}
          />
        )}
      </Drawer>
    </div>
  );
}
