import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** Pattern of a stored colour: `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(…)`/`rgba(…)`. */
export const COLOR_PATTERN = '^(?:#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|rgba?\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*(?:,\\s*(?:0|1|0?\\.\\d+)\\s*)?\\))$';

/** colorPicker: a colour (spec 001 §3). Value: hex string (`#1890ff`), or `rgba(…)` with `show-alpha`. */
export default defineRenderer({
  kdKey: 'colorPicker',
  label: '颜色选择',
  icon: 'BgColorsOutlined',
  group: 'basic',
  scaffold: scaffoldOf('colorPicker', '颜色选择', 'el-color-picker', { defaultValue: null }, { 'show-alpha': false, 'color-format': '', disabled: false, size: 'medium' }),
  inspector: inspectorOf({
    'show-alpha': { type: 'boolean', title: '支持透明度' },
    'color-format': { type: 'string', title: '颜色格式', enum: ['', 'hex', 'rgb'] },
    disabled: { type: 'boolean', title: '是否禁用' },
  }),
  toSchema: () => ({ type: 'string', pattern: COLOR_PATTERN }),
  toColumn: (field) => baseColumn(field, { cellStyle: (p) => (typeof p.value === 'string' ? { borderLeft: `12px solid ${p.value}` } : null) }),
  component: () => import('./ColorPickerWidget'),
});
