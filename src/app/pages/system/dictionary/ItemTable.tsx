import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictionaryItem, type DictionaryType, deleteItem, exportType, listItems, toggleItemState } from '../../../../api/dictionary';
import { toast } from '../../../../api/toast';
import RowActions from '../../_shared/RowActions';
import StateSwitch from '../../_shared/StateSwitch';
import { useCrudDialog } from '../../_shared/useCrudDialog';
import ItemForm from './ItemForm';

/** Props: the selected dictionary type; `can` says which buttons show (btn_add, btn_edit, btn_remove). */
export interface ItemTableProps {
  type: DictionaryType;
  can: (enCode: string) => boolean;
}

/** Marks rows with no children as leaves so the table shows no expander on them. */
function prune(list: DictionaryItem[]): DictionaryItem[] {
  return list.map((r) => (r.children?.length ? { ...r, children: prune(r.children) } : { ...r, children: undefined }));
}

/**
 * The right panel of the dictionary page: the selected type's items (spec 001 §7 Dictionary data) in a table — a tree
 * for tree dictionaries — with keyword search, add/edit in a dialog, delete with confirmation, a state switch and the
 * export of the type as a JSON file.
 */
export default function ItemTable({ type, can }: ItemTableProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<DictionaryItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(prune(await listItems(type.id, query)));
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [type.id, query]);

  useEffect(() => {
    void load();
  }, [load]);

  // A new type starts with an empty search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the type changes.
  useEffect(() => {
    setKeyword('');
    setQuery('');
  }, [type.id]);

  const dialog = useCrudDialog<{ id?: string; parentId?: string }>(load);

  const toggle = async (r: DictionaryItem) => {
    try {
      await toggleItemState(r.id);
      await load();
    } catch {
      // toasted by the client
    }
  };

  const remove = async (r: DictionaryItem) => {
    try {
      await deleteItem(r.id);
      toast('success', t('sys.deleted'));
      await load();
    } catch {
      // toasted by the client (e.g. it still has child items)
    }
  };

  const doExport = async () => {
    try {
      const name = await exportType(type.id);
      toast('success', t('sys.exported', { name }));
    } catch {
      // toasted
    }
  };

  const columns: TableColumnsType<DictionaryItem> = [
    { title: t('dictionary.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('dictionary.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    { title: t('sys.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 80, align: 'center' },
    {
      title: t('sys.status'),
      key: 'enabledMark',
      width: 100,
      align: 'center',
      render: (_v, r) => <StateSwitch enabledMark={r.enabledMark} name={r.fullName} onToggle={can('btn_edit') ? () => void toggle(r) : undefined} />,
    },
    { title: t('sys.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    {
      title: t('sys.action'),
      key: 'action',
      width: 170,
      render: (_v, r) => (
        <RowActions
          name={r.fullName}
          leading={
            type.isTree === 1 &&
            can('btn_add') && (
              <Button type="link" size="small" onClick={() => dialog.show({ parentId: r.id })}>
                {t('sys.add')}
              </Button>
            )
          }
          onEdit={can('btn_edit') ? () => dialog.show({ id: r.id }) : undefined}
          onRemove={can('btn_remove') ? () => remove(r) : undefined}
        />
      ),
    },
  ];

  return (
    <Card
      size="small"
      variant="borderless"
      title={`${type.fullName} (${type.enCode})`}
      extra={
        <Space>
          {can('btn_add') && (
            <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => dialog.show({})}>
              {t('dictionary.addItem')}
            </Button>
          )}
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void doExport()}>
            {t('sys.export')}
          </Button>
          <Button size="small" icon={<ReloadOutlined />} aria-label={t('sys.reload')} onClick={() => void load()} />
        </Space>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('sys.keyword')}
        aria-label={t('sys.search')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => setQuery(v.trim())}
        enterButton={t('sys.search')}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      <Table<DictionaryItem>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        expandable={type.isTree === 1 ? { defaultExpandAllRows: true } : { childrenColumnName: '__none__' }}
        pagination={{ defaultPageSize: 20, pageSizeOptions: [10, 20, 50, 100, 200, 500], showSizeChanger: true, showTotal: (total) => t('sys.total', { total }) }}
      />
      <ItemForm
        {...dialog.props}
        type={type}
        id={dialog.target?.id}
        parentId={dialog.target?.parentId}
      />
    </Card>
  );
}
