import { Alert, Button, Checkbox, Input, Space, Table, Typography } from 'antd';
import i18next from 'i18next';
import { memo, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useKdData } from '../_shared/KdDataContext';
import { useFormValues } from '../_shared/FormValuesContext';
import type { DisplayProps } from '../_shared/types';
import { type TestWord, testWord } from './words';

type Param = { field: string; value: string };
type Answer = { ok: true; data: unknown } | { ok: false; msg: string };

function subscribeLanguage(cb: () => void): () => void {
  i18next.on('languageChanged', cb);
  return () => i18next.off('languageChanged', cb);
}
const language = () => i18next.language;

/** The rows of an answer to show as a table: an array of plain objects, or a page's `list`; null otherwise. */
export function answerRows(data: unknown): Record<string, unknown>[] | null {
  const list = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { list?: unknown }).list) ? (data as { list: unknown[] }).list : null;
  if (!list?.length || !list.every((r) => r && typeof r === 'object' && !Array.isArray(r))) return null;
  return list as Record<string, unknown>[];
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * The 测试 panel (see definition.ts): parameter rows prefilled from the record's default parameters, 添加参数, 分页,
 * 发送请求 → `POST /api/system/DataInterface/{id}/Actions/Response` with `{name: value…}` (plus `currentPage: 1,
 * pageSize` when paged); the answer as a table and formatted JSON, or 调用失败：<the server's message>.
 */
function DataInterfaceTest({ field, mode }: DisplayProps) {
  const lang = useSyncExternalStore(subscribeLanguage, language, language);
  const w = useCallback((k: TestWord, vars?: Record<string, string | number>) => testWord(lang, k, vars), [lang]);
  const data = useKdData();
  const record = useFormValues();
  const idField = typeof field.idField === 'string' && field.idField ? field.idField : 'id';
  const paramsField = typeof field.parametersField === 'string' && field.parametersField ? field.parametersField : 'requestParameters';
  const pageSize = typeof field.pageSize === 'number' ? field.pageSize : 20;
  const id = record[idField];
  const defaults = record[paramsField];
  const [params, setParams] = useState<Param[]>([]);
  const [paged, setPaged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const defaultsKey = JSON.stringify(defaults ?? []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows restart when the record's parameters change (compared by content)
  useEffect(() => {
    const list = Array.isArray(defaults) ? (defaults as Array<{ field?: unknown; defaultValue?: unknown }>) : [];
    setParams(list.filter((p) => typeof p?.field === 'string').map((p) => ({ field: String(p.field), value: p.defaultValue === undefined || p.defaultValue === null ? '' : String(p.defaultValue) })));
    setAnswer(null);
  }, [defaultsKey, id]);

  const send = async () => {
    if (typeof id !== 'string' && typeof id !== 'number') return;
    setBusy(true);
    setAnswer(null);
    try {
      const body: Record<string, unknown> = Object.fromEntries(params.filter((p) => p.field.trim()).map((p) => [p.field.trim(), p.value]));
      if (paged) Object.assign(body, { currentPage: 1, pageSize });
      setAnswer({ ok: true, data: await data.request('POST', `/api/system/DataInterface/${encodeURIComponent(String(id))}/Actions/Response`, body) });
    } catch (e) {
      setAnswer({ ok: false, msg: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const set = (i: number, patch: Partial<Param>) => setParams((list) => list.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const inert = mode === 'design';
  const rows = useMemo(() => (answer?.ok ? answerRows(answer.data) : null), [answer]);
  const columns = useMemo(() => {
    const keys = [...new Set((rows ?? []).slice(0, 50).flatMap((r) => Object.keys(r)))].slice(0, 20);
    return keys.map((k) => ({ key: k, title: k, dataIndex: k, ellipsis: true, render: cell }));
  }, [rows]);

  return (
    <div className="kd-di-test" data-testid="data-interface-test">
      <Table<Param & { i: number }>
        size="small"
        rowKey="i"
        pagination={false}
        dataSource={params.map((p, i) => ({ ...p, i }))}
        columns={[
          { title: w('paramName'), key: 'field', render: (_v, r) => <Input size="small" disabled={inert} aria-label={`${w('paramName')} ${r.i + 1}`} value={r.field} onChange={(e) => set(r.i, { field: e.target.value })} /> },
          { title: w('paramValue'), key: 'value', render: (_v, r) => <Input size="small" disabled={inert} aria-label={r.field || `${w('paramValue')} ${r.i + 1}`} value={r.value} onChange={(e) => set(r.i, { value: e.target.value })} /> },
        ]}
      />
      <Space style={{ margin: '12px 0' }} wrap>
        <Button htmlType="button" disabled={inert} onClick={() => setParams((l) => [...l, { field: '', value: '' }])}>
          {w('addParam')}
        </Button>
        <Checkbox disabled={inert} checked={paged} onChange={(e) => setPaged(e.target.checked)}>
          {w('paged', { size: pageSize })}
        </Checkbox>
        <Button htmlType="button" type="primary" loading={busy} disabled={inert || (typeof id !== 'string' && typeof id !== 'number')} onClick={() => void send()}>
          {w('send')}
        </Button>
        {id === undefined || id === null || id === '' ? <Typography.Text type="secondary">{w('noInterface')}</Typography.Text> : null}
      </Space>
      {answer && !answer.ok && <Alert type="error" showIcon title={w('failed', { msg: answer.msg })} />}
      {answer?.ok && (
        <>
          <Typography.Text strong>{w('answer')}</Typography.Text>
          {rows ? (
            <Table<Record<string, unknown>>
              size="small"
              className="kd-di-answer-table"
              rowKey={(_r) => rows.indexOf(_r)}
              dataSource={rows}
              columns={columns}
              scroll={{ x: true }}
              pagination={{ pageSize: 10, size: 'small', showTotal: (n) => w('rows', { count: n }) }}
            />
          ) : null}
          <pre data-testid="di-answer" style={{ maxHeight: 360, overflow: 'auto', background: 'rgba(0,0,0,0.04)', padding: 8, margin: '4px 0 0' }}>
            {JSON.stringify(answer.data, null, 2)}
          </pre>
        </>
      )}
    </div>
  );
}
export default memo(DataInterfaceTest);
