import { defineRenderer } from '../../src/engine/renderer';
import { scaffoldOf } from '../_shared/scaffold';
import { uploadColumn, uploadInspector, uploadSchema } from '../_shared/uploadDef';

/**
 * uploadImg: images (spec 001 §5): as uploadFz with image types by default and 张图片 in the count message; files go
 * to `POST /api/file/Uploader/annexpic`. Value: `[{name, fileId, url}]`.
 */
export default defineRenderer({
  kdKey: 'uploadImg',
  label: '图片上传',
  icon: 'PictureOutlined',
  group: 'basic',
  scaffold: scaffoldOf('uploadImg', '图片上传', 'JNPFUploadImg', { defaultValue: [] }, { accept: 'image/*', fileSize: 5, sizeUnit: 'MB', limit: 9, disabled: false }),
  inspector: uploadInspector('image'),
  toSchema: uploadSchema,
  toColumn: uploadColumn,
  component: () => import('./UploadImg'),
});
