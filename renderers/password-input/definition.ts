import { defineRenderer } from '../../src/engine/renderer';
import { commonProps, inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * passwordInput: a password typed by an administrator (a new user's initial password, 重置密码; issue 12 item 7). The
 * typed text never leaves the widget: its value is the md5 hex of the text (32 lowercase hex digits), the form every
 * password travels in (spec 000 §5, design.md §6, server/src/lib/password.ts); empty text → no value, so `required`
 * catches it. The server refuses weak passwords (400 naming the field). Never shown in a list column.
 */
export default defineRenderer({
  kdKey: 'passwordInput',
  label: '密码输入',
  icon: 'LockOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('passwordInput', '密码', 'KdPasswordInput', {}, { readonly: false, disabled: false }),
  inspector: inspectorOf(commonProps),
  toSchema: () => ({ type: 'string', pattern: '^[0-9a-f]{32}$' }),
  toColumn: (field) => ({ field: field.__vModel__, headerName: field.__config__.label, sortable: false, hide: true, valueFormatter: () => '******' }),
  component: () => import('./PasswordInput'),
});
