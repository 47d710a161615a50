import { FontSizeOutlined } from '@ant-design/icons';
import { Dropdown, Tooltip } from 'antd';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/toast';
import { changeSetting } from './actions';
import { settingsAtom } from './atoms';
import { SIZES, type Size } from './theme';

/**
 * The size picker (spec 000 §2, §9): default, medium (the default), small, mini. Picking applies the size at once
 * (antd componentSize), stores it (`size`), saves it to personal settings and toasts Switch Size Success (translated).
 */
export default function SizePicker() {
  const { t } = useTranslation();
  const store = useStore();
  const { size } = useAtomValue(settingsAtom);
  const items = SIZES.map((s) => ({ key: s, label: <span data-testid={`size-${s}`}>{t(`size.${s}`)}</span> }));
  const pick = (s: Size) => {
    if (s === size) return;
    void changeSetting(store, { size: s });
    toast('success', t('navbar.switchSize'));
  };
  return (
    <Dropdown menu={{ items, selectable: true, selectedKeys: [size], onClick: ({ key }) => pick(key as Size) }} placement="bottomRight" trigger={['click']}>
      <Tooltip title={t('navbar.size')} placement="left">
        <button type="button" className="kd-nav-action" data-testid="size-picker" aria-label={t('navbar.size')}>
          <FontSizeOutlined className="kd-nav-icon" />
        </button>
      </Tooltip>
    </Dropdown>
  );
}
