import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * dataInterfaceTest: the 测试 panel of a data interface (design.md §6 `POST /api/system/DataInterface/{id}/Actions/Response`,
 * issue 26 item 3). Reads the interface's id and default parameters from the form's record (`idField`, default `id`;
 * `parametersField`, default `requestParameters`: `[{field, defaultValue}]`); parameters can be edited and added,
 * 分页 asks for page 1 of `pageSize` rows; the answer shows as a table (rows of objects) and as JSON, a refusal as the
 * server's message. Stores nothing; works in edit and read-only forms, inert on the designer's canvas.
 */
export default defineRenderer({
  kdKey: 'dataInterfaceTest',
  label: '接口测试',
  icon: 'ApiOutlined',
  group: 'display',
  scaffold: scaffoldOf('dataInterfaceTest', '接口测试', 'KdDataInterfaceTest', {}, { idField: 'id', parametersField: 'requestParameters', pageSize: 20 }, false),
  inspector: inspectorOf({
    idField: { type: 'string', title: '接口 ID 字段' },
    parametersField: { type: 'string', title: '参数字段' },
    pageSize: { type: 'integer', title: '分页条数', enum: [10, 20, 50, 100, 200, 500] },
  }),
  ...storesNothing,
  component: () => import('./DataInterfaceTest'),
});
