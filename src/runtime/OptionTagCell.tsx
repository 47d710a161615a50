import type { ICellRendererParams } from 'ag-grid-community';
import { Tag } from 'antd';

/**
 * A list cell of an option column whose static options carry a `color` (an antd Tag colour: a preset such as
 * `processing`, `success`, `error`, `warning`, `default`, or a colour name / hex): the formatted option name as a tag
 * in its option's colour (e.g. the workflow lists' status 等待审核 / 审核通过 / 审核退回). Options without a colour
 * show as plain text.
 */
export default function OptionTagCell(p: ICellRendererParams & { colors?: Record<string, string> }) {
  const colors: Record<string, string> = p.colors ?? p.colDef?.cellRendererParams?.colors ?? {};
  const text = p.valueFormatted ?? (p.value === null || p.value === undefined ? '' : String(p.value));
  const color = p.value === null || p.value === undefined ? undefined : colors[String(p.value)];
  if (!text) return null;
  if (!color) return text;
  return (
    <Tag color={color} className="kd-option-tag">
      {text}
    </Tag>
  );
}
