import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of {@link StateSwitch}: the row's enabledMark (1 enabled), its name, and the toggle (absent without btn_edit). */
export interface StateSwitchProps {
  enabledMark: number;
  /** The row's name, for the switch's accessible name (状态 X). */
  name: string;
  /** Toggles the state; leave out where the caller may not edit (a read-only tag shows instead). */
  onToggle?: () => void;
}

/** The state cell of an admin list row (spec 001 §4 state toggle): a small switch, or 启用 / 禁用 as a tag when read-only. */
export default function StateSwitch({ enabledMark, name, onToggle }: StateSwitchProps) {
  const { t } = useTranslation();
  const on = enabledMark === 1;
  return onToggle ? (
    <Switch size="small" checked={on} aria-label={`${t('sys.status')} ${name}`} onChange={onToggle} />
  ) : (
    <Tag color={on ? 'success' : 'default'}>{on ? t('sys.enabled') : t('sys.disabled')}</Tag>
  );
}
