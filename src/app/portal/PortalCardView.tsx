import type { PortalCard } from '../../../schemas/portal';
import ChartCard from './cards/ChartCard';
import ContentCard from './cards/ContentCard';
import DataBoardCard from './cards/DataBoardCard';
import ListCard from './cards/ListCard';
import ReportTableCard from './cards/ReportTableCard';
import ShortcutCard from './cards/ShortcutCard';
import TodoCard from './cards/TodoCard';

/** The component of one card by its kdKey (schemas/portal.ts CARD_TYPES). */
export default function PortalCardView({ card, headerClassName }: { card: PortalCard; headerClassName?: string }) {
  switch (card.kdKey) {
    case 'todo':
      return <TodoCard card={card} headerClassName={headerClassName} />;
    case 'todoList':
    case 'notice':
      return <ListCard card={card} headerClassName={headerClassName} />;
    case 'commonFunc':
      return <ShortcutCard card={card} headerClassName={headerClassName} />;
    case 'dataBoard':
      return <DataBoardCard card={card} headerClassName={headerClassName} />;
    case 'tableList':
      return <ReportTableCard card={card} headerClassName={headerClassName} />;
    case 'text':
    case 'image':
    case 'iframe':
      return <ContentCard card={card} headerClassName={headerClassName} />;
    default:
      return <ChartCard card={card} headerClassName={headerClassName} />;
  }
}
