import type { WidgetProps } from '@rjsf/utils';
import { memoWidget } from '../_shared/memoWidget';
import UploadField from '../_shared/UploadField';

/** rjsf widget for uploadFz: the shared upload field in file mode (text list, 个文件 messages). */
function UploadFz(props: WidgetProps) {
  return <UploadField {...props} kind="file" />;
}
export default memoWidget(UploadFz);
