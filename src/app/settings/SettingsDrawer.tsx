import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, Switch, Tooltip } from 'antd';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { changeSetting } from './actions';
import DefaultPortalPicker from './DefaultPortalPicker';
import { settingsAtom } from './atoms';
import { colourName, LAYOUT_TYPES, type ShellSettings, THEME_COLOURS, type ThemeClass } from './theme';

const SWITCHES = ['tagsView', 'tagsIcon', 'useCache', 'showLanguage', 'showSearch'] as const;

/**
 * The settings drawer (spec 000 §2 "Settings drawer"): navigation mode (classic, functional, blend, plain), style
 * (dark, lightWhite navigation), theme colour (default #409EFF and the eight named colours) and switches (tabs, tab
 * icons, page cache, language picker, header search). Every change applies at once and is saved to the user's
 * personal settings ({@link changeSetting}).
 */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const s = useAtomValue(settingsAtom);
  const set = (change: Partial<ShellSettings>) => void changeSetting(store, change);
  const selectedColour = colourName(s.theme);
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} size={300} className="kd-settings" destroyOnHidden={false}>
      <Divider>{t('settings.mode')}</Divider>
      <div className="kd-set-row">
        {LAYOUT_TYPES.map((l) => (
          <Tooltip key={l} title={t(`layout.${l}`)}>
            <button type="button" className={`kd-set-pic kd-pic-${l}${s.layoutType === l ? ' is-active' : ''}`} data-testid={`layout-${l}`} aria-label={t(`layout.${l}`)} aria-pressed={s.layoutType === l} onClick={() => set({ layoutType: l })}>
              <i />
              <b />
              {s.layoutType === l ? <CheckOutlined className="kd-set-check" /> : null}
            </button>
          </Tooltip>
        ))}
      </div>
      <Divider>{t('settings.style')}</Divider>
      <div className="kd-set-row">
        {(['dark', 'lightWhite'] as const).map((c) => (
          <Tooltip key={c} title={t(`settings.${c}`)}>
            <button type="button" className={`kd-set-pic kd-pic-classic kd-style-${c}${s.slideClass === c ? ' is-active' : ''}`} data-testid={`style-${c}`} aria-label={t(`settings.${c}`)} aria-pressed={s.slideClass === c} onClick={() => set({ slideClass: c })}>
              <i />
              <b />
              {s.slideClass === c ? <CheckOutlined className="kd-set-check" /> : null}
            </button>
          </Tooltip>
        ))}
      </div>
      <Divider>{t('settings.colour')}</Divider>
      <div className="kd-set-row kd-swatches">
        {(Object.keys(THEME_COLOURS) as ThemeClass[]).map((c) => (
          <Tooltip key={c} title={t(`colour.${c}`)}>
            <button type="button" className="kd-swatch" style={{ background: THEME_COLOURS[c] }} data-testid={`colour-${c}`} aria-label={t(`colour.${c}`)} aria-pressed={selectedColour === c} onClick={() => set({ themeClass: c, theme: THEME_COLOURS[c] })}>
              {selectedColour === c ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </div>
      <Divider>{t('settings.other')}</Divider>
      {SWITCHES.map((k) => (
        <div key={k} className="kd-set-switch">
          <span id={`set-${k}`}>{t(`settings.${k}`)}</span>
          <Switch size="small" checked={s[k]} aria-labelledby={`set-${k}`} data-testid={`switch-${k}`} onChange={(v) => set({ [k]: v })} />
        </div>
      ))}
      <DefaultPortalPicker />
    </Drawer>
  );
}
