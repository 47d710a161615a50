import { Button, Card, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type BillRule as Rule, deleteBillRule, exportBillRule, listBillRules, toggleBillRuleState } from '../../../api/billRule';
import { toast } from '../../../api/toast';
import type { PageProps } from '..';
import CrudSearchBar from '../_shared/CrudSearchBar';
import RowActions from '../_shared/RowActions';
import StateSwitch from '../_shared/StateSwitch';
import { useCrudDialog } from '../_shared/useCrudDialog';
import { useCrudPage } from '../_shared/useCrudPage';
import RuleForm from './bill-rule/RuleForm';
import './i18n';
import { usePageButtons } from './usePageButtons';

/**
 * 单据规则 (menu urlAddress `system/billRule`; spec 001 §7 Bill rule): the rules with keyword search and paging, the
 * last issued and the next number of each, add/edit in a dialog (with a preview of the next number), a state switch,
 * export as JSON, and delete with confirmation. Buttons follow the menu's btn_add / btn_edit / btn_remove grants.
 */
export default function BillRule({ menuId }: Partial<PageProps>) {
  const { t } = useTranslation();
  const can = usePageButtons(menuId);
  const list = useCrudPage<Rule>(listBillRules, 10);
  const { load } = list;
  const dialog = useCrudDialog<{ id?: string }>(load);

  const columns: TableColumnsType<Rule> = [
    { title: t('billRule.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('billRule.enCode'), dataIndex: 'enCode', key: 'enCode' },
    { title: t('billRule.prefix'), dataIndex: 'prefix', key: 'prefix', width: 90 },
    { title: t('billRule.dateFormat'), dataIndex: 'dateFormat', key: 'dateFormat', width: 110, render: (v: string) => v || t('billRule.noDate') },
    { title: t('billRule.digit'), dataIndex: 'digit', key: 'digit', width: 90, align: 'center' },
    { title: t('billRule.startNumber'), dataIndex: 'startNumber', key: 'startNumber', width: 90, align: 'center' },
    { title: t('billRule.outputNumber'), dataIndex: 'outputNumber', key: 'outputNumber', render: (v: string) => v || '-' },
    {
      title: t('billRule.example'),
      dataIndex: 'example',
      key: 'example',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('sys.status'),
      key: 'enabledMark',
      width: 90,
      align: 'center',
      render: (_v, r) => <StateSwitch enabledMark={r.enabledMark} name={r.fullName} onToggle={can('btn_edit') ? () => void list.run(() => toggleBillRuleState(r.id)) : undefined} />,
    },
    {
      title: t('sys.action'),
      key: 'action',
      width: 170,
      render: (_v, r) => (
        <RowActions
          name={r.fullName}
          onEdit={can('btn_edit') ? () => dialog.show({ id: r.id }) : undefined}
          onRemove={can('btn_remove') ? () => list.run(() => deleteBillRule(r.id), t('sys.deleted')) : undefined}
        >
          <Button type="link" size="small" onClick={() => void exportBillRule(r.id).then((name) => toast('success', t('sys.exported', { name })), () => undefined)}>
            {t('sys.export')}
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={t('billRule.title')} className="kd-bill-rule-page">
      <CrudSearchBar page={list} add={can('btn_add') ? { label: t('billRule.addRule'), onClick: () => dialog.show({}) } : undefined} onReload={() => void load()} />
      <Table<Rule> {...list.tableProps((n) => t('sys.total', { total: n }))} columns={columns} />
      <RuleForm
        {...dialog.props}
        id={dialog.target?.id}
      />
    </Card>
  );
}
