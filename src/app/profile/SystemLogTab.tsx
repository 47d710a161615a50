import { DatePicker, Input, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSystemLog, type SystemLogRow } from '../../api/currentUser';
import { formatTime } from '../format';

/** Rows per page of the sign-in log. */
export const LOG_PAGE_SIZE = 20;

/**
 * The user's sign-in log (GET …/Current/SystemLog): time, IP, place, device, result; newest first, paged by 20, with a
 * keyword and a date range (the end date includes its whole day).
 */
export default function SystemLogTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [data, setData] = useState<{ list: SystemLogRow[]; total: number } | null>(null);
  useEffect(() => {
    let alive = true;
    getSystemLog({ currentPage: page, pageSize: LOG_PAGE_SIZE, keyword: keyword || undefined, startTime: range?.[0]?.format('YYYY-MM-DD'), endTime: range?.[1]?.format('YYYY-MM-DD') }).then(
      (r) => alive && setData({ list: r.list, total: r.pagination.total }),
      () => alive && setData({ list: [], total: 0 }),
    );
    return () => {
      alive = false;
    };
  }, [page, keyword, range]);
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search allowClear placeholder={t('common.keyword')} onSearch={(v) => { setPage(1); setKeyword(v.trim()); }} style={{ width: 220 }} />
        <DatePicker.RangePicker aria-label={t('profile.dateRange')} onChange={(v) => { setPage(1); setRange(v as [Dayjs | null, Dayjs | null] | null); }} />
      </Space>
      <Table<SystemLogRow>
        rowKey="id"
        size="small"
        loading={!data}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: LOG_PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (total) => t('common.total', { total }) }}
        columns={[
          { title: t('profile.loginTime'), dataIndex: 'creatorTime', width: 160, render: (v: number | null) => formatTime(v) },
          { title: t('profile.loginIp'), dataIndex: 'ipaddress', width: 140 },
          { title: t('profile.loginPlace'), dataIndex: 'ipAddressName', width: 100 },
          { title: t('profile.platform'), dataIndex: 'platForm', ellipsis: true },
          { title: t('profile.result'), dataIndex: 'loginMark', width: 90, render: (v: number, r) => <Tag color={v === 1 ? 'success' : 'error'} title={r.abstracts ?? ''}>{v === 1 ? t('profile.success') : t('profile.failure')}</Tag> },
        ]}
      />
    </>
  );
}
