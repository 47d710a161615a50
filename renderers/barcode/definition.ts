import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';
import { codeSourceProps } from '../qrcode/definition';

/** barcode: a barcode (CODE128, EAN13…) of fixed text or another field's value (display only; jsbarcode). */
export default defineRenderer({
  kdKey: 'barcode',
  label: '条形码',
  icon: 'BarcodeOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('barcode', '条形码', 'JNPFBarcode', {}, { dataType: 'static', staticText: '1234567890', relationField: '', format: 'CODE128', lineColor: '#000000', background: '#ffffff', width: 2, height: 60 }, false),
  inspector: inspectorOf(codeSourceProps, {
    format: { type: 'string', title: '编码格式', enum: ['CODE128', 'CODE39', 'EAN13', 'EAN8', 'UPC', 'ITF14', 'codabar'] },
    lineColor: { type: 'string', title: '线条颜色' },
    background: { type: 'string', title: '背景颜色' },
    width: { type: 'number', title: '线宽', minimum: 1, maximum: 4 },
    height: { type: 'integer', title: '高度', minimum: 20, maximum: 300 },
  }),
  ...storesNothing,
  component: () => import('./BarcodeDisplay'),
});
