import { memo } from 'react';
import { safeHref } from '../_shared/display';
import { textStyleOf } from '../_shared/textStyle';
import type { DisplayProps } from '../_shared/types';

/** An anchor to `href` when its scheme is allowed (else plain text); `_blank` adds rel=noopener; inert on the canvas. */
function LinkDisplay({ field, mode }: DisplayProps) {
  const href = mode === 'design' ? undefined : safeHref(field.href);
  const text = String(field.content ?? '');
  const style = textStyleOf(field.textStyle);
  if (!href) return <span style={style}>{text}</span>;
  const blank = field.target === '_blank';
  return (
    <a href={href} style={style} target={blank ? '_blank' : undefined} rel={blank ? 'noopener noreferrer' : undefined}>
      {text}
    </a>
  );
}
export default memo(LinkDisplay);
