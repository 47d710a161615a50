import type { WidgetProps } from '@rjsf/utils';
import { memoWidget } from '../_shared/memoWidget';
import UploadField from '../_shared/UploadField';

/** rjsf widget for uploadImg: the shared upload field in image mode (picture cards, 张图片 messages). */
function UploadImg(props: WidgetProps) {
  return <UploadField {...props} kind="image" />;
}
export default memoWidget(UploadImg);
