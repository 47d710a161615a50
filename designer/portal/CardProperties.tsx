import { Button, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type InterfaceOption, interfaceSelector } from '../../src/api/dataInterface';
import { reportSelector } from '../../src/api/portal';
import { CHART_TYPES, isHttpUrl, type PortalCard } from '../../schemas/portal';
import { PORTAL_NS } from './gridProps';
import JsonField from './JsonField';

/** A menu a shortcuts card may link to. */
export interface MenuOption {
  id: string;
  fullName: string;
  icon?: string | null;
}

const DATA_CARDS = new Set(['todo', 'todoList', 'notice', 'dataBoard', 'tableList', ...CHART_TYPES]);

function Row({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 12 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The property panel of the selected card: title; refresh (minutes 1–1440) for data cards; a chart's source (static
 * ECharts option, a data interface with category and value fields, or a data report's chart); a table card's data
 * report; a shortcut card's menus; a board's numbers
 * (JSON); a text card's HTML; an image's or iframe's http(s) address. Every change goes through `onChange` (one undo
 * step each).
 */
export default function CardProperties({ card, menus, onChange, onRemove }: { card: PortalCard; menus: MenuOption[]; onChange: (c: PortalCard) => void; onRemove: () => void }) {
  const { t } = useTranslation(PORTAL_NS);
  const [interfaces, setInterfaces] = useState<InterfaceOption[]>([]);
  const [reports, setReports] = useState<Array<{ value: string; label: string }>>([]);
  const chart = (CHART_TYPES as readonly string[]).includes(card.kdKey);
  const usesReport = card.kdKey === 'tableList' || (chart && card.dataType === 'report');
  useEffect(() => {
    if (chart) interfaceSelector().then(setInterfaces, () => setInterfaces([]));
  }, [chart]);
  useEffect(() => {
    if (usesReport) reportSelector().then((g) => setReports(g.flatMap((c) => (c.children ?? []).map((r) => ({ value: r.id, label: r.fullName })))), () => setReports([]));
  }, [usesReport]);
  const set = (patch: Partial<PortalCard>) => onChange({ ...card, ...patch });
  const id = (k: string) => `portal-prop-${k}`;
  return (
    <div data-testid="portal-properties" style={{ width: 300, padding: 12, borderLeft: '1px solid rgba(5,5,5,0.06)', overflow: 'auto' }}>
      <h3 style={{ fontSize: 14 }}>
        {t('designer.props')} · {t(`card.${card.kdKey}`)}
      </h3>
      <Row id={id('title')} label={t('designer.cardTitle')}>
        <Input id={id('title')} data-testid="portal-prop-title" value={card.title ?? ''} maxLength={100} placeholder={t(`card.${card.kdKey}`)} onChange={(e) => set({ title: e.target.value })} />
      </Row>
      {DATA_CARDS.has(card.kdKey) ? (
        <Row id={id('refresh')} label={t('designer.refreshMinutes')}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Switch aria-label={t('designer.autoRefresh')} checked={!!card.refresh?.autoRefresh} onChange={(v) => set({ refresh: v ? { autoRefresh: true, autoRefreshTime: card.refresh?.autoRefreshTime ?? 5 } : undefined })} />
            <InputNumber id={id('refresh')} data-testid="portal-prop-refresh" min={1} max={1440} precision={0} disabled={!card.refresh?.autoRefresh} value={card.refresh?.autoRefreshTime ?? 5} onChange={(v) => set({ refresh: { autoRefresh: true, autoRefreshTime: typeof v === 'number' ? v : 5 } })} />
          </div>
        </Row>
      ) : null}
      {chart ? (
        <>
          <Row id={id('dataType')} label={t('designer.dataType')}>
            <Radio.Group id={id('dataType')} value={card.dataType ?? 'static'} onChange={(e) => set({ dataType: e.target.value })} options={[{ value: 'static', label: t('designer.static') }, { value: 'dynamic', label: t('designer.dynamic') }, { value: 'report', label: t('designer.report') }]} />
          </Row>
          {card.dataType === 'report' ? null : card.dataType === 'dynamic' ? (
            <>
              <Row id={id('propsApi')} label={t('designer.propsApi')}>
                <Select id={id('propsApi')} data-testid="portal-prop-api" showSearch optionFilterProp="label" value={card.propsApi || undefined} options={interfaces.map((i) => ({ value: i.id, label: i.fullName }))} onChange={(v: string) => set({ propsApi: v })} style={{ width: '100%' }} />
              </Row>
              <Row id={id('categoryField')} label={t('designer.categoryField')}>
                <Input id={id('categoryField')} value={card.categoryField ?? ''} onChange={(e) => set({ categoryField: e.target.value })} />
              </Row>
              <Row id={id('valueFields')} label={t('designer.valueFields')}>
                <Input id={id('valueFields')} value={(card.valueFields ?? []).join(',')} onChange={(e) => set({ valueFields: e.target.value.split(',').map((s) => s.trim()).filter(Boolean) })} />
              </Row>
            </>
          ) : (
            <Row id={id('option')} label={t('designer.option')}>
              <JsonField id={id('option')} value={card.option} onChange={(v) => set({ option: v })} />
            </Row>
          )}
        </>
      ) : null}
      {usesReport ? (
        <Row id={id('reportId')} label={t('designer.reportId')}>
          <Select id={id('reportId')} data-testid="portal-prop-report" showSearch optionFilterProp="label" value={card.reportId || undefined} options={reports} onChange={(v: string) => set({ reportId: v })} style={{ width: '100%' }} />
        </Row>
      ) : null}
      {card.kdKey === 'commonFunc' ? (
        <Row id={id('menus')} label={t('card.commonFunc')}>
          <Select
            id={id('menus')}
            mode="multiple"
            data-testid="portal-prop-menus"
            optionFilterProp="label"
            value={(card.list ?? []).map((s) => ('id' in s ? s.id : '')).filter(Boolean)}
            options={menus.map((m) => ({ value: m.id, label: m.fullName }))}
            onChange={(ids: string[]) => set({ list: ids.map((i) => menus.find((m) => m.id === i)).filter((m): m is MenuOption => !!m).map((m) => ({ id: m.id, fullName: m.fullName, ...(m.icon ? { icon: m.icon } : {}) })) })}
            style={{ width: '100%' }}
          />
        </Row>
      ) : null}
      {card.kdKey === 'dataBoard' ? (
        <Row id={id('list')} label={t('designer.list')}>
          <JsonField id={id('list')} value={card.list ?? []} onChange={(v) => set({ list: Array.isArray(v) ? v : [] })} />
        </Row>
      ) : null}
      {card.kdKey === 'text' ? (
        <Row id={id('content')} label={t('designer.content')}>
          <Input.TextArea id={id('content')} data-testid="portal-prop-content" autoSize={{ minRows: 4, maxRows: 12 }} value={card.content ?? ''} maxLength={20000} onChange={(e) => set({ content: e.target.value })} />
        </Row>
      ) : null}
      {card.kdKey === 'image' || card.kdKey === 'iframe' ? (
        <Row id={id('url')} label={t('designer.url')}>
          <Input id={id('url')} data-testid="portal-prop-url" status={isHttpUrl(card.url) ? undefined : 'warning'} value={card.url ?? ''} maxLength={2000} onChange={(e) => set({ url: e.target.value })} />
        </Row>
      ) : null}
      <Button danger block data-testid="portal-prop-remove" onClick={onRemove}>
        {t('designer.remove')}
      </Button>
    </div>
  );
}
