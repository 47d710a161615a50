import { EyeOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../src/api/client';
import { getPortal, type PortalRecord, parseLayout, savePortal } from '../../src/api/portal';
import { toast } from '../../src/api/toast';
import { type CardType, PORTAL_COLS, PORTAL_MAX_H, type PortalCard } from '../../schemas/portal';
import CardProperties, { type MenuOption } from './CardProperties';
import { type DesignerGrid, PORTAL_NS } from './gridProps';
import { commit, type History, newCard, redo, startHistory, undo, withPositions } from './history';
import Palette from './Palette';

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** `c` moved (or, with `resize`, grown) by `[dx, dy]` cells, kept inside the 12 columns and the card bounds. */
function nudge(c: PortalCard, [dx, dy]: [number, number], resize: boolean): PortalCard {
  if (resize) {
    const w = Math.min(PORTAL_COLS - c.x, Math.max(c.minW ?? 1, c.w + dx));
    return { ...c, w, h: Math.min(PORTAL_MAX_H, Math.max(c.minH ?? 1, c.h + dy)) };
  }
  return { ...c, x: Math.min(PORTAL_COLS - c.w, Math.max(0, c.x + dx)), y: Math.max(0, c.y + dy) };
}

/** Props of {@link PortalDesigner}. */
export interface PortalDesignerProps {
  /** The portal to design (GET/PUT /api/visualdev/Portal/{id}). */
  id: string;
  /** The viewer's grid (src/app/portal/PortalGrid). */
  Grid: DesignerGrid;
  /** Menus a shortcuts card may link to (the designer's own menus). */
  menus: MenuOption[];
  onClose: () => void;
}

/**
 * The portal designer (issue 16 item 3): a palette (drag a card onto the grid, or press it), the grid where cards
 * move by their header and resize from the corner (12 columns, row height 40), the selected card's properties, undo
 * and redo (Ctrl+Z, Ctrl+Y; a history stack), Alt+arrows to move and Alt+Shift+arrows to resize the selected card, a preview (the grid as users see it) and save (PUT Portal/{id}); the
 * server's refusal (e.g. an iframe address that is not http(s)) is shown above the grid.
 */
export default function PortalDesigner({ id, Grid, menus, onClose }: PortalDesignerProps) {
  const { t } = useTranslation(PORTAL_NS);
  const [record, setRecord] = useState<PortalRecord | null>(null);
  const [h, setH] = useState<History>(startHistory([]));
  const [selected, setSelected] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const dragType = useRef<CardType | null>(null);
  // The grid's first layout (react-grid-layout compacts it) is where the portal starts, not an undo step.
  const settled = useRef(false);

  useEffect(() => {
    getPortal(id).then((r) => {
      setRecord(r);
      setH(startHistory(parseLayout(r.formData).layout));
    }, onClose);
  }, [id, onClose]);

  const change = useCallback((next: PortalCard[]) => setH((cur) => commit(cur, next)), []);
  const add = (kdKey: CardType, at?: { x: number; y: number }) => {
    const card = newCard(h.present, kdKey, at);
    change([...h.present, card]);
    setSelected(card.i);
  };
  const onKey = (e: React.KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('input, textarea')) return;
    const step = ARROWS[e.key];
    if (e.altKey && step && selected && !preview) {
      // Alt+arrows move the selected card one cell, Alt+Shift+arrows resize it (the keyboard's drag and resize).
      e.preventDefault();
      change(h.present.map((c) => (c.i === selected ? nudge(c, step, e.shiftKey) : c)));
      return;
    }
    if (!(e.ctrlKey || e.metaKey)) return;
    if (e.key.toLowerCase() === 'z' && !e.shiftKey) {
      e.preventDefault();
      setH(undo);
    } else if (e.key.toLowerCase() === 'y' || (e.key.toLowerCase() === 'z' && e.shiftKey)) {
      e.preventDefault();
      setH(redo);
    }
  };
  const save = async () => {
    if (!record) return;
    setSaving(true);
    setRefusal(null);
    try {
      const { id: _id, ...rest } = record;
      // The version goes with the save (issue 27): the next save carries the one this save made.
      const version = await savePortal(id, { ...rest, formData: JSON.stringify({ layouyId: 100 + h.present.length, layout: h.present }) }, true);
      if (version !== undefined) setRecord({ ...record, version });
      toast('success', t('designer.saved'));
    } catch (e) {
      setRefusal(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setSaving(false);
    }
  };

  if (!record) return <Spin style={{ margin: 48 }} />;
  const card = h.present.find((c) => c.i === selected) ?? null;
  return (
    <div data-testid="portal-designer" onKeyDown={onKey} style={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 16px', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
        <h2 style={{ flex: 1, margin: 0, fontSize: 16 }}>
          {t('designer.title')} · {record.fullName}
        </h2>
        <Space>
          <Button icon={<UndoOutlined />} data-testid="portal-undo" disabled={!h.past.length} onClick={() => setH(undo)}>
            {t('designer.undo')}
          </Button>
          <Button icon={<RedoOutlined />} data-testid="portal-redo" disabled={!h.future.length} onClick={() => setH(redo)}>
            {t('designer.redo')}
          </Button>
          <Button icon={<EyeOutlined />} data-testid="portal-preview" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            {preview ? t('designer.exitPreview') : t('designer.preview')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} data-testid="portal-save" loading={saving} onClick={() => void save()}>
            {t('designer.save')}
          </Button>
          <Button data-testid="portal-close" onClick={onClose}>
            {t('designer.close')}
          </Button>
        </Space>
      </header>
      {refusal ? <Alert type="error" showIcon title={refusal} data-testid="portal-refusal" closable={{ onClose: () => setRefusal(null) }} /> : null}
      <div style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        {preview ? null : <Palette onAdd={(k) => add(k)} onDragType={(k) => (dragType.current = k)} />}
        <main style={{ flex: 1, overflow: 'auto', padding: 8, background: 'rgba(0,0,0,0.02)' }} aria-label={preview ? t('designer.preview') : t('designer.title')}>
          {!preview && !h.present.length ? <p style={{ textAlign: 'center', color: 'rgba(0,0,0,0.62)' }}>{t('designer.emptyCanvas')}</p> : null}
          {!preview && h.present.length ? <p style={{ margin: '0 4px', color: 'rgba(0,0,0,0.62)', fontSize: 12 }}>{t('designer.dragHint')}</p> : null}
          <Grid
            key={preview ? 'preview' : 'edit'}
            cards={h.present}
            editable={!preview}
            selected={preview ? null : selected}
            onSelect={preview ? undefined : setSelected}
            onLayoutChange={
              preview
                ? undefined
                : (l) => {
                    const first = !settled.current;
                    settled.current = true;
                    setH((cur) => (first ? { ...cur, present: withPositions(cur.present, l) } : commit(cur, withPositions(cur.present, l))));
                  }
            }
            onDropCard={
              preview
                ? undefined
                : (at) => {
                    if (dragType.current) add(dragType.current, at);
                    dragType.current = null;
                  }
            }
          />
        </main>
        {!preview && card ? (
          <CardProperties
            card={card}
            menus={menus}
            onChange={(c) => change(h.present.map((x) => (x.i === c.i ? c : x)))}
            onRemove={() => {
              change(h.present.filter((x) => x.i !== card.i));
              setSelected(null);
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
