import { Badge, Button, Card, Input, Popconfirm, Segmented, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMessageRecords, listMessages, type MessagePage, type MessageRow, markMessagesRead, notifyUnreadChanged, readAllMessages } from '../../api/message';
import { toast } from '../../api/toast';
import { formatTime } from '../format';
import './i18n';
import { useMessageOpener } from './MessageDialog';

/** Page size of the message centre (spec 000 §9: message page size 20). */
const CENTRE_PAGE_SIZE = 20;
/** The type tabs: key → the `type` filter (undefined: all). */
const TABS: Array<[string, number | undefined]> = [
  ['all', undefined],
  ['notice', 1],
  ['workflow', 2],
  ['system', 3],
];
const TYPE_KEY: Record<number, string> = { 1: 'notice', 2: 'workflow', 3: 'system' };
/** Time of the mark-all-read toast (spec 000 §9: 1500 ms). */
const READ_ALL_TOAST_MS = 1500;

/**
 * The message centre at /messageRecord (spec 000 §2 "Fixed routes"; issue 14 item 3): the caller's messages by type
 * (tabs 全部 / 公告 / 流程 / 系统), searched by title, filtered read / unread, paged 20 at a time (the server pages), with
 * the unread ones marked; batch 标记已读 and 删除 (the caller's records only, after confirmation) and 全部已读 (confirmed).
 * A title opens the message as the drawer does (the dialog or its workflow page).
 */
export default function MessageCenter() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('all');
  const [keyword, setKeyword] = useState('');
  const [readFilter, setReadFilter] = useState<'all' | 'unread' | 'read'>('all');
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: CENTRE_PAGE_SIZE });
  const [data, setData] = useState<MessagePage | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    const type = TABS.find(([k]) => k === tab)?.[1];
    const isRead = readFilter === 'all' ? undefined : readFilter === 'read' ? 1 : 0;
    listMessages({ ...paging, keyword: keyword || undefined, type, isRead }).then(
      (page) => {
        if (!alive) return;
        setData(page);
        setLoading(false);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
  }, [tab, keyword, readFilter, paging]);

  const refresh = useCallback(() => {
    setSelected([]);
    setPaging((p) => ({ ...p })); // a new object reloads the page
    notifyUnreadChanged();
  }, []);
  const markOneRead = useCallback((id: string) => setData((d) => (d ? { ...d, list: d.list.map((m) => (m.id === id ? { ...m, isRead: '1' } : m)) } : d)), []);
  const { open, dialog } = useMessageOpener(markOneRead);
  const done = (msg: string, ms?: number) => {
    toast('success', msg, ms);
    refresh();
  };
  const filterChanged = () => {
    setSelected([]);
    setPaging((p) => ({ ...p, currentPage: 1 }));
  };

  const columns: ColumnsType<MessageRow> = [
    {
      title: t('messages.title'),
      dataIndex: 'title',
      render: (title: string, m) => (
        <Badge dot={m.isRead === '0'} offset={[6, 0]}>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void open(m)}>
            {title}
          </Button>
        </Badge>
      ),
    },
    { title: t('messages.type'), dataIndex: 'type', width: 100, render: (type: number) => <Tag>{t(`messages.tabs.${TYPE_KEY[type] ?? 'system'}`)}</Tag> },
    { title: t('messages.creator'), dataIndex: 'creatorUser', width: 160 },
    { title: t('messages.time'), dataIndex: 'lastModifyTime', width: 160, render: (v: number) => formatTime(v) },
    {
      title: t('messages.state'),
      dataIndex: 'isRead',
      width: 90,
      render: (v: string) => (v === '1' ? <Tag>{t('messages.read')}</Tag> : <Tag color="blue">{t('messages.unread')}</Tag>),
    },
  ];

  return (
    <Card variant="borderless" title={t('messages.center')} data-testid="message-centre">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k);
          filterChanged();
        }}
        items={TABS.map(([k]) => ({ key: k, label: t(`messages.tabs.${k}`) }))}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('messages.search')}
          style={{ width: 240 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            filterChanged();
          }}
        />
        <Segmented
          value={readFilter}
          onChange={(v) => {
            setReadFilter(v as typeof readFilter);
            filterChanged();
          }}
          options={(['all', 'unread', 'read'] as const).map((k) => ({ value: k, label: t(`messages.readFilter.${k}`) }))}
        />
        <Button disabled={!selected.length} onClick={() => void markMessagesRead(selected).then((msg) => done(msg, READ_ALL_TOAST_MS))}>
          {t('messages.markRead')}
        </Button>
        <Popconfirm title={t('messages.removeConfirm', { count: selected.length })} disabled={!selected.length} onConfirm={() => deleteMessageRecords(selected).then((msg) => done(msg))}>
          <Button danger disabled={!selected.length}>
            {t('messages.remove')}
          </Button>
        </Popconfirm>
        <Popconfirm title={t('messages.readAllConfirm')} onConfirm={() => readAllMessages().then((msg) => done(msg, READ_ALL_TOAST_MS))}>
          <Button>{t('messages.readAll')}</Button>
        </Popconfirm>
      </Space>
      <Table<MessageRow>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.list ?? []}
        locale={{ emptyText: t('messages.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        pagination={{
          current: paging.currentPage,
          pageSize: paging.pageSize,
          total: data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('messages.total', { total }),
          onChange: (currentPage, pageSize) => {
            setSelected([]);
            setPaging({ currentPage, pageSize });
          },
        }}
      />
      {dialog}
    </Card>
  );
}
