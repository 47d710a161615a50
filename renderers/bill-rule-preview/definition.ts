import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * billRulePreview (issue 26 item 3): the live next-number preview of the bill-rule form (spec 001 §7 Bill rule). Shows
 * what a number looks like today from the form's `prefix`, `dateFormat`, `digit` and `startNumber` (prefix + date +
 * sequence padded to digit), and for a saved rule (the record has an `id`) a 预览下一单号 button asking the server
 * (GET BillRule/BillNumber/{enCode}/1, which consumes nothing). Display only: stores nothing. Props name the fields
 * it reads (`prefixField`, `dateField`, `digitField`, `startField`, `codeField`) and the `hint` under it.
 */
export default defineRenderer({
  kdKey: 'billRulePreview',
  label: '单号预览',
  icon: 'NumberOutlined',
  group: 'system',
  scaffold: scaffoldOf('billRulePreview', '下一单号', 'kd-bill-preview', { showLabel: false }, { hint: '单号 = 前缀 + 日期 + 流水号，保存单据时由服务器分配' }, false),
  inspector: inspectorOf({
    hint: { type: 'string', title: '说明' },
    buttonText: { type: 'string', title: '按钮文字' },
    prefixField: { type: 'string', title: '前缀字段' },
    dateField: { type: 'string', title: '日期格式字段' },
    digitField: { type: 'string', title: '流水位数字段' },
    startField: { type: 'string', title: '流水起始字段' },
    codeField: { type: 'string', title: '规则编码字段' },
  }),
  ...storesNothing,
  component: () => import('./BillRulePreview'),
});
