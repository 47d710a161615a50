import { useTranslation } from 'react-i18next';
import { reportPreview } from '../../../api/portal';
import CardFrame from '../CardFrame';
import { type CardProps, refreshOf } from '../cardProps';
import { PORTAL_NS } from '../i18n';
import { useCardData } from '../useCardData';

/**
 * A table from a data report (issue 16 item 3 "a table from a report"): the first 20 laid-out rows of report
 * `reportId` run with its default parameters (POST /api/datareport/Data/{id}/Preview: the caller's own rows, as the
 * report viewer shows them), subtotal and total rows in bold. A report the user may not run shows the error state.
 */
export default function ReportTableCard({ card, headerClassName }: CardProps) {
  const { t } = useTranslation(PORTAL_NS);
  const id = card.reportId ?? '';
  const d = useCardData(() => (id ? reportPreview(id) : Promise.resolve(null)), refreshOf(card), `${card.i}:${id}`);
  const rows = d.data?.rows ?? [];
  const title = card.title || t('card.tableList');
  return (
    <CardFrame id={card.i} title={title} loading={d.loading} error={d.error} empty={d.loading ? undefined : rows.length === 0} onReload={d.reload} headerClassName={headerClassName}>
      <table className="kd-portal-table" aria-label={title} style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
        <thead>
          <tr>
            {(d.data?.columns ?? []).map((c) => (
              <th key={c.field} scope="col" style={{ textAlign: (c.align as 'left' | 'right' | 'center' | null) ?? 'left', borderBottom: '1px solid rgba(5,5,5,0.12)', padding: '4px 6px' }}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${i}-${r.__kind ?? 'row'}`} style={r.__kind && r.__kind !== 'row' ? { fontWeight: 600 } : undefined}>
              {(d.data?.columns ?? []).map((c) => (
                <td key={c.field} style={{ textAlign: (c.align as 'left' | 'right' | 'center' | null) ?? 'left', borderBottom: '1px dashed rgba(5,5,5,0.06)', padding: '4px 6px' }}>
                  {r[c.field] === null || r[c.field] === undefined ? '' : String(r[c.field])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </CardFrame>
  );
}
