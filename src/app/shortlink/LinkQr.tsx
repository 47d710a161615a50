import { Popover } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTLINK_NS } from './i18n';

/**
 * A link's QR code (JNPF's ShortLinkDialog shows one beside each link, qrcodejs2; ours uses the `qrcode` package,
 * loaded on first use): an icon whose popover shows the code as an SVG image with 扫描二维码，分享此链接, rendered in
 * the browser (the link never leaves it).
 */
export default function LinkQr({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation(SHORTLINK_NS);
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((q) => q.toString(text, { type: 'svg', errorCorrectionLevel: 'H', margin: 1, width: 150 }))
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(''));
    return () => {
      live = false;
    };
  }, [text]);
  const content = (
    <div style={{ textAlign: 'center' }}>
      <div>{t('qr')}</div>
      {src && <img src={src} width={150} height={150} alt={text} data-testid={testId} />}
    </div>
  );
  return (
    <Popover content={content} trigger={['hover', 'click']}>
      <QrcodeOutlined style={{ fontSize: 20, cursor: 'pointer', padding: '0 8px' }} aria-label={t('qr')} />
    </Popover>
  );
}
