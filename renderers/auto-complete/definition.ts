import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { commonProps, inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * autoComplete: free text with suggestions from a data interface (`interfaceId`; the suggestion text is the row's
 * `relationField`; at most `total` suggestions). Value: string.
 */
export default defineRenderer({
  kdKey: 'autoComplete',
  label: '下拉补全',
  icon: 'FileSearchOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('autoComplete', '下拉补全', 'JNPFAutoComplete', {}, {
    interfaceId: '',
    interfaceName: '',
    relationField: 'fullName',
    templateJson: [],
    total: 50,
    clearable: true,
    disabled: false,
  }),
  inspector: inspectorOf(commonProps, {
    interfaceId: { type: 'string', title: '数据接口' },
    relationField: { type: 'string', title: '显示字段' },
    total: { type: 'integer', title: '显示条数', minimum: 1, maximum: 500 },
  }),
  toSchema: () => ({ type: 'string', maxLength: 500 }),
  toColumn: (field) => baseColumn(field),
  component: () => import('./AutoCompleteWidget'),
});
