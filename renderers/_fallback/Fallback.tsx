import { Alert } from 'antd';
import type { DisplayProps } from '../_shared/types';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

/** Shows which field has an unknown kdKey: `未知控件「kdKey」：label（vModel）`. */
function Fallback({ field }: DisplayProps) {
  const w = useWidgetWord();
  const cfg = field.__config__;
  const name = [cfg.label, field.__vModel__ ? `（${field.__vModel__}）` : ''].join('');
  return <Alert type="warning" showIcon title={w('unknownField', { kdKey: cfg.kdKey, name: name || w('unnamed') })} />;
}
export default memoWidget(Fallback);
