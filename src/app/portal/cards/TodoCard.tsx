import { useTranslation } from 'react-i18next';
import { flowTodoCount } from '../../../api/portal';
import CardFrame from '../CardFrame';
import { type CardProps, refreshOf } from '../cardProps';
import { PORTAL_NS } from '../i18n';
import { useCardData } from '../useCardData';

/** The to-do counts card (JNPF todo; GET Dashboard/FlowTodoCount): 待我审批, 委托审批, 已办事宜 as number tiles. */
export default function TodoCard({ card, headerClassName }: CardProps) {
  const { t } = useTranslation(PORTAL_NS);
  const d = useCardData(flowTodoCount, refreshOf(card), card.i);
  const tiles: Array<[string, number | undefined]> = [
    [t('toBeReviewed'), d.data?.toBeReviewed],
    [t('entrust'), d.data?.entrust],
    [t('flowDone'), d.data?.flowDone],
  ];
  return (
    <CardFrame id={card.i} title={card.title || t('card.todo')} loading={d.loading} error={d.error} empty={d.data ? false : undefined} onReload={d.reload} headerClassName={headerClassName}>
      <div style={{ display: 'flex', gap: 12, justifyContent: 'space-around' }}>
        {tiles.map(([label, n]) => (
          <div key={label} style={{ textAlign: 'center' }}>
            <div style={{ fontSize: 24, fontWeight: 600 }} data-testid={`portal-todo-${label}`}>
              {n ?? 0}
            </div>
            <div style={{ color: 'rgba(0,0,0,0.45)' }}>{label}</div>
          </div>
        ))}
      </div>
    </CardFrame>
  );
}
