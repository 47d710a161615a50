import { Card, Empty, Steps, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FlowTaskDetail } from '../../api/workflow';
import { WORKFLOW_NS } from '../../runtime/flow/i18n';

const time = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');

/**
 * The progress of a task (issue 15 item 4): the nodes it entered as steps (who handles each; done, running or sent
 * back), ending with 结束 once approved; and the handling records as a timeline with their opinions, recalled ones
 * marked. Reads the detail of GET FlowBefore/{taskId}.
 */
export default function FlowProgress({ detail }: { detail: FlowTaskDetail }) {
  const { t } = useTranslation(WORKFLOW_NS);
  const info = detail.flowTaskInfo;
  const nodes = detail.flowTaskNodeList;
  const ops = detail.flowTaskOperatorList;
  const items = nodes.map((n) => {
    const who = ops.filter((o) => o.nodeCode === n.nodeCode && o.state !== '-1').map((o) => `${o.userName ?? o.handleId}${o.delegatorName ? t('task.delegated', { name: o.delegatorName }) : ''}`);
    const state = n.completion === 1 ? 'finish' : n.completion === -1 ? 'error' : info.status === 1 ? 'process' : 'wait';
    const word = n.completion === 1 ? t('task.nodeDone') : n.completion === -1 ? t('task.nodeRejected') : info.status === 1 ? t('task.nodeRunning') : '';
    return {
      key: n.id,
      title: n.nodeType === 'start' ? t('task.start') : n.nodeName,
      status: state as 'finish' | 'error' | 'process' | 'wait',
      content: (
        <span data-testid={`flow-node-${n.nodeCode}`} data-state={state}>
          {n.nodeType === 'start' ? info.userName : [...new Set(who)].join('、') || n.userName}
          {word ? ` · ${word}` : ''}
        </span>
      ),
    };
  });
  if (info.status === 2) items.push({ key: 'end', title: t('task.end'), status: 'finish', content: <span data-testid="flow-node-end">{time(info.endTime)}</span> });
  const records = detail.flowTaskOperatorRecordList;
  return (
    <>
      <Card size="small" title={t('task.progress')} className="kd-flow-progress" data-testid="flow-progress">
        <Steps size="small" orientation="vertical" items={items} />
      </Card>
      <Card size="small" title={t('task.records')} className="kd-flow-records" data-testid="flow-records">
        {records.length ? (
          <Timeline
            items={records.map((r) => ({
              key: r.id,
              color: r.handleStatus === 0 || r.handleStatus === 4 || r.handleStatus === 11 ? 'red' : r.handleStatus === 1 || r.handleStatus === 2 || r.handleStatus === 12 ? 'green' : 'blue',
              content: (
                <div data-testid="flow-record" data-status={r.handleStatus} className={r.status === -1 ? 'kd-flow-record-voided' : undefined}>
                  <Typography.Text strong delete={r.status === -1}>
                    {r.userName ?? r.handleId} {t(`handle.${r.handleStatus}`)}
                    {r.operatorName ? ` ${t('handle.to', { name: r.operatorName })}` : ''}
                  </Typography.Text>
                  {r.status === -1 ? t('handle.voided') : ''}
                  <Typography.Text type="secondary"> · {r.nodeName} · {time(r.handleTime)}</Typography.Text>
                  {r.handleOpinion ? <div className="kd-flow-opinion">{r.handleOpinion}</div> : null}
                  {r.signImg ? <img src={r.signImg} alt="" className="kd-flow-sign" style={{ maxHeight: 48 }} /> : null}
                </div>
              ),
            }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.noRecords')} />
        )}
      </Card>
    </>
  );
}
