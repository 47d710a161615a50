import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import type { FlowField } from './flowApi';
import { summaryOf, type Translate, titleOf } from './summary';
import type { AddKind, FlowNode, InsertPoint } from './tree';
import './flow.css';

/** What the canvas asks of the designer (each call one undoable change). */
export interface CanvasActions {
  select: (id: string) => void;
  add: (at: InsertPoint, kind: AddKind) => void;
  removeNode: (id: string) => void;
  moveNode: (id: string, by: -1 | 1) => void;
  addBranch: (ownerId: string) => void;
  removeBranch: (id: string) => void;
  moveBranch: (id: string, by: -1 | 1) => void;
  removeGroup: (ownerId: string) => void;
}

interface CanvasProps {
  tree: FlowNode;
  selected: string | null;
  /** Node ids the server named in its last refusal. */
  flagged: Set<string>;
  fields: FlowField[];
  actions: CanvasActions;
  t: Translate;
}

const KINDS: AddKind[] = ['approver', 'condition', 'interflow', 'branchFlow', 'subFlow', 'timer'];
const PLAIN = new Set(['approver', 'timer', 'subFlow']);
const stop = (f: () => void) => (e: MouseEvent) => {
  e.stopPropagation();
  f();
};

/**
 * The flow as a vertical card tree (JNPF / DingTalk): start → nodes → end; a "+" between any two nodes adds an
 * approver, a condition / parallel / chosen branch group, a subflow or a timer; groups draw their branches side by
 * side with add / remove / move; a card click selects the node (the property drawer opens). data-testids:
 * `flow-node-<nodeId>`, `flow-add-<nodeId>` (below a node), `flow-add-group-<ownerId>` (below a group),
 * `flow-add-kind-<kind>` (menu items), `flow-group-<ownerId>`, `flow-add-branch-<ownerId>`.
 */
export default function FlowCanvas(p: CanvasProps) {
  return (
    <div className="kd-flow-canvas" data-testid="flow-canvas">
      <Chain node={p.tree} {...p} />
      <div className="kd-flow-end" data-testid="flow-end">
        {p.t('flow.node.end')}
      </div>
    </div>
  );
}

function AddButton({ at, testId, actions, t }: { at: InsertPoint; testId: string } & Pick<CanvasProps, 'actions' | 't'>) {
  const items = KINDS.map((k) => ({ key: k, label: <span data-testid={`flow-add-kind-${k}`}>{t(`flow.add.${k}`)}</span> }));
  return (
    <div className="kd-flow-add">
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => actions.add(at, key as AddKind) }}>
        <Tooltip title={t('flow.add.ccHint')}>
          <Button shape="circle" size="small" type="primary" icon={<PlusOutlined />} aria-label={t('flow.add.button')} data-testid={testId} />
        </Tooltip>
      </Dropdown>
    </div>
  );
}

function Chain(p: CanvasProps & { node: FlowNode | null | undefined }) {
  const out: ReactNode[] = [];
  for (let c = p.node; c; c = c.childNode) {
    const n = c;
    if (n.type !== 'empty') {
      out.push(<Card key={n.nodeId} {...p} node={n} />);
      out.push(<AddButton key={`${n.nodeId}+`} at={{ after: n.nodeId }} testId={`flow-add-${n.nodeId}`} actions={p.actions} t={p.t} />);
    }
    if (n.conditionNodes?.length) {
      out.push(<Group key={`${n.nodeId}[]`} {...p} owner={n} />);
      out.push(<AddButton key={`${n.nodeId}[]+`} at={{ afterGroup: n.nodeId }} testId={`flow-add-group-${n.nodeId}`} actions={p.actions} t={p.t} />);
    }
  }
  return <>{out}</>;
}

function Group(p: CanvasProps & { owner: FlowNode }) {
  const { owner, actions, t } = p;
  const kind = owner.conditionType ?? 'condition';
  return (
    <div className="kd-flow-group" data-testid={`flow-group-${owner.nodeId}`}>
      <div className="kd-flow-group-bar">
        <Button size="small" onClick={() => actions.addBranch(owner.nodeId)} data-testid={`flow-add-branch-${owner.nodeId}`}>
          {t(kind === 'condition' ? 'flow.group.addCondition' : 'flow.group.addBranch')}
        </Button>
        <Button size="small" type="text" danger onClick={() => actions.removeGroup(owner.nodeId)} data-testid={`flow-remove-group-${owner.nodeId}`}>
          {t('flow.group.remove')}
        </Button>
      </div>
      <div className="kd-flow-branches">
        {(owner.conditionNodes ?? []).map((head) => (
          <div className="kd-flow-branch" key={head.nodeId}>
            <Chain {...p} node={head} />
          </div>
        ))}
      </div>
    </div>
  );
}

function Card({ node, tree, selected, flagged, fields, actions, t }: CanvasProps & { node: FlowNode }) {
  const head = node.type === 'condition';
  const p = node.properties;
  const isDefault = head && p.isDefault === true;
  const tools: ReactNode[] = [];
  const tool = (key: string, label: string, icon: ReactNode, f: () => void) => (
    <Tooltip key={key} title={label}>
      <Button size="small" type="text" icon={icon} aria-label={label} onClick={stop(f)} data-testid={`flow-${key}-${node.nodeId}`} />
    </Tooltip>
  );
  if (head && !isDefault) {
    tools.push(tool('left', t('flow.card.moveLeft'), <ArrowLeftOutlined />, () => actions.moveBranch(node.nodeId, -1)));
    tools.push(tool('right', t('flow.card.moveRight'), <ArrowRightOutlined />, () => actions.moveBranch(node.nodeId, 1)));
    tools.push(tool('remove', t('flow.card.remove'), <CloseOutlined />, () => actions.removeBranch(node.nodeId)));
  } else if (PLAIN.has(node.type)) {
    tools.push(tool('up', t('flow.card.moveUp'), <ArrowUpOutlined />, () => actions.moveNode(node.nodeId, -1)));
    tools.push(tool('down', t('flow.card.moveDown'), <ArrowDownOutlined />, () => actions.moveNode(node.nodeId, 1)));
    tools.push(tool('remove', t('flow.card.remove'), <CloseOutlined />, () => actions.removeNode(node.nodeId)));
  }
  const priority = head && !p.isInterflow && !p.isBranchFlow ? (isDefault ? t('flow.card.defaultBranch') : t('flow.card.priority', { n: Number(p.priority ?? 0) + 1 })) : null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the card holds its own tool buttons, and a button cannot contain buttons
    <div
      className={`kd-flow-card kd-flow-card-${node.type}`}
      data-testid={`flow-node-${node.nodeId}`}
      data-selected={selected === node.nodeId}
      data-flagged={flagged.has(node.nodeId)}
      data-default={isDefault || undefined}
      role="button"
      tabIndex={0}
      onClick={() => actions.select(node.nodeId)}
      onKeyDown={(e) => e.key === 'Enter' && actions.select(node.nodeId)}
    >
      <div className="kd-flow-card-head">
        <span className="kd-flow-card-title">{titleOf(node, t)}</span>
        {priority && <span className="kd-flow-card-priority">{priority}</span>}
        <span className="kd-flow-card-tools">{tools}</span>
      </div>
      <div className="kd-flow-card-body">{summaryOf(node, tree, fields, t)}</div>
    </div>
  );
}
