import { defineRenderer } from '../../src/engine/renderer';
import { scaffoldOf } from '../_shared/scaffold';
import { uploadColumn, uploadInspector, uploadSchema } from '../_shared/uploadDef';

/**
 * uploadFz: file attachments (spec 001 §5 "File upload"). Limits: `fileSize` + `sizeUnit` (default 5 MB), `accept`
 * (default .pdf,.png,.jpg,.doc,.docx,.xls,.xlsx), `limit` (max count). Files go to `POST /api/file/Uploader/annex`.
 * Value: `[{name, fileId, url}]`.
 */
export default defineRenderer({
  kdKey: 'uploadFz',
  label: '文件上传',
  icon: 'UploadOutlined',
  group: 'basic',
  scaffold: scaffoldOf('uploadFz', '文件上传', 'JNPFUploadFz', { defaultValue: [] }, { accept: '', fileSize: 5, sizeUnit: 'MB', limit: 9, showTip: false, disabled: false }),
  inspector: uploadInspector('file'),
  toSchema: uploadSchema,
  toColumn: uploadColumn,
  component: () => import('./UploadFz'),
});
