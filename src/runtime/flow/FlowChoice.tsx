import { Radio, Space } from 'antd';
import type { ModelFlow } from '../../api/workflow';

/** Props of {@link FlowChoice}. */
export interface FlowChoiceProps {
  flows: ModelFlow[];
  /** The flow checked first (its id). */
  defaultValue?: string;
  /** Called with the picked flow's id. */
  onChange: (flowId: string) => void;
  /** The group's accessible name (e.g. 选择流程). */
  label: string;
  'data-testid'?: string;
}

/** The radio list of a model's launchable flows, one per line (issue 15: a record whose model has several flows asks which). */
export function FlowChoice({ flows, defaultValue, onChange, label, 'data-testid': testId }: FlowChoiceProps) {
  return (
    <Radio.Group defaultValue={defaultValue} onChange={(e) => onChange(String(e.target.value))} aria-label={label} data-testid={testId}>
      <Space orientation="vertical">
        {flows.map((f) => (
          <Radio key={f.id} value={f.id}>
            {f.fullName}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}
