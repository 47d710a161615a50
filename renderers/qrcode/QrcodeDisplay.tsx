import { Typography } from 'antd';
import QRCode from 'qrcode';
import { memo, useEffect, useState } from 'react';
import { useCodeText } from '../_shared/useCodeText';
import type { DisplayProps } from '../_shared/types';
import { useWidgetWord } from '../_shared/words';

const HEX = /^#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?$/;

/** Renders the QR code of the field's text as an SVG image (alt = the text); shows 暂无数据 when there is no text. */
function QrcodeDisplay({ field }: DisplayProps) {
  const w = useWidgetWord();
  const text = useCodeText(field);
  const [src, setSrc] = useState<string | null>(null);
  const width = typeof field.width === 'number' ? field.width : 100;
  const dark = typeof field.colorDark === 'string' && HEX.test(field.colorDark) ? field.colorDark : '#000000';
  const light = typeof field.colorLight === 'string' && HEX.test(field.colorLight) ? field.colorLight : '#ffffff';
  useEffect(() => {
    if (!text) {
      setSrc(null);
      return;
    }
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 1, width, color: { dark, light } }).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [text, width, dark, light]);
  if (!text) return <Typography.Text type="secondary">{w('empty')}</Typography.Text>;
  return src ? <img src={src} alt={text} width={width} height={width} /> : <span style={{ display: 'inline-block', width, height: width }} />;
}
export default memo(QrcodeDisplay);
