import type { ComponentType } from 'react';
import type { PortalCard } from '../../schemas/portal';

/** i18next namespace of the portal strings (registered by src/app/portal/i18n.ts, which the designer's route imports). */
export const PORTAL_NS = 'kdPortal';

/**
 * The grid the designer draws on: the viewer's own (src/app/portal/PortalGrid), handed in by the route so the
 * designer shows the cards exactly as users will, without importing the app (design.md §2 import direction).
 */
export interface DesignerGridProps {
  cards: PortalCard[];
  editable?: boolean;
  onLayoutChange?: (layout: ReadonlyArray<{ i: string; x: number; y: number; w: number; h: number }>) => void;
  onSelect?: (i: string) => void;
  selected?: string | null;
  onDropCard?: (at: { x: number; y: number }) => void;
}

/** The grid component type. */
export type DesignerGrid = ComponentType<DesignerGridProps>;
