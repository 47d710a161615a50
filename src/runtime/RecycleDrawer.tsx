import { Button, Drawer, Input, Space, Table } from 'antd';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as onlineDev from '../api/onlineDev';
import { toast } from '../api/toast';
import { RUNTIME_NS } from './i18n';
import { type RecordSource, sourceOf } from './source';

const STRINGS = {
  zh: { title: '回收站', open: '回收站', restore: '恢复', search: '请输入关键词查询', deletedBy: '删除人', deletedAt: '删除时间', empty: '回收站是空的', selectFirst: '请先选择要恢复的数据' },
  en: { title: 'Recycle bin', open: 'Recycle bin', restore: 'Restore', search: 'Search by keyword', deletedBy: 'Deleted by', deletedAt: 'Deleted at', empty: 'The recycle bin is empty', selectFirst: 'Choose the records to restore first' },
  tw: { title: '資源回收筒', open: '資源回收筒', restore: '還原', search: '請輸入關鍵詞查詢', deletedBy: '刪除人', deletedAt: '刪除時間', empty: '資源回收筒是空的', selectFirst: '請先選擇要還原的資料' },
  mas: { title: 'Tong kitar semula', open: 'Tong kitar semula', restore: 'Pulihkan', search: 'Cari dengan kata kunci', deletedBy: 'Dipadam oleh', deletedAt: 'Dipadam pada', empty: 'Tong kitar semula kosong', selectFirst: 'Pilih rekod untuk dipulihkan dahulu' },
} as const;

function addStrings(): void {
  for (const [lang, res] of Object.entries(STRINGS)) i18next.addResourceBundle(lang, RUNTIME_NS, { recycle: res }, true, false);
}
if (i18next.isInitialized) addStrings();
else i18next.on('initialized', addStrings);

/** Props of {@link RecycleDrawer}. */
export interface RecycleDrawerProps {
  open: boolean;
  /** The model (its OnlineDev source) or, with `source`, only a key. */
  moduleId?: string;
  /** Whose recycle bin (issue 26); default the model's OnlineDev source. */
  source?: RecordSource;
  /** The bin's calls themselves (a tree's nodes, source/resource.ts recycleCalls); wins over `source`. */
  bin?: RecordSource['recycle'];
  /** The list's first columns to show (prop and label). */
  columns: Array<{ prop: string; label: string }>;
  onClose: () => void;
  /** Called after a restore with the ids asked for (the list reloads; a tree chooses the node it restored). */
  onRestored: (ids: string[]) => void;
}

function show(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * A model's recycle bin (issue 27 item 2): deleted records (a few list columns, who deleted them and when), a keyword
 * search, row selection and 恢复. Keyboard: the search box has focus on open (Enter searches), rows are chosen with
 * their checkboxes (Tab, Space), 恢复 follows; Esc closes.
 */
export default function RecycleDrawer({ open, moduleId, source: given, bin: calls, columns, onClose, onRestored }: RecycleDrawerProps) {
  const { t } = useTranslation(RUNTIME_NS);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const bin = calls ?? sourceOf(given, moduleId).recycle;
  const [data, setData] = useState<{ list: onlineDev.RecycleRecord[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      if (!bin) return;
      const r = await bin.list({ ...page, keyword: keyword || undefined });
      setData({ list: r.list, total: r.pagination.total });
    } catch {
      setData({ list: [], total: 0 });
    } finally {
      setLoading(false);
    }
  }, [bin, page, keyword]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const restore = async () => {
    if (!selected.length) return toast('warning', t('recycle.selectFirst'), 1500);
    if (!bin) return;
    const ids = selected;
    const env = await bin.restore(ids);
    toast('success', env.msg, 1500);
    setSelected([]);
    await load();
    onRestored(ids);
  };

  return (
    <Drawer open={open} title={t('recycle.title')} size="large" onClose={onClose} destroyOnHidden className="kd-recycle-drawer">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          autoFocus
          allowClear
          placeholder={t('recycle.search')}
          aria-label={t('recycle.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
        />
        <Button type="primary" onClick={restore} disabled={!selected.length} data-testid="recycle-restore">
          {t('recycle.restore')}
        </Button>
      </Space>
      <Table<onlineDev.RecycleRecord>
        size="small"
        rowKey={(r) => String(r.id)}
        loading={loading}
        dataSource={data.list}
        locale={{ emptyText: t('recycle.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{ current: page.currentPage, pageSize: page.pageSize, total: data.total, onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }) }}
        columns={[
          ...columns.slice(0, 3).map((c) => ({ title: c.label, key: c.prop, render: (_: unknown, r: onlineDev.RecycleRecord) => show(r[c.prop]) })),
          { title: t('recycle.deletedBy'), key: 'deletedBy', render: (_: unknown, r: onlineDev.RecycleRecord) => r.deletedByName ?? r.deletedBy ?? '' },
          { title: t('recycle.deletedAt'), key: 'deletedAt', render: (_: unknown, r: onlineDev.RecycleRecord) => (r.deletedAt ? dayjs(r.deletedAt).format('YYYY-MM-DD HH:mm:ss') : '') },
        ]}
      />
    </Drawer>
  );
}
