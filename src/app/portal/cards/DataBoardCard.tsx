import { useTranslation } from 'react-i18next';
import { interfaceResponse } from '../../../api/dataInterface';
import CardFrame from '../CardFrame';
import { rowsOf } from '../chartOption';
import { type CardProps, refreshOf } from '../cardProps';
import { PORTAL_NS } from '../i18n';
import { useCardData } from '../useCardData';

type Board = { fullName: string; num?: number | string; dataType?: 'static' | 'dynamic'; propsApi?: string; field?: string };

/** The numbers of a board: static `num`, or the first row's `field` (default: its first numeric column) of interface `propsApi`. */
async function numbersOf(list: Board[]): Promise<Array<{ label: string; value: string }>> {
  return Promise.all(
    list.map(async (b) => {
      if (b.dataType !== 'dynamic' || !b.propsApi) return { label: b.fullName, value: String(b.num ?? '') };
      const row = rowsOf(await interfaceResponse(b.propsApi, {}, true))[0] ?? {};
      const key = b.field || Object.keys(row).find((k) => typeof row[k] === 'number') || '';
      return { label: b.fullName, value: String(row[key] ?? '') };
    }),
  );
}

/** The number-board card (JNPF dataBoard): one tile per item, static or from a data interface. */
export default function DataBoardCard({ card, headerClassName }: CardProps) {
  const { t } = useTranslation(PORTAL_NS);
  const list = (card.list ?? []).filter((b): b is Board => 'fullName' in b && !('id' in b));
  const d = useCardData(() => numbersOf(list), refreshOf(card), `${card.i}:${JSON.stringify(list)}`);
  return (
    <CardFrame id={card.i} title={card.title || t('card.dataBoard')} loading={d.loading} error={d.error} empty={d.data ? d.data.length === 0 : undefined} onReload={d.reload} headerClassName={headerClassName}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-around' }}>
        {(d.data ?? []).map((n, i) => (
          <div key={`${n.label}-${i}`} style={{ textAlign: 'center', minWidth: 80 }}>
            <div style={{ fontSize: 24, fontWeight: 600 }}>{n.value}</div>
            <div style={{ color: 'rgba(0,0,0,0.62)' }}>{n.label}</div>
          </div>
        ))}
      </div>
    </CardFrame>
  );
}
