import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * permissionExplain (issue 12 item 5, "why can X see Y"): the explainer of a user's permissions, read-only. For the
 * user whose id is the record's `idField` (default `id`) and a menu picked from the menus the caller may see, it shows
 * what `GET /api/permission/Authority/Explain?userId&menuId&recordId?` answers: allowed or not, which roles,
 * positions and direct user grants give the menu and which of its buttons, columns, form fields and data schemes
 * (by name), the row scope as readable text and as SQL with its parameters, the readable and writable fields, and,
 * given a record id, whether that record passes. Stores nothing. Used by the 权限说明 row action of the user page.
 */
export default defineRenderer({
  kdKey: 'permissionExplain',
  label: '权限说明',
  icon: 'AuditOutlined',
  group: 'system',
  scaffold: scaffoldOf('permissionExplain', '权限说明', 'KdPermissionExplain', { showLabel: false }, { idField: 'id' }, false),
  inspector: inspectorOf({ idField: { type: 'string', title: '用户 ID 字段' } }),
  ...storesNothing,
  component: () => import('./PermissionExplain'),
});
