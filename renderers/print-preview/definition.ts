import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * printPreview: the 预览 panel of a print template (issue 16 item 1; spec 001 §7 `GET /api/system/printDev/Data`).
 * Reads the template id from the form's record (`idField`, default `id`); the user enters a record id, the server
 * merges it (escaped, sanitised, the caller's read of the record checked) and the panel shows the merged body in the
 * same document the server PDF prints (document.ts), in a sandboxed frame with no scripts; 打印 prints that frame.
 * Stores nothing; works in edit and read-only forms, inert on the designer's canvas.
 */
export default defineRenderer({
  kdKey: 'printPreview',
  label: '打印预览',
  icon: 'FileSearchOutlined',
  group: 'display',
  scaffold: scaffoldOf('printPreview', '打印预览', 'KdPrintPreview', {}, { idField: 'id' }, false),
  inspector: inspectorOf({ idField: { type: 'string', title: '模板 ID 字段' } }),
  ...storesNothing,
  component: () => import('./PrintPreview'),
});
