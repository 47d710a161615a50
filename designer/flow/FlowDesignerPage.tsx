import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DESIGNER_NS } from '../i18n';
import FlowDesigner from './FlowDesigner';
import { type DesignedFlow, loadFlow, newFlow } from './flowApi';

/** Where the flow designer returns to: the 流程设计 list (src/pages/workflow/flowEngine.page.json). */
export const FLOW_HOME = '/workFlow/flowEngine';

/**
 * The flow designer's route `/workFlow/flowEngine/designer?id=<flowId>` (issue 15 item 4; full screen, outside the
 * shell): loads the flow (none: a new one, its start node titled in the UI's language) and opens the designer; a flow that cannot be loaded shows the way back.
 */
export default function FlowDesignerPage() {
  const { t } = useTranslation(DESIGNER_NS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [opened] = useState(() => params.get('id') ?? undefined);
  const [flow, setFlow] = useState<DesignedFlow | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const fresh = () => {
      const f = newFlow();
      f.tree.properties.title = t('flow.node.start');
      return f;
    };
    (opened ? loadFlow(opened) : Promise.resolve(fresh())).then(
      (f) => live && setFlow(f),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [opened, t]);
  if (failed) return <Result status="warning" title={t('flow.loadFailed')} extra={<a href={`#${FLOW_HOME}`}>{t('flow.back')}</a>} />;
  if (!flow) return <Spin style={{ display: 'block', marginTop: '20vh' }} />;
  return <FlowDesigner flow={flow} onLeave={() => navigate(FLOW_HOME)} onCreated={(id) => setParams({ id }, { replace: true })} />;
}
