import { SearchOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Input, Modal, Space, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { fieldOf } from './fieldProps';
import { useKdData } from './KdDataContext';
import { type PopupSource, rememberRow, type RowPage } from './popupSources';
import { useRows } from './useRows';
import { useWidgetWord } from './words';

/**
 * The paged popup picker shared by relationForm, popupSelect and popupTableSelect (spec 001 §5: a selection is
 * needed to confirm). Shows the chosen rows' labels; 选择 opens a dialog (keyword search, paging of `pageSize`,
 * default 50), 确定 stores the chosen row id(s), 清空 removes the value.
 */
export default function PopupPicker({ id, value, disabled, readonly, onChange, options, source, multiple }: WidgetProps & { source: PopupSource; multiple?: boolean }) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const data = useKdData();
  const ids: string[] = (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).map(String);
  const rows = useRows(source, ids);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [result, setResult] = useState<RowPage>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Record<string, unknown>[]>([]);
  const pageSize = typeof field.pageSize === 'number' ? field.pageSize : 50;
  const paged = field.hasPage !== false;
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    source
      .list(data, { currentPage: paged ? current : 1, pageSize: paged ? pageSize : 500, keyword })
      .then(
        (r) => live && setResult(r),
        () => live && setResult({ list: [], total: 0 }),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, current, keyword, pageSize, paged, source, data]);
  const columns = useMemo(() => source.columns.map((c) => ({ title: c.label, dataIndex: c.value, key: c.value, render: (v: unknown) => (v === null || v === undefined ? '' : String(v)) })), [source]);
  const label = (i: string) => String(rows[i]?.[source.labelKey] ?? i);
  const locked = disabled || readonly;
  const confirm = () => {
    for (const r of chosen) rememberRow(data, source, r);
    const picked = chosen.map((r) => r[source.idKey]);
    onChange(multiple ? picked : picked[0]);
    setOpen(false);
  };
  return (
    <div id={id} className="kd-popup-picker">
      <Space wrap>
        {ids.length ? ids.map((i) => <Tag key={i}>{label(i)}</Tag>) : <span style={{ color: 'rgba(0,0,0,0.62)' }}>{String(field.placeholder || w('select'))}</span>}
        {locked ? null : (
          <>
            <Button size="small" icon={<SearchOutlined />} onClick={() => {
                setChosen([]);
                setOpen(true);
              }}>
              {w('pick')}
            </Button>
            {ids.length ? (
              <Button size="small" type="link" onClick={() => onChange(undefined)}>
                {w('clear')}
              </Button>
            ) : null}
          </>
        )}
      </Space>
      <Modal
        open={open}
        title={String(field.popupTitle || w('pickTitle'))}
        width={typeof field.popupWidth === 'string' || typeof field.popupWidth === 'number' ? field.popupWidth : 900}
        okText={w('ok')}
        cancelText={w('cancel')}
        okButtonProps={{ disabled: !chosen.length }}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Input.Search placeholder={w('keyword')} allowClear onSearch={(k) => {
            setCurrent(1);
            setKeyword(k);
          }} style={{ marginBottom: 8 }} />
        <Table
          size="small"
          rowKey={(r) => String(r[source.idKey])}
          columns={columns}
          dataSource={result.list}
          loading={loading}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: chosen.map((r) => String(r[source.idKey])),
            onChange: (_k, sel) => setChosen(sel as Record<string, unknown>[]),
          }}
          onRow={(r) => ({ onClick: () => setChosen(multiple ? (chosen.includes(r) ? chosen.filter((x) => x !== r) : [...chosen, r]) : [r]) })}
          pagination={paged ? { current, pageSize, total: result.total, showSizeChanger: false, onChange: (p) => setCurrent(p) } : false}
        />
      </Modal>
    </div>
  );
}
