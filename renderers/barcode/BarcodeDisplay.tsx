import { Typography } from 'antd';
import JsBarcode from 'jsbarcode';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useCodeText } from '../_shared/useCodeText';
import type { DisplayProps } from '../_shared/types';
import { useWidgetWord } from '../_shared/words';

/**
 * Draws the barcode of the field's text into an SVG with jsbarcode, the text as a caption below; text the format
 * cannot encode shows 条码内容无效, no text shows 暂无数据.
 */
function BarcodeDisplay({ field }: DisplayProps) {
  const w = useWidgetWord();
  const text = useCodeText(field);
  const svg = useRef<SVGSVGElement>(null);
  const [valid, setValid] = useState(true);
  useLayoutEffect(() => {
    if (!text || !svg.current) return;
    let ok = true;
    try {
      JsBarcode(svg.current, text, {
        format: typeof field.format === 'string' ? field.format : 'CODE128',
        lineColor: typeof field.lineColor === 'string' ? field.lineColor : '#000000',
        background: typeof field.background === 'string' ? field.background : '#ffffff',
        width: typeof field.width === 'number' ? field.width : 2,
        height: typeof field.height === 'number' ? field.height : 60,
        displayValue: false,
        valid: (v: boolean) => {
          ok = v;
        },
      });
    } catch {
      ok = false;
    }
    setValid(ok);
  }, [text, field.format, field.lineColor, field.background, field.width, field.height]);
  if (!text) return <Typography.Text type="secondary">{w('empty')}</Typography.Text>;
  return (
    <figure style={{ margin: 0, display: 'inline-block', textAlign: 'center' }}>
      <svg ref={svg} role="img" aria-label={text} style={{ display: valid ? undefined : 'none' }} />
      <figcaption>{valid ? text : w('badCode')}</figcaption>
    </figure>
  );
}
export default memo(BarcodeDisplay);
