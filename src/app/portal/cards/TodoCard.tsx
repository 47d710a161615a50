import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { flowTodoCount } from '../../../api/portal';
import { flattenMenus } from '../../menu';
import { menuListAtom } from '../../session/atoms';
import CardFrame from '../CardFrame';
import { type CardProps, refreshOf } from '../cardProps';
import { PORTAL_NS } from '../i18n';
import { useCardData } from '../useCardData';

/**
 * The to-do counts card (JNPF todo; GET Dashboard/FlowTodoCount): 待我审批, 委托审批, 已办事宜 as number tiles, each a
 * link to 待办事宜 / 已办事宜 when the user has those pages. A tile's name is its visible text (the count, then the label:
 * axe label-content-name-mismatch), with no aria-label of its own.
 */
export default function TodoCard({ card, headerClassName }: CardProps) {
  const { t } = useTranslation(PORTAL_NS);
  const d = useCardData(flowTodoCount, refreshOf(card), card.i);
  const paths = new Map(flattenMenus(useAtomValue(menuListAtom)).map((r) => [r.menu.enCode, r.path]));
  const tiles: Array<[string, number | undefined, string | null | undefined]> = [
    [t('toBeReviewed'), d.data?.toBeReviewed, paths.get('flowTodo')],
    [t('entrust'), d.data?.entrust, paths.get('flowTodo')],
    [t('flowDone'), d.data?.flowDone, paths.get('flowDone')],
  ];
  return (
    <CardFrame id={card.i} title={card.title || t('card.todo')} loading={d.loading} error={d.error} empty={d.data ? false : undefined} onReload={d.reload} headerClassName={headerClassName}>
      <div style={{ display: 'flex', gap: 12, justifyContent: 'space-around' }}>
        {tiles.map(([label, n, path]) => {
          const body = (
            <>
              <div style={{ fontSize: 24, fontWeight: 600 }}>{n ?? 0}</div>
              <div style={{ color: 'rgba(0,0,0,0.62)' }}>{label}</div>
            </>
          );
          return path ? (
            <Link key={label} to={path} style={{ textAlign: 'center', color: 'inherit' }}>
              {body}
            </Link>
          ) : (
            <div key={label} style={{ textAlign: 'center' }}>
              {body}
            </div>
          );
        })}
      </div>
    </CardFrame>
  );
}
