import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CARD_TYPES, type CardType } from '../../schemas/portal';
import { PORTAL_NS } from './gridProps';

/**
 * The card palette: one button per card type. Drag one onto the grid to place it there (react-grid-layout's external
 * drop), or press it (mouse or keyboard) to add it below the last card.
 */
export default function Palette({ onAdd, onDragType }: { onAdd: (k: CardType) => void; onDragType: (k: CardType | null) => void }) {
  const { t } = useTranslation(PORTAL_NS);
  return (
    <nav aria-label={t('designer.palette')} style={{ width: 150, padding: 8, borderRight: '1px solid rgba(5,5,5,0.06)', overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 6 }}>
      <h3 style={{ fontSize: 13, margin: '4px 0' }}>{t('designer.palette')}</h3>
      {CARD_TYPES.map((k) => (
        <Button
          key={k}
          block
          draggable
          unselectable="on"
          data-testid={`portal-palette-${k}`}
          aria-label={`${t('designer.add')} ${t(`card.${k}`)}`}
          onDragStart={(e) => {
            e.dataTransfer.setData('text/plain', k);
            onDragType(k);
          }}
          onDragEnd={() => onDragType(null)}
          onClick={() => onAdd(k)}
        >
          {t(`card.${k}`)}
        </Button>
      ))}
    </nav>
  );
}
