/**
 * Types of the approval engine (issue 15 item 2; reference/workflow.md §1–2). The engine is pure: functions over a
 * compiled snapshot (CompiledFlow) and a task's state (TaskState) that return a new state and effects; organisation
 * look-ups go through the injected Resolver (the persistence layer implements it over the organisation tables).
 */

/** A node of the designer's JSON tree (JNPF flowTemplateJson): childNode chains, conditionNodes branch heads. */
export interface FlowTreeNode {
  type: string;
  nodeId: string;
  prevId?: string;
  content?: string;
  properties?: Record<string, unknown>;
  childNode?: FlowTreeNode | null;
  conditionNodes?: FlowTreeNode[];
  /** On the owner of conditionNodes: condition (first match), interflow (parallel), branchFlow (approver picks). */
  conditionType?: 'condition' | 'interflow' | 'branchFlow';
}

/** The kind of a field for typed comparisons (from the bound form: numInput → number, date → date). */
export type FieldKind = 'number' | 'date' | 'string';

/** One condition row (JNPF `conditions[]`); `logic` joins this row to the next (left to right, no grouping). */
export interface ConditionRow {
  field: string;
  fieldName?: string;
  symbol: '>=' | '>' | '==' | '<=' | '<' | '<>' | 'like' | 'notLike';
  fieldValue?: unknown;
  /** 1 form field, 3 formula (refused). */
  fieldType?: number;
  /** 1 another field's value, 2 a literal (default). */
  fieldValueType?: number;
  logic?: '&&' | '||';
}

/** A branch of a gateway: the first matching non-default branch by ascending priority wins; the default is last. */
export interface CompiledBranch {
  id: string;
  name: string;
  priority: number;
  isDefault: boolean;
  conditions: ConditionRow[];
  /** Launchers this branch is limited to (user ids); empty = anyone. */
  initiator: string[];
  /** The first node of the branch (or the join when the branch is empty). */
  target: string;
}

/** Node kinds after compilation: `end` is added; `empty` and branch heads disappear into gateways. */
export type NodeKind = 'start' | 'approver' | 'timer' | 'subFlow' | 'gateway' | 'join' | 'end';

/** A node of the compiled flat graph (array links, no comma strings: reference §5). */
export interface CompiledNode {
  id: string;
  name: string;
  kind: NodeKind;
  props: Record<string, unknown>;
  /** The successor of a non-gateway node (null for end). */
  next: string | null;
  gateway?: { mode: 'condition' | 'interflow' | 'branchFlow'; branches: CompiledBranch[]; join: string };
  /** For a join: its gateway. */
  joinOf?: string;
}

/** A flow compiled for one task (reference §5 recommendation). */
export interface CompiledFlow {
  start: string;
  nodes: Record<string, CompiledNode>;
  /** The bound form's field kinds by vModel. */
  fields: Record<string, FieldKind>;
}

/** Operator states (FLOW_TASKOPERATOR.state): 0 active, 1 parked (add signer before), 2 queued (sequential), -1 void. */
export type OperatorStateCode = 0 | 1 | 2 | -1;

/**
 * handleType of an operator: the node's assigneeType (7 = candidates picked by the submitter), 7 also an added signer
 * (JNPF's table; an added signer is told by its parentId), 6 assigned by an admin.
 */
export interface OperatorState {
  id: string;
  nodeId: string;
  /** Who acts (the delegate when a delegation applied). */
  userId: string;
  /** The original approver when a delegation applied. */
  delegatorId: string | null;
  handleType: number;
  state: OperatorStateCode;
  /** 0 open, 1 handled. */
  completion: 0 | 1;
  /** null open, 1 agree, 0 reject. */
  handleStatus: 0 | 1 | null;
  handleTime: number | null;
  /** The operator that added this signer. */
  parentId: string | null;
  /** Order in a sequential node. */
  sort: number;
  /** The node entry (NodeState.round) this operator belongs to. */
  round: number;
  createdAt: number;
  /** Why it was voided: the node completed without it (restored on recall). */
  voidReason?: 'nodeDone' | 'reset';
}

/** What completing a node did, so that a recall can undo it (reference §3: recall only while the next node is untouched). */
export interface NodeLead {
  /** Approver/timer nodes entered as a consequence. */
  nodes: string[];
  /** Joins reached: their expected count and whether this arrival fired them. */
  joins: Array<{ id: string; expected: number; fired: boolean }>;
  /** Users circulated (CC). */
  circulated: string[];
  /** The task ended. */
  ended: boolean;
}

/** A node entered by the task. */
export interface NodeState {
  id: string;
  state: 'active' | 'done' | 'rejected' | 'void';
  /** The approver/start node the path came from (reject to previous). */
  from: string | null;
  round: number;
  enteredAt: number;
  /** Timer nodes: when the wait ends (ms). */
  dueAt?: number;
  /** Synchronous subflow nodes: the child tasks still running (the node passes when none is left). */
  waiting?: string[];
  lead?: NodeLead;
}

/**
 * A task's engine state (stored as flow_task.state_json). status: 0 draft, 1 handling, 2 adopt, 3 reject, 4 revoke,
 * 5 cancel, 6 suspended (JNPF 挂起, flow monitor; only from 1, back to 1 on restore).
 */
export interface TaskState {
  status: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  /** While suspended (6): `byParent` when the suspension came with its parent's 全部流程挂起 (restored only with it). */
  suspended?: { byParent: boolean };
  nodes: Record<string, NodeState>;
  operators: OperatorState[];
  joins: Record<string, { expected: number; arrived: number }>;
  /** 0–100. */
  completion: number;
  round: number;
}

/** Targets of named members (assigneeType 6) and of CC. */
export interface MemberTargets {
  users: string[];
  positions: string[];
  roles: string[];
  departments: string[];
  groups: string[];
}

/** Organisation look-ups the engine needs (implemented over the organisation tables by org-resolver.ts). */
export interface Resolver {
  /** Enabled users among, or members of, the targets (departments include their sub-departments). */
  members(t: MemberTargets): Promise<string[]>;
  /** The manager `level` steps above `userId` (1 = direct manager), null when the chain is shorter. */
  managerOf(userId: string, level: number): Promise<string | null>;
  /** The head of `userId`'s department, null when none is set. */
  departmentHeadOf(userId: string): Promise<string | null>;
  /** Users named by a form field's value of kind user | dept | position | role | group. */
  fieldUsers(kind: string, value: unknown): Promise<string[]>;
  /** Administrators (errorRule 1, configured explicitly; never a silent fallback). */
  administrators(): Promise<string[]>;
  /** The enabled users among `ids`. */
  enabled(ids: string[]): Promise<string[]>;
  /**
   * `userIds` narrowed by an approver node's extraRule relative to the launcher: 2 same department, 3 same position,
   * 4 the launcher's superiors (the manager chain), 5 the launcher's direct subordinates, 6 same company; other
   * values leave them as they are.
   */
  narrow(userIds: string[], rule: number, launcherId: string): Promise<string[]>;
  /** The delegate of `userId` for `flowId` at `at` (ms), one hop only (no chains), or null. */
  delegateOf(userId: string, flowId: string, at: number): Promise<string | null>;
  /**
   * Approvers named by an HTTP GET of `url` with `query` added (assigneeType 9, JNPF's getUserUrl): the answer's
   * `handleId` (top level or under `data`; a comma list or an array). Through the outbound guard (allowlist, timeout,
   * body cap of 系统配置 → 外部调用); a refused, failed or unreadable call resolves to nobody (errorRule applies).
   */
  fromUrl(url: string, query: Record<string, string>): Promise<string[]>;
}

/** The task context every action runs in. */
export interface EngineEnv {
  flow: CompiledFlow;
  flowId: string;
  launcherId: string;
  formData: Record<string, unknown>;
  resolver: Resolver;
  now: number;
  newId: () => string;
}

/** Extra choices a submit or an audit may carry (reference §3 Candidates, branchList, errorRuleUserList). */
export interface Choices {
  /** Candidates picked per node (assigneeType 7). */
  candidates?: Record<string, string[]>;
  /** Branch ids picked at a branchFlow gateway. */
  branchList?: string[];
  /** Users for approver-less nodes (errorRule 3). */
  errorRuleUsers?: Record<string, string[]>;
}

/** The actions (reference §3 runtime API). `userId` is always the caller. */
export type Action =
  | ({ type: 'submit'; userId: string; copyIds?: string[] } & Choices)
  /** `fileList` (every action with a dialog): JSON text of the attachments, kept on the caller's record. */
  | ({ type: 'audit'; userId: string; operatorId: string; opinion?: string; copyIds?: string[]; addSignerAfter?: string; fileList?: string } & Choices)
  | { type: 'reject'; userId: string; operatorId: string; opinion?: string; rejectStep?: string; fileList?: string }
  | { type: 'recall'; userId: string; operatorId: string; opinion?: string; fileList?: string }
  | { type: 'transfer'; userId: string; operatorId: string; toUserId: string; opinion?: string; fileList?: string }
  | { type: 'addSigner'; userId: string; operatorId: string; toUserId: string; opinion?: string; fileList?: string }
  | { type: 'assign'; userId: string; nodeId: string; toUserId: string; opinion?: string; fileList?: string }
  | { type: 'withdraw'; userId: string; opinion?: string; fileList?: string }
  | { type: 'cancel'; userId: string; opinion?: string; fileList?: string }
  /** 反审核 (spec 001 §4 unAudit): an adopted task back to 流程撤回 so the launcher may edit and resubmit; admin checked by the caller of apply. */
  | { type: 'unAudit'; userId: string; opinion?: string }
  | { type: 'urge'; userId: string }
  /** 挂起 (flow monitor; admin checked by the caller of apply): a task in approval stops (status 6); `byParent` as TaskState.suspended. */
  | { type: 'suspend'; userId: string; opinion?: string; fileList?: string; byParent?: boolean }
  /** 恢复: a suspended task runs again (status 1); one suspended with its parent only with `byParent`. */
  | { type: 'restore'; userId: string; opinion?: string; fileList?: string; byParent?: boolean }
  /**
   * 变更 (`resurgence` false: a task in approval or rejected) / 复活 (true: an adopted, rejected or cancelled task):
   * the task runs again at approver node `nodeId` with its approvers (engine/monitor.ts).
   */
  | ({ type: 'change'; userId: string; nodeId: string; resurgence: boolean; opinion?: string; fileList?: string } & Choices)
  | { type: 'tick' }
  /** A child task of a subflow node ended (adopted or cancelled); sent by the persistence layer. */
  | { type: 'childEnded'; childTaskId: string };

/** Notification events (issue 15 item 5): who is told is decided by the engine, the wording by the service. */
export type NotifyEvent = 'todo' | 'circulate' | 'approved' | 'rejected' | 'finished' | 'urge' | 'unAudit';

/** A side effect for the persistence layer to carry out after the transition. */
export type Effect =
  | { kind: 'notify'; event: NotifyEvent; to: string[]; nodeId?: string; byUserId?: string }
  | { kind: 'circulate'; nodeId: string; userIds: string[] }
  /** `fileList`: JSON text of the attachments sent with the action (JNPF's RecordList parses it; '[]' when absent). */
  | { kind: 'record'; nodeId: string; operatorId: string | null; userId: string; handleStatus: number; opinion?: string; targetUserId?: string; fileList?: string }
  | { kind: 'voidRecord'; operatorId: string }
  /** Launch child tasks of flow `flowId` (ids chosen here), one per launcher, with `data` mapped from the parent's form. */
  | { kind: 'spawn'; nodeId: string; flowId: string; children: Array<{ taskId: string; userId: string }>; data: Record<string, unknown> };

/** The outcome of an action. */
export interface Transition {
  state: TaskState;
  effects: Effect[];
}

/** A refusal by the engine: `key` is a message key of the workflow module (messages.ts), `data` optional detail. */
export class EngineError extends Error {
  constructor(
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
  }
}
