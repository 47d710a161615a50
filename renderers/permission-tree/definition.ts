import { defineRenderer } from '../../src/engine/renderer';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

const ids = { type: 'array', maxItems: 5000, items: { type: 'string', maxLength: 100 } } as const;

/**
 * permissionTree (issue 12 items 3, 7; reference/permissions.md §3): the grant tree of a role, position or user as
 * JNPF shows it — the menus the caller may grant as a tree under Web / App roots and, per menu, its buttons, list
 * columns, form fields and data schemes as checkable children; tri-state boxes (a menu is checked when its whole
 * subtree is, half-checked when part is; checking an item grants its menus too), search, 展开全部 / 折叠全部, 全选,
 * keyboard (antd Tree: arrows move, space checks).
 *
 * Value: the grants `{ module[], button[], column[], form[], resource[] }` (ids), exactly what
 * `GET /api/permission/Authority/Data/{objectId}?objectType=` answers and `POST …/Authority/Data/{objectId}` takes
 * (with `objectType`; other keys such as `portal` pass through). The tree comes from `POST …/Data/{objectId}/Values`
 * `{type, objectType}` per item type (only what the caller holds). Props: `objectType` (Role | Position | User, or
 * `objectTypeField` naming the record field that holds it), `idField` (the record field with the object's id,
 * default `id`), `maxHeight` (px). No list column. Used by the 授权 row actions of the role, position and user pages.
 */
export default defineRenderer({
  kdKey: 'permissionTree',
  label: '权限树',
  icon: 'SafetyCertificateOutlined',
  group: 'system',
  scaffold: scaffoldOf('permissionTree', '权限', 'KdPermissionTree', {}, { objectType: 'Role', idField: 'id', maxHeight: 460, disabled: false }),
  inspector: inspectorOf({
    objectType: { type: 'string', title: '授权对象', enum: ['Role', 'Position', 'User'] },
    objectTypeField: { type: 'string', title: '授权对象字段' },
    idField: { type: 'string', title: '对象 ID 字段' },
    maxHeight: { type: 'integer', title: '最大高度', minimum: 120, maximum: 2000 },
    disabled: { type: 'boolean', title: '是否禁用' },
  }),
  toSchema: () => ({ type: 'object', properties: { module: ids, button: ids, column: ids, form: ids, resource: ids, portal: ids }, additionalProperties: false }),
  toColumn: () => null,
  component: () => import('./PermissionTree'),
});
