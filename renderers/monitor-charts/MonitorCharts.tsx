import { Alert, Card, Col, Row, Typography } from 'antd';
import i18next from 'i18next';
import { memo, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useKdData } from '../_shared/KdDataContext';
import type { DisplayProps } from '../_shared/types';
import Sparkline from './Sparkline';
import { historyOf, type MonitorPoint, pointOf, remember, SERIES, type SeriesKey } from './series';
import { type ChartWord, chartWord } from './words';

function subscribeLanguage(cb: () => void): () => void {
  i18next.on('languageChanged', cb);
  return () => i18next.off('languageChanged', cb);
}
const language = () => i18next.language;
const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** How each series is shown: its unit and fixed ceiling (percentages), decimals. */
const SHOW: Record<SeriesKey, { unit: string; ceiling?: number; digits: number }> = {
  cpu: { unit: '%', ceiling: 100, digits: 1 },
  memory: { unit: '%', ceiling: 100, digits: 1 },
  loopP99: { unit: ' ms', digits: 1 },
  rps: { unit: '/s', digits: 2 },
};
const fmt = (k: SeriesKey, v: number) => `${v.toFixed(SHOW[k].digits)}${SHOW[k].unit}`;
const numberProp = (v: unknown, fallback: number, min: number, max: number) => (typeof v === 'number' && v >= min && v <= max ? v : fallback);

/**
 * The live charts of 系统监控 (see definition.ts): polls `path` every `intervalSeconds` while the page is visible (a
 * hidden page stops polling; showing it again polls at once), keeps `windowMinutes` of points in the browser and draws
 * CPU, memory, event-loop p99 and requests/s as four small charts with the latest value and the window's low and
 * high. A failed poll shows the server's message and keeps the points. Inert on the designer's canvas.
 */
function MonitorCharts({ field, mode }: DisplayProps) {
  const lang = useSyncExternalStore(subscribeLanguage, language, language);
  const w = useCallback((k: ChartWord, vars?: Record<string, string | number>) => chartWord(lang, k, vars), [lang]);
  const data = useKdData();
  const path = typeof field.path === 'string' && field.path.startsWith('/api/') ? field.path : '/api/system/Monitor';
  const everyMs = numberProp(field.intervalSeconds, 3, 1, 60) * 1000;
  const minutes = numberProp(field.windowMinutes, 5, 1, 60);
  const [points, setPoints] = useState<MonitorPoint[]>(() => historyOf(path));
  const [error, setError] = useState<string | null>(null);
  const live = mode !== 'design';

  useEffect(() => {
    if (!live) return;
    let stopped = false;
    let busy = false;
    const poll = async () => {
      if (busy || stopped || !visible()) return;
      busy = true;
      try {
        const snap = await data.request('GET', path);
        if (!stopped) {
          setPoints(remember(path, pointOf(snap, Date.now()), minutes * 60_000));
          setError(null);
        }
      } catch (e) {
        if (!stopped) setError(e instanceof Error ? e.message : String(e));
      } finally {
        busy = false;
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), everyMs);
    const onVisibility = () => void poll();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [live, data, path, everyMs, minutes]);

  const end = points.at(-1)?.t ?? Date.now();
  return (
    <div className="kd-monitor-charts" data-testid="monitor-charts">
      {error && <Alert type="error" showIcon title={w('failed', { msg: error })} style={{ marginBottom: 8 }} />}
      <Row gutter={[12, 12]}>
        {SERIES.map((k) => {
          const values = points.map((p) => p[k]);
          const last = values.at(-1);
          return (
            <Col key={k} xs={24} sm={12} xl={6}>
              <Card size="small" title={w(k)} extra={<Typography.Text strong data-testid={`monitor-${k}`}>{last === undefined ? '—' : fmt(k, last)}</Typography.Text>}>
                <Sparkline points={points.map((p) => [p.t, p[k]] as const)} end={end} spanMs={minutes * 60_000} ceiling={SHOW[k].ceiling} label={`${w(k)}: ${last === undefined ? w('waiting') : fmt(k, last)}`} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {values.length ? w('range', { minutes, min: fmt(k, Math.min(...values)), max: fmt(k, Math.max(...values)) }) : w('waiting')}
                </Typography.Text>
              </Card>
            </Col>
          );
        })}
      </Row>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
        {w('paused')}
      </Typography.Text>
    </div>
  );
}
export default memo(MonitorCharts);
