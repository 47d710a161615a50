import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { isHttpUrl } from '../../../../schemas/portal';
import CardFrame from '../CardFrame';
import type { CardProps } from '../cardProps';
import { PORTAL_NS } from '../i18n';

/**
 * The static cards: text (HTML, sanitised on save and again here with DOMPurify), image and iframe. An image or
 * iframe loads only an http(s) address (spec 000 §5), the iframe sandboxed (scripts and forms, no same origin, no
 * top navigation); any other address shows 地址无效.
 */
export default function ContentCard({ card, headerClassName }: CardProps) {
  const { t } = useTranslation(PORTAL_NS);
  const title = card.title || t(`card.${card.kdKey}`);
  let body = null;
  if (card.kdKey === 'text') {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just before
    body = <div className="kd-portal-text" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(card.content ?? '') }} />;
  } else if (!isHttpUrl(card.url)) {
    body = (
      <div role="alert" className="kd-portal-state">
        {t('badUrl')}
      </div>
    );
  } else if (card.kdKey === 'image') {
    body = <img src={card.url} alt={title} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block', margin: '0 auto' }} />;
  } else {
    body = <iframe src={card.url} title={title} sandbox="allow-scripts allow-forms allow-popups" referrerPolicy="no-referrer" style={{ border: 0, width: '100%', height: '100%' }} />;
  }
  return (
    <CardFrame id={card.i} title={title} empty={card.kdKey === 'text' && !card.content} headerClassName={headerClassName}>
      {body}
    </CardFrame>
  );
}
