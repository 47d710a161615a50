import type { JSONSchema7 } from 'json-schema';
import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** Props of the code widgets' data source: fixed text, or another field's value (`relationField`). */
export const codeSourceProps: Record<string, JSONSchema7> = {
  dataType: { type: 'string', title: '内容来源', enum: ['static', 'relation'] },
  staticText: { type: 'string', title: '固定内容' },
  relationField: { type: 'string', title: '关联字段' },
};

/** qrcode: a QR code of fixed text or of another field's value (display only; rendered with the qrcode package). */
export default defineRenderer({
  kdKey: 'qrcode',
  label: '二维码',
  icon: 'QrcodeOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('qrcode', '二维码', 'JNPFQrcode', {}, { dataType: 'static', staticText: 'KD Platform', relationField: '', colorDark: '#000000', colorLight: '#ffffff', width: 100 }, false),
  inspector: inspectorOf(codeSourceProps, {
    colorDark: { type: 'string', title: '实点颜色' },
    colorLight: { type: 'string', title: '背景颜色' },
    width: { type: 'integer', title: '尺寸', minimum: 40, maximum: 600 },
  }),
  ...storesNothing,
  component: () => import('./QrcodeDisplay'),
});
