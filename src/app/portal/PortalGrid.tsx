import 'react-grid-layout/css/styles.css';
import ReactGridLayout, { type Layout, useContainerWidth } from 'react-grid-layout';
import { useMemo } from 'react';
import { PORTAL_COLS, PORTAL_ROW_HEIGHT, type PortalCard } from '../../../schemas/portal';
import PortalCardView from './PortalCardView';

/** Props of {@link PortalGrid}. */
export interface PortalGridProps {
  cards: PortalCard[];
  /** Designer mode: cards move (by their header) and resize; `onLayoutChange` gets the new positions. */
  editable?: boolean;
  onLayoutChange?: (layout: Layout) => void;
  /** Designer: a click on a card selects it. */
  onSelect?: (i: string) => void;
  selected?: string | null;
  /** Designer: a palette card dropped on the grid at column `x`, row `y` (react-grid-layout's external drop). */
  onDropCard?: (at: { x: number; y: number }) => void;
}

const HANDLE = 'kd-portal-drag';

/**
 * A portal's cards on react-grid-layout (12 columns, row height 40; issue 16 item 3): read-only in the viewer,
 * draggable by the card header and resizable from the lower-right corner in the designer. Cards render in layout
 * order (top to bottom, left to right), so keyboard focus follows the visual order.
 */
export default function PortalGrid({ cards, editable = false, onLayoutChange, onSelect, selected, onDropCard }: PortalGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const ordered = useMemo(() => [...cards].sort((a, b) => a.y - b.y || a.x - b.x), [cards]);
  const layout = useMemo(() => ordered.map((c) => ({ i: c.i, x: c.x, y: c.y, w: c.w, h: c.h, minW: c.minW, minH: c.minH, maxW: c.maxW, maxH: c.maxH, static: !editable })), [ordered, editable]);
  return (
    <div ref={containerRef} className="kd-portal" data-testid="portal-grid">
      {mounted ? (
        <ReactGridLayout
          layout={layout}
          width={width}
          gridConfig={{ cols: PORTAL_COLS, rowHeight: PORTAL_ROW_HEIGHT, margin: [12, 12] }}
          dragConfig={{ enabled: editable, handle: `.${HANDLE}` }}
          resizeConfig={{ enabled: editable }}
          dropConfig={{ enabled: editable && !!onDropCard, defaultItem: { w: 6, h: 7 } }}
          onDrop={(_l, item) => {
            if (item) onDropCard?.({ x: item.x, y: item.y });
          }}
          onLayoutChange={onLayoutChange}
          style={editable ? { minHeight: 480 } : undefined}
        >
          {ordered.map((c) => (
            <div key={c.i} onMouseDownCapture={onSelect ? () => onSelect(c.i) : undefined} onFocusCapture={onSelect ? () => onSelect(c.i) : undefined} style={selected === c.i ? { outline: '2px solid #1677ff', borderRadius: 8 } : undefined}>
              <PortalCardView card={c} headerClassName={editable ? HANDLE : undefined} />
            </div>
          ))}
        </ReactGridLayout>
      ) : null}
    </div>
  );
}
