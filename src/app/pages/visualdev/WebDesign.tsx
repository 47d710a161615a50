import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Table, type TableColumnsType, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../api/toast';
import { saveBlob } from '../../../api/transfer';
import { copyModel, deleteModel, exportModel, importModel, listModels, type ModelListItem } from '../../../api/visualdevBase';
import type { PageProps } from '..';
import CrudSearchBar from '../_shared/CrudSearchBar';
import { type CrudQuery, useCrudPage } from '../_shared/useCrudPage';
import { usePageButtons } from '../system/usePageButtons';
import { VISUALDEV_NS } from './i18n';

/**
 * 在线开发 (menu urlAddress `onlineDev/webDesign`; issue 4 item 6, spec 001 §7 "Visual dev"): the models with keyword
 * search and paging; 导入模型 (a JSON export, ours or JNPF v3, uploaded to Base/Actions/Import), and per model
 * 预览 (runs its page), 导出 (the JSON file), 复制 and 删除 (with confirmation; its data tables are kept).
 * Import answers: a failure shows the server's msg as an error (1 s), success its msg (spec 001 §5 Import).
 * Buttons follow the menu's btn_add / btn_remove grants; the server checks every call.
 */
export default function WebDesign({ menuId }: Partial<PageProps>) {
  const { t } = useTranslation(VISUALDEV_NS);
  const { modal } = App.useApp();
  const can = usePageButtons(menuId);
  const list = useCrudPage<ModelListItem>((query) => listModels({ ...query, keyword: query.keyword || undefined } as CrudQuery), 20);
  const { rows, query, setQuery, load } = list;
  const [importing, setImporting] = useState(false);
  const navigate = useNavigate();

  const upload = async (file: File) => {
    if (!/\.(json|vdd)$/i.test(file.name)) return toast('error', t('vd.onlyJson'), 1000);
    setImporting(true);
    try {
      const env = await importModel(file);
      if (env.code !== 200) return toast('error', env.msg, 1000);
      toast('success', env.msg, 1500);
      setQuery((q) => ({ ...q, currentPage: 1 }));
      await load();
    } catch {
      /* transport failure toasted */
    } finally {
      setImporting(false);
    }
  };
  const exportOne = async (m: ModelListItem) => {
    try {
      const f = await exportModel(m.id, `${m.fullName}.json`);
      saveBlob(f.blob, f.fileName);
      toast('success', t('vd.exported', { name: f.fileName }), 1500);
    } catch {
      /* toasted */
    }
  };
  const copyOne = async (m: ModelListItem) => {
    try {
      const env = await copyModel(m.id);
      toast('success', env.msg, 1500);
      await load();
    } catch {
      /* toasted */
    }
  };
  const removeOne = (m: ModelListItem) =>
    modal.confirm({
      title: t('vd.remove'),
      content: t('vd.removeConfirm', { name: m.fullName }),
      okText: t('vd.ok'),
      cancelText: t('vd.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const env = await deleteModel(m.id);
        toast('success', env.msg, 1500);
        if (rows.length === 1 && query.currentPage > 1) setQuery((q) => ({ ...q, currentPage: q.currentPage - 1 }));
        else await load();
      },
    });

  const columns: TableColumnsType<ModelListItem> = [
    { title: t('vd.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('vd.enCode'), dataIndex: 'enCode', key: 'enCode' },
    { title: t('vd.category'), dataIndex: 'category', key: 'category', render: (v: string | null) => v ?? '' },
    { title: t('vd.webType'), dataIndex: 'webType', key: 'webType', width: 110, render: (v: number) => ([1, 2, 3].includes(v) ? t(`vd.web${v}`) : String(v ?? '')) },
    {
      title: t('vd.tables'),
      dataIndex: 'tables',
      key: 'tables',
      render: (v?: string) => {
        try {
          return (JSON.parse(v ?? '[]') as Array<{ table: string }>).map((x) => x.table).join(', ');
        } catch {
          return '';
        }
      },
    },
    { title: t('vd.modified'), key: 'modified', width: 160, render: (_v, r) => (r.lastModifyTime ?? r.creatorTime ? dayjs(r.lastModifyTime ?? r.creatorTime).format('YYYY-MM-DD HH:mm') : '') },
    {
      title: t('vd.action'),
      key: 'action',
      width: 220,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={`${t('vd.preview')} ${r.fullName}`} onClick={() => navigate(`/previewModel?id=${encodeURIComponent(r.id)}`)}>
            {t('vd.preview')}
          </Button>
          <Button type="link" size="small" aria-label={`${t('vd.export')} ${r.fullName}`} onClick={() => void exportOne(r)}>
            {t('vd.export')}
          </Button>
          {can('btn_add') && (
            <Button type="link" size="small" aria-label={`${t('vd.copy')} ${r.fullName}`} onClick={() => void copyOne(r)}>
              {t('vd.copy')}
            </Button>
          )}
          {can('btn_remove') && (
            <Button type="link" size="small" danger aria-label={`${t('vd.remove')} ${r.fullName}`} onClick={() => removeOne(r)}>
              {t('vd.remove')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={t('vd.title')} className="kd-web-design-page">
      <CrudSearchBar
        page={list}
        labels={{ keyword: t('vd.keyword'), search: t('vd.search'), reset: t('vd.reset') }}
        actions={
          <>
            {can('btn_add') && (
              <Upload
                accept=".json,.vdd"
                showUploadList={false}
                beforeUpload={(f) => {
                  void upload(f);
                  return false;
                }}
              >
                <Button type="primary" icon={<UploadOutlined />} loading={importing}>
                  {importing ? t('vd.importing') : t('vd.import')}
                </Button>
              </Upload>
            )}
            <Button icon={<ReloadOutlined />} aria-label={t('vd.reload')} onClick={() => void load()} />
          </>
        }
      />
      <Table<ModelListItem>
        rowKey="id"
        size="small"
        loading={list.loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={list.pagination((n) => t('vd.total', { total: n }), true)}
      />
    </Card>
  );
}
