import { memo } from 'react';
import { useFormValues } from '../_shared/FormValuesContext';
import { useKdData } from '../_shared/KdDataContext';
import type { DisplayProps } from '../_shared/types';
import { ReportViewer } from './ReportViewer';

/**
 * The reportView widget (see definition.ts): the report viewer of the form record's report (`idField`, default `id`),
 * e.g. the 数据报表 admin page's 预览. Inert on the designer's canvas.
 */
function ReportView({ field, mode }: DisplayProps) {
  const data = useKdData();
  const record = useFormValues();
  const idField = typeof field.idField === 'string' && field.idField ? field.idField : 'id';
  const id = record[idField];
  return <ReportViewer reportId={typeof id === 'string' && id ? id : null} data={data} inert={mode === 'design'} />;
}
export default memo(ReportView);
