import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudPage } from './useCrudPage';

/** Props of {@link CrudSearchBar}: the page's list state, its labels, and the buttons on the right. */
export interface CrudSearchBarProps {
  page: Pick<CrudPage<unknown>, 'keyword' | 'setKeyword' | 'search' | 'reset'>;
  /** The keyword box's placeholder and the two buttons' texts; the shared sys.keyword / sys.search / sys.reset when omitted. */
  labels?: { keyword: string; search: string; reset: string };
  /** A primary 新增-style button (plus icon) first on the right; leave out where the caller lacks btn_add. */
  add?: { label: string; onClick: () => void };
  /** Other right-hand actions (import…), after `add`. */
  actions?: ReactNode;
  /** Given, an icon button (accessible name sys.reload: 刷新 / Refresh) last on the right reloads the list. */
  onReload?: () => void;
}

/**
 * The toolbar above an admin list (spec 001 §7 keyword search): a keyword box (Enter searches), 查询 and 重置 on the
 * left, the page's actions on the right.
 */
export default function CrudSearchBar({ page, labels: given, add, actions, onReload }: CrudSearchBarProps) {
  const { t } = useTranslation();
  const labels = given ?? { keyword: t('sys.keyword'), search: t('sys.search'), reset: t('sys.reset') };
  return (
    <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        <Input
          allowClear
          placeholder={labels.keyword}
          aria-label={labels.keyword}
          value={page.keyword}
          onChange={(e) => page.setKeyword(e.target.value)}
          onPressEnter={() => page.search(page.keyword)}
          style={{ width: 240 }}
        />
        <Button type="primary" onClick={() => page.search(page.keyword)}>
          {labels.search}
        </Button>
        <Button onClick={page.reset}>{labels.reset}</Button>
      </Space>
      <Space>
        {add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick}>
            {add.label}
          </Button>
        )}
        {actions}
        {onReload && <Button icon={<ReloadOutlined />} aria-label={t('sys.reload')} onClick={onReload} />}
      </Space>
    </Space>
  );
}
