import { Button, Card, Table, type TableColumnsType, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataInterfaceRecord, deleteInterface, listInterfaces, toggleInterfaceState } from '../../../api/dataInterface';
import type { PageProps } from '..';
import CrudSearchBar from '../_shared/CrudSearchBar';
import RowActions from '../_shared/RowActions';
import StateSwitch from '../_shared/StateSwitch';
import { useCrudDialog } from '../_shared/useCrudDialog';
import { type CrudQuery, useCrudPage } from '../_shared/useCrudPage';
import DataInterfaceAccess from './DataInterfaceAccess';
import DataInterfaceForm from './DataInterfaceForm';
import DataInterfaceTest from './DataInterfaceTest';
import './dataInterfaceI18n';
import './i18n';
import { usePageButtons } from './usePageButtons';

/** The list query plus the server-side sort: `sidx` the column key ('' = the server's order), `sort` its direction. */
type Query = CrudQuery & { sidx: string; sort: 'asc' | 'desc' | '' };

/**
 * 数据接口 (menu urlAddress `system/dataInterface`, seeded under 系统管理; design.md §6 `/api/system/DataInterface`;
 * issue 4 item 7): the interfaces with keyword search, server-side sorting (name, code, category, type, sort, state,
 * created) and paging (sizes of spec 001 §9), add/edit in a dialog, a state switch, a 测试 dialog that calls
 * `/{id}/Actions/Response` with parameters and shows the answer, a 运行权限 dialog (who may run it: every signed-in
 * user or chosen roles and users; issue 20 item 3), and delete after confirmation. Buttons follow the
 * menu's btn_add / btn_edit / btn_remove grants (the server checks every call).
 */
export default function DataInterface({ menuId }: Partial<PageProps>) {
  const { t } = useTranslation();
  const can = usePageButtons(menuId);
  const list = useCrudPage<DataInterfaceRecord, Query>(({ sidx, sort, ...rest }) => listInterfaces({ ...rest, ...(sidx ? { sidx, sort } : {}) }), 10, { sidx: '', sort: '' });
  const { query, setQuery, load } = list;
  const dialog = useCrudDialog<{ id?: string }>(load);
  const [testing, setTesting] = useState<DataInterfaceRecord | null>(null);
  const [granting, setGranting] = useState<DataInterfaceRecord | null>(null);
  const closeGrants = useCallback(() => setGranting(null), []);

  const sortOf = (key: string) => (query.sidx === key ? (query.sort === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);
  const sortable = (key: string) => ({ key, dataIndex: key, sorter: true, sortOrder: sortOf(key) });
  const columns: TableColumnsType<DataInterfaceRecord> = [
    { title: t('dataInterface.fullName'), ...sortable('fullName') },
    { title: t('dataInterface.enCode'), ...sortable('enCode') },
    { title: t('dataInterface.category'), ...sortable('category'), render: (v: string | null) => v || '-' },
    { title: t('dataInterface.dataType'), ...sortable('dataType'), width: 110, render: (v: number) => t(`dataInterface.types.${v}`) },
    { title: t('dataInterface.runScope'), key: 'runScope', dataIndex: 'runScope', width: 140, render: (v: string | undefined) => t(`dataInterface.scopes.${v === 'signedIn' ? 'signedIn' : 'granted'}`) },
    { title: t('sys.sortCode'), ...sortable('sortCode'), width: 90, align: 'center' },
    {
      title: t('sys.status'),
      ...sortable('enabledMark'),
      width: 90,
      align: 'center',
      render: (_v, r) => <StateSwitch enabledMark={r.enabledMark} name={r.fullName} onToggle={can('btn_edit') ? () => void list.run(() => toggleInterfaceState(r.id)) : undefined} />,
    },
    { title: t('dataInterface.creatorTime'), ...sortable('creatorTime'), width: 150, render: (v: number | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '') },
    {
      title: t('sys.action'),
      key: 'action',
      width: 220,
      render: (_v, r) => (
        <RowActions
          name={r.fullName}
          onEdit={can('btn_edit') ? () => dialog.show({ id: r.id }) : undefined}
          onRemove={can('btn_remove') ? () => list.run(() => deleteInterface(r.id), t('sys.deleted')) : undefined}
        >
          <Button type="link" size="small" aria-label={`${t('dataInterface.test')} ${r.fullName}`} onClick={() => setTesting(r)}>
            {t('dataInterface.test')}
          </Button>
          {can('btn_edit') && (
            <Button type="link" size="small" aria-label={`${t('dataInterface.access')} ${r.fullName}`} onClick={() => setGranting(r)}>
              {t('dataInterface.access')}
            </Button>
          )}
        </RowActions>
      ),
    },
  ];

  /** A click on a sortable header sorts on the server from page 1 (paging goes through the pagination's onChange). */
  const onChange: TableProps<DataInterfaceRecord>['onChange'] = (_p, _f, sorter, { action }) => {
    if (action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sidx = s?.order ? String(s.columnKey ?? '') : '';
    const sort: Query['sort'] = sidx ? (s?.order === 'ascend' ? 'asc' : 'desc') : '';
    setQuery((q) => ({ ...q, sidx, sort, currentPage: 1 }));
  };

  return (
    <Card variant="borderless" title={t('dataInterface.title')} className="kd-data-interface-page">
      <CrudSearchBar page={list} add={can('btn_add') ? { label: t('dataInterface.add'), onClick: () => dialog.show({}) } : undefined} onReload={() => void load()} />
      <Table<DataInterfaceRecord> {...list.tableProps((n) => t('sys.total', { total: n }))} columns={columns} onChange={onChange} />
      <DataInterfaceForm {...dialog.props} id={dialog.target?.id} />
      <DataInterfaceTest record={testing} onClose={() => setTesting(null)} />
      <DataInterfaceAccess
        record={granting}
        onClose={closeGrants}
        onSaved={() => {
          setGranting(null);
          void load();
        }}
      />
    </Card>
  );
}
