import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dashboardList } from '../../../api/portal';
import { formatTime } from '../../format';
import CardFrame from '../CardFrame';
import { type CardProps, refreshOf } from '../cardProps';
import { PORTAL_NS } from '../i18n';
import { useCardData } from '../useCardData';

/** The to-do list (GET Dashboard/FlowTodo; a row opens its task page, as 待办事宜's 办理) and notice (GET Dashboard/Notice) cards: the newest ten, title and time. */
export default function ListCard({ card, headerClassName }: CardProps) {
  const { t } = useTranslation(PORTAL_NS);
  const kind = card.kdKey === 'notice' ? 'Notice' : 'FlowTodo';
  const d = useCardData(() => dashboardList(kind), refreshOf(card), `${card.i}:${kind}`);
  const rows = d.data ?? [];
  return (
    <CardFrame id={card.i} title={card.title || t(`card.${card.kdKey}`)} loading={d.loading} error={d.error} empty={d.data ? rows.length === 0 : undefined} onReload={d.reload} headerClassName={headerClassName}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((r) => (
          <li key={r.id} style={{ display: 'flex', gap: 8, padding: '4px 0', borderBottom: '1px dashed rgba(5,5,5,0.06)' }}>
            <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={r.fullName}>
              {kind === 'FlowTodo' && r.taskId ? <Link to={`/workFlow/task?taskId=${encodeURIComponent(r.taskId)}&operatorId=${encodeURIComponent(r.id)}&from=todo`}>{r.fullName}</Link> : r.fullName}
            </span>
            <span style={{ color: 'rgba(0,0,0,0.62)', whiteSpace: 'nowrap' }}>{formatTime(r.creatorTime)}</span>
          </li>
        ))}
      </ul>
    </CardFrame>
  );
}
