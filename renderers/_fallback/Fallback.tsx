import { Alert } from 'antd';
import type { DisplayProps } from '../_shared/types';
import { memoWidget } from '../_shared/memoWidget';

/** Shows which field has an unknown kdKey: `未知控件「kdKey」：label（vModel）`. */
function Fallback({ field }: DisplayProps) {
  const cfg = field.__config__;
  const name = [cfg.label, field.__vModel__ ? `（${field.__vModel__}）` : ''].join('');
  return <Alert type="warning" showIcon title={`未知控件「${cfg.kdKey}」：${name || '未命名字段'}`} />;
}
export default memoWidget(Fallback);
