import { Empty, Spin, Table, Timeline } from 'antd';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as onlineDev from '../api/onlineDev';
import type { CompiledForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import { plainText } from './columns';
import { RUNTIME_NS } from './i18n';
import { type RecordSource, sourceOf } from './source';

/** The recycle bin's restores in the history (issue 27 item 2), added to the runtime strings. */
const RESTORE = { zh: '恢复', en: 'Restored', tw: '還原', mas: 'Dipulihkan' } as const;
function addRestore(): void {
  for (const [lang, text] of Object.entries(RESTORE)) i18next.addResourceBundle(lang, RUNTIME_NS, { detail: { restore: text } }, true, false);
}
if (i18next.isInitialized) addRestore();
else i18next.on('initialized', addRestore);

/** Props of {@link ChangeHistory}. */
export interface ChangeHistoryProps {
  /** The model (its OnlineDev source) or, with `source`, only a key. */
  moduleId?: string;
  /** Whose history (issue 26); default the model's OnlineDev source. */
  source?: RecordSource;
  recordId: string;
  compiled: CompiledForm;
  registry: RendererMap;
}

/** The display text of a field value: the renderer's list formatter (option names, dates, 是/否), else plain text. */
function display(compiled: CompiledForm, registry: RendererMap, field: string, value: unknown, words: { yes: string; no: string }): string {
  if (value === null || value === undefined || value === '') return '';
  const f = compiled.byModel[field];
  const fmt = f ? registry[f.__config__.kdKey]?.toColumn(f)?.valueFormatter : undefined;
  if (typeof fmt === 'function') {
    try {
      return String(fmt({ value, data: {}, node: null, context: {} } as never) ?? '');
    } catch {
      /* fall back to plain text */
    }
  }
  return plainText(value, words.yes, words.no);
}

/**
 * A record's change history (issue 4 item 4: `GET …/OnlineDev/{id}/{recordId}/DataChange`), newest first: per entry
 * the action (新增/修改/删除), who and when (YYYY-MM-DD HH:mm:ss), and a table of the changed fields with their
 * values before and after, shown as the list shows them. 暂无变更记录 when empty; a failed load shows nothing.
 */
export default function ChangeHistory({ moduleId, source: given, recordId, compiled, registry }: ChangeHistoryProps) {
  const { t } = useTranslation(RUNTIME_NS);
  const [list, setList] = useState<onlineDev.DataChangeEntry[] | null>(null);
  const source = sourceOf(given, moduleId);
  useEffect(() => {
    let live = true;
    setList(null);
    if (!source.dataChange) {
      setList([]);
      return;
    }
    source
      .dataChange(recordId, { currentPage: 1, pageSize: 50 })
      .then((r) => live && setList(r.list ?? []))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [source, recordId]);
  if (!list) return <Spin />;
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noHistory')} />;
  const words = { yes: t('list.yes'), no: t('list.no') };
  const empty = t('detail.empty');
  return (
    <Timeline
      className="kd-change-history"
      items={list.map((e, i) => {
        const changes = e.changes ?? e.fields ?? [];
        const action = ['create', 'update', 'delete', 'restore'].includes(e.action) ? t(`detail.${e.action}`) : e.action;
        return {
          key: e.id ?? String(i),
          color: e.action === 'delete' ? 'red' : e.action === 'create' ? 'green' : 'blue',
          content: (
            <div data-testid="change-entry">
              <div className="kd-change-head">
                <strong>{action}</strong> · {e.userName ?? e.userId ?? ''} · {dayjs(e.time).format('YYYY-MM-DD HH:mm:ss')}
              </div>
              {changes.length ? (
                <Table
                  size="small"
                  pagination={false}
                  rowKey="field"
                  dataSource={changes}
                  columns={[
                    { title: t('detail.field'), dataIndex: 'label', width: 140, render: (l: string | undefined, c) => l || compiled.byModel[c.field]?.__config__.label || c.field },
                    { title: t('detail.before'), dataIndex: 'before', render: (v: unknown, c) => display(compiled, registry, c.field, v, words) || empty },
                    { title: t('detail.after'), dataIndex: 'after', render: (v: unknown, c) => display(compiled, registry, c.field, v, words) || empty },
                  ]}
                />
              ) : null}
            </div>
          ),
        };
      })}
    />
  );
}
