import { useTranslation } from 'react-i18next';
import { EChart, type EChartOption } from '../../../../renderers/_shared/EChart';
import { interfaceResponse } from '../../../api/dataInterface';
import { reportPreview } from '../../../api/portal';
import CardFrame from '../CardFrame';
import { chartOption, isChartOption, reportChartOption, rowsOf } from '../chartOption';
import { type CardProps, refreshOf } from '../cardProps';
import { PORTAL_NS } from '../i18n';
import { useCardData } from '../useCardData';

/**
 * A chart card (bar, line, pie, annular, area, radar) drawn by the shared EChart: static → the saved ECharts
 * `option`; dynamic → the rows of data interface `propsApi` (categoryField, valueFields; chartOption.ts), or the whole
 * option when the interface answers one (JNPF); report → the chart of data report `reportId` (its categories and
 * series, run with the report's default parameters). Empty when there are no rows.
 */
export default function ChartCard({ card, headerClassName }: CardProps) {
  const { t } = useTranslation(PORTAL_NS);
  const load = async (): Promise<Record<string, unknown> | null> => {
    if (card.dataType === 'report') {
      const chart = card.reportId ? (await reportPreview(card.reportId, 1)).chart : null;
      return chart?.categories.length ? reportChartOption(card.kdKey, chart) : null;
    }
    if (card.dataType !== 'dynamic') return isChartOption(card.option) ? card.option : null;
    if (!card.propsApi) return null;
    const answer = await interfaceResponse(card.propsApi, {}, true);
    if (isChartOption(answer)) return answer;
    const rows = rowsOf(answer);
    return rows.length ? chartOption(card.kdKey, rows, card.categoryField, card.valueFields) : null;
  };
  const d = useCardData(load, refreshOf(card), `${card.i}:${card.kdKey}:${card.dataType}:${card.propsApi}:${card.reportId}:${card.categoryField}:${card.valueFields?.join()}:${JSON.stringify(card.option ?? null)}`);
  const title = card.title || t(`card.${card.kdKey}`);
  return (
    <CardFrame id={card.i} title={title} loading={d.loading} error={d.error} empty={d.loading ? undefined : !d.data} onReload={d.reload} headerClassName={headerClassName}>
      {d.data ? <EChart option={d.data as EChartOption} ariaLabel={title} testId={`portal-chart-${card.i}`} style={{ height: '100%', minHeight: 120 }} /> : null}
    </CardFrame>
  );
}
