import type { PortalCard } from '../../../schemas/portal';

/** What every card component gets: its config, and whether it sits in the designer (no timers, drag handle). */
export interface CardProps {
  card: PortalCard;
  /** The designer's drag-handle class for the card header. */
  headerClassName?: string;
}

/** The card's refresh period in minutes, or null when it does not refresh by itself. */
export const refreshOf = (card: PortalCard): number | null => (card.refresh?.autoRefresh ? card.refresh.autoRefreshTime : null);
