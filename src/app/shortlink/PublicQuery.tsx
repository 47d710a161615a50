import { Alert, Button, Card, Form, Input, Space, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { type LinkInfo, type LinkListPage, listLink } from '../../api/shortLink';
import ConditionInput, { type ConditionItem, isEmptySearch } from './ConditionInput';
import { SHORTLINK_NS } from './i18n';

const itemsOf = (json: string | undefined): ConditionItem[] => {
  try {
    const list = JSON.parse(json || '[]') as ConditionItem[];
    return Array.isArray(list) ? list.filter((i) => typeof i?.prop === 'string') : [];
  } catch {
    return [];
  }
};

/** Props of {@link PublicQuery}. */
export interface PublicQueryProps {
  modelId: string;
  encryption: string;
  info: LinkInfo;
  /** md5 hex of the query's password when it has one (sent as X-Link-Password). */
  passwordMd5: string | null;
}

/**
 * The public query page (公开查询, issue 18 item 7; JNPF's views/formShortLink/list): a keyword box (matched in the
 * query's text fields, searched or shown), one box per search field (columnCondition; ConditionInput by the field's
 * kind: number, date and time ranges, cascader, tree and option selects, the server applying its search type), 查询
 * and 重置, and a paged read-only table of the shown fields (columnText) from ListLink. A refusal (e.g. a search the
 * server refuses) shows the server's words.
 */
export default function PublicQuery({ modelId, encryption, info, passwordMd5 }: PublicQueryProps) {
  const { t } = useTranslation(SHORTLINK_NS);
  const conditions = useMemo(() => itemsOf(info.columnCondition), [info.columnCondition]);
  const columns = useMemo(() => itemsOf(info.columnText).map((c) => ({ key: c.prop, dataIndex: c.prop, title: c.label ?? c.prop })), [info.columnText]);
  const [query, setQuery] = useState<Record<string, unknown>>({});
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: 20 });
  const [page, setPage] = useState<LinkListPage | null>(null);
  const [failure, setFailure] = useState('');
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    (q: Record<string, unknown>, p: { currentPage: number; pageSize: number }, kw = '') => {
      const filled = Object.fromEntries(Object.entries(q).filter(([, v]) => !isEmptySearch(typeof v === 'string' ? v.trim() : v)));
      setLoading(true);
      listLink(modelId, encryption, { ...p, queryJson: Object.keys(filled).length ? JSON.stringify(filled) : '', keyword: kw.trim() }, passwordMd5)
        .then((res) => {
          setPage(res);
          setFailure('');
        })
        .catch((e) => setFailure(e instanceof ApiError && e.msg ? e.msg : t('badLink')))
        .finally(() => setLoading(false));
    },
    [modelId, encryption, passwordMd5, t],
  );
  useEffect(() => load({}, { currentPage: 1, pageSize: 20 }), [load]);

  const search = () => {
    const p = { ...paging, currentPage: 1 };
    setPaging(p);
    load(query, p, keyword);
  };
  const reset = () => {
    const p = { ...paging, currentPage: 1 };
    setQuery({});
    setKeyword('');
    setPaging(p);
    load({}, p);
  };

  return (
    <Card title={info.fullName} data-testid="short-link-query">
      {(conditions.length > 0 || columns.length > 0) && (
        <Form layout="inline" style={{ marginBottom: 16 }}>
          <Form.Item>
            <Input allowClear value={keyword} placeholder={t('keyword')} onChange={(e) => setKeyword(e.target.value)} onPressEnter={search} style={{ width: 200 }} data-testid="short-link-query-keyword" />
          </Form.Item>
          {conditions.map((c) => (
            <Form.Item key={c.prop} label={c.label ?? c.prop}>
              <ConditionInput item={c} value={query[c.prop]} onChange={(v) => setQuery((q) => ({ ...q, [c.prop]: v }))} onEnter={search} />
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" onClick={search} data-testid="short-link-query-search">
              {t('search')}
            </Button>
            <Button onClick={reset} data-testid="short-link-query-reset">
              {t('reset')}
            </Button>
          </Space>
        </Form>
      )}
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Table
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={page?.list ?? []}
        pagination={{
          current: paging.currentPage,
          pageSize: paging.pageSize,
          total: page?.pagination.total ?? 0,
          onChange: (currentPage, pageSize) => {
            const p = { currentPage, pageSize };
            setPaging(p);
            load(query, p, keyword);
          },
        }}
      />
    </Card>
  );
}
