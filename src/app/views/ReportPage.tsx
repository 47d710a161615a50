import { useKdData } from '../../../renderers/_shared/KdDataContext';
import { ReportViewer } from '../../../renderers/report-view/ReportViewer';

/**
 * A type-5 menu's page (spec 000 §2 menu type 5 "data report"; issue 16 item 2): the report viewer of the menu's
 * `propertyJson.moduleId` (parameter form, grid with subtotals, chart, paging, Excel export). The server answers
 * 404 报表不存在 unless the caller holds this menu (or the report admin page), which the viewer shows as its message.
 */
export default function ReportPage({ reportId }: { reportId: string }) {
  const data = useKdData();
  return (
    <div className="kd-report-page" style={{ padding: 16 }}>
      <ReportViewer reportId={reportId} data={data} />
    </div>
  );
}
