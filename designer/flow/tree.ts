/**
 * Pure operations on the flow designer's tree (issue 15 item 4; reference/workflow.md §1, the JNPF flowTemplateJson):
 * a node `{ type, nodeId, prevId, properties, childNode, conditionNodes, conditionType }`; `conditionNodes` are branch
 * heads (type `condition`) each with its own childNode chain, and the owner's `childNode` is the merge point (what
 * follows the whole group). A branch head cannot own a group, nor can a node own two: then an invisible `empty` node
 * carries the group. Every mutator works in place (on an immer draft, designer/store/history.ts) and keeps `prevId`
 * right; none of them touches the start node's identity. No React, no I/O.
 */

/** The node types of the tree (the server's engine runs start, approver, timer, subFlow; condition and empty shape it). */
export type FlowNodeType = 'start' | 'approver' | 'condition' | 'timer' | 'subFlow' | 'empty';

/** A group's kind: condition (first match by priority, one default), interflow (parallel, join waits for all), branchFlow (approver picks). */
export type GroupKind = 'condition' | 'interflow' | 'branchFlow';

/** A node of flowTemplateJson. */
export interface FlowNode {
  type: FlowNodeType;
  nodeId: string;
  prevId?: string;
  content?: string;
  properties: Record<string, unknown>;
  childNode?: FlowNode | null;
  conditionNodes?: FlowNode[];
  conditionType?: GroupKind;
}

/** What the "+" menu adds: one node, or a group of two branches. */
export type AddKind = 'approver' | 'timer' | 'subFlow' | GroupKind;

/** Where a "+" sits: right below a node (before its own group, if any), or below the merge of a node's group. */
export type InsertPoint = { after: string } | { afterGroup: string };

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const EPOCH = Date.UTC(2020, 7, 1);
let counter = 0;

/** Base-62 text of a non-negative integer. */
export function base62(n: number): string {
  let v = Math.max(0, Math.floor(n));
  let out = '';
  do {
    out = BASE62[v % 62] + out;
    v = Math.floor(v / 62);
  } while (v > 0);
  return out;
}

/**
 * A new node id as JNPF makes them (time-based base-62, reference §1): milliseconds since 2020-08-01 plus a running
 * counter, base-62, never one of `taken`. `now` is injectable for tests.
 */
export function newNodeId(taken: Set<string> = new Set(), now: number = Date.now()): string {
  for (;;) {
    const id = base62(now - EPOCH + counter++);
    if (!taken.has(id) && id !== 'end' && id !== 'start') return id;
  }
}

/** Every node of the tree, depth first (node, its childNode chain, its branches). */
export function allNodes(root: FlowNode): FlowNode[] {
  const out: FlowNode[] = [];
  const walk = (n: FlowNode | null | undefined) => {
    for (let c = n; c; c = c.childNode) {
      out.push(c);
      for (const b of c.conditionNodes ?? []) walk(b);
    }
  };
  walk(root);
  return out;
}

/** The node with id `id`, or undefined. */
export function findNode(root: FlowNode, id: string): FlowNode | undefined {
  return allNodes(root).find((n) => n.nodeId === id);
}

/** Where node `id` hangs: its parent and whether it is the parent's childNode or one of its branches (index). */
export function parentOf(root: FlowNode, id: string): { parent: FlowNode; branch: number } | undefined {
  for (const n of allNodes(root)) {
    if (n.childNode?.nodeId === id) return { parent: n, branch: -1 };
    const i = (n.conditionNodes ?? []).findIndex((b) => b.nodeId === id);
    if (i >= 0) return { parent: n, branch: i };
  }
  return undefined;
}

/** Sets every `prevId`: a chain node's is the node above it, a branch head's is the group's owner. */
export function fixPrevIds(root: FlowNode): void {
  for (const n of allNodes(root)) {
    if (n.childNode && n.childNode.prevId !== n.nodeId) n.childNode.prevId = n.nodeId;
    for (const b of n.conditionNodes ?? []) if (b.prevId !== n.nodeId) b.prevId = n.nodeId;
  }
}

const takenIds = (root: FlowNode) => new Set(allNodes(root).map((n) => n.nodeId));

/** The default properties of a new node of `type` (titles in Chinese as JNPF stores them; the UI shows its own). */
export function defaultProperties(type: FlowNodeType | AddKind): Record<string, unknown> {
  switch (type) {
    case 'approver':
      return { title: '审批人', assigneeType: 6, approvers: [], approverPos: [], approverRole: [], approverOrg: [], managerLevel: 1, counterSign: 0, countersignRatio: 100, rejectStep: '1', circulateUser: [], circulateRole: [], circulatePosition: [], formOperates: [] };
    case 'timer':
      return { title: '定时器', day: 0, hour: 1, minute: 0, second: 0 };
    case 'subFlow':
      return { title: '子流程', flowId: '', initiateType: 3, initiator: [], initiatePos: [], initiateRole: [], assignList: [], isAsync: false };
    case 'start':
      return { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], initiateOrg: [], formOperates: [] };
    default:
      return {};
  }
}

/** The start node of a new flow (start → end). */
export function newTree(): FlowNode {
  return { type: 'start', nodeId: 'start', properties: defaultProperties('start'), childNode: null };
}

/** A branch head of a group of `kind`: a condition branch (`isDefault` = the fallback), a parallel or a chosen branch. */
function branch(kind: GroupKind, taken: Set<string>, i: number, isDefault = false): FlowNode {
  const nodeId = newNodeId(taken);
  taken.add(nodeId);
  const properties: Record<string, unknown> =
    kind === 'condition'
      ? { title: isDefault ? '默认' : `条件${i + 1}`, priority: i, isDefault, conditions: [], initiator: [] }
      : { title: `分支${i + 1}`, ...(kind === 'interflow' ? { isInterflow: true } : { isBranchFlow: true }) };
  return { type: 'condition', nodeId, properties, childNode: null };
}

/** Renumbers a condition group's priorities in array order (the default last). */
function renumber(owner: FlowNode): void {
  if (owner.conditionType !== 'condition') return;
  const heads = owner.conditionNodes ?? [];
  heads.sort((a, b) => Number(a.properties.isDefault === true) - Number(b.properties.isDefault === true));
  heads.forEach((h, i) => {
    h.properties.priority = i;
  });
}

/** Whether `n` may own a group itself (not a branch head, not owning one already). */
const canHost = (n: FlowNode) => n.type !== 'condition' && !n.conditionNodes?.length;

/**
 * Adds at `at` an approver, timer or subflow node, or a group of two branches (a condition group: one condition and
 * the required default; parallel or chosen branches: two). Returns the new node's id (for a group: its first branch).
 * @throws Error when `at` names no node.
 */
export function addNode(root: FlowNode, at: InsertPoint, kind: AddKind): string {
  const id = 'after' in at ? at.after : at.afterGroup;
  const host = findNode(root, id);
  if (!host) throw new Error(`no node ${id}`);
  const taken = takenIds(root);
  const make = (type: FlowNodeType): FlowNode => {
    const nodeId = newNodeId(taken);
    taken.add(nodeId);
    return { type, nodeId, properties: defaultProperties(type), childNode: null };
  };
  let created: string;
  if (kind === 'condition' || kind === 'interflow' || kind === 'branchFlow') {
    const heads = kind === 'condition' ? [branch(kind, taken, 0), branch(kind, taken, 1, true)] : [branch(kind, taken, 0), branch(kind, taken, 1)];
    created = heads[0].nodeId;
    if ('after' in at && canHost(host)) {
      host.conditionNodes = heads;
      host.conditionType = kind;
    } else if ('after' in at) {
      // Before the node's own group (or below a branch head): an empty node carries what followed.
      const carrier = make('empty');
      if (host.conditionNodes?.length) {
        carrier.conditionNodes = host.conditionNodes;
        carrier.conditionType = host.conditionType;
        carrier.childNode = host.childNode ?? null;
        host.conditionNodes = heads;
        host.conditionType = kind;
        host.childNode = carrier;
      } else {
        carrier.conditionNodes = heads;
        carrier.conditionType = kind;
        carrier.childNode = host.childNode ?? null;
        host.childNode = carrier;
      }
    } else {
      const carrier = make('empty');
      carrier.conditionNodes = heads;
      carrier.conditionType = kind;
      carrier.childNode = host.childNode ?? null;
      host.childNode = carrier;
    }
  } else {
    const node = make(kind);
    created = node.nodeId;
    node.childNode = host.childNode ?? null;
    if ('after' in at && host.conditionNodes?.length) {
      node.conditionNodes = host.conditionNodes;
      node.conditionType = host.conditionType;
      delete host.conditionNodes;
      delete host.conditionType;
    }
    host.childNode = node;
  }
  fixPrevIds(root);
  return created;
}

/**
 * Removes node `id` (not the start, not a branch head: see removeBranch). Its successor moves up; a group it owned
 * stays, carried by the node above when that can host it, else by an empty node. An empty node left without a group
 * disappears. @throws Error for the start node, a branch head or an unknown id.
 */
export function removeNode(root: FlowNode, id: string): void {
  const where = parentOf(root, id);
  const node = findNode(root, id);
  if (!where || !node || where.branch >= 0) throw new Error(`cannot remove ${id}`);
  const { parent } = where;
  if (node.conditionNodes?.length) {
    if (canHost(parent)) {
      parent.conditionNodes = node.conditionNodes;
      parent.conditionType = node.conditionType;
      parent.childNode = node.childNode ?? null;
    } else {
      node.type = 'empty';
      node.properties = {};
    }
  } else {
    parent.childNode = node.childNode ?? null;
  }
  fixPrevIds(root);
}

/** Removes the whole group owned by `ownerId` with every node in its branches; an empty owner goes too. */
export function removeGroup(root: FlowNode, ownerId: string): void {
  const owner = findNode(root, ownerId);
  if (!owner?.conditionNodes) throw new Error(`no group at ${ownerId}`);
  delete owner.conditionNodes;
  delete owner.conditionType;
  if (owner.type === 'empty') removeNode(root, ownerId);
  fixPrevIds(root);
}

/**
 * Adds a branch to the group owned by `ownerId`: a condition branch goes before the default (priorities renumbered),
 * a parallel or chosen branch last. Returns its id.
 */
export function addBranch(root: FlowNode, ownerId: string): string {
  const owner = findNode(root, ownerId);
  if (!owner?.conditionNodes || !owner.conditionType) throw new Error(`no group at ${ownerId}`);
  const heads = owner.conditionNodes;
  const b = branch(owner.conditionType, takenIds(root), heads.length);
  if (owner.conditionType === 'condition') {
    const def = heads.findIndex((h) => h.properties.isDefault === true);
    heads.splice(def >= 0 ? def : heads.length, 0, b);
    renumber(owner);
  } else heads.push(b);
  fixPrevIds(root);
  return b.nodeId;
}

/**
 * Removes branch `branchId` with its nodes. The default branch of a condition group cannot be removed (the server
 * requires it); when one branch would be left, the whole group goes. @throws Error for the default or an unknown id.
 */
export function removeBranch(root: FlowNode, branchId: string): void {
  const where = parentOf(root, branchId);
  if (!where || where.branch < 0) throw new Error(`no branch ${branchId}`);
  const { parent: owner, branch: i } = where;
  const heads = owner.conditionNodes ?? [];
  if (heads[i].properties.isDefault === true) throw new Error('the default branch cannot be removed');
  if (heads.length <= 2) {
    removeGroup(root, owner.nodeId);
    return;
  }
  heads.splice(i, 1);
  renumber(owner);
  fixPrevIds(root);
}

/**
 * Moves branch `branchId` one place left (-1) or right (+1) within its group: in a condition group this changes its
 * priority; the default stays last. Returns whether it moved.
 */
export function moveBranch(root: FlowNode, branchId: string, by: -1 | 1): boolean {
  const where = parentOf(root, branchId);
  if (!where || where.branch < 0) return false;
  const heads = where.parent.conditionNodes ?? [];
  const j = where.branch + by;
  if (j < 0 || j >= heads.length) return false;
  if (heads[where.branch].properties.isDefault === true || heads[j].properties.isDefault === true) return false;
  [heads[where.branch], heads[j]] = [heads[j], heads[where.branch]];
  renumber(where.parent);
  return true;
}

/** The payload of a node that moves (its identity and settings; the links stay in place). */
const payload = (n: FlowNode) => ({ type: n.type, nodeId: n.nodeId, properties: n.properties, content: n.content });

/**
 * Moves node `id` one place up (-1) or down (+1) along its chain by swapping it with its neighbour: both must be plain
 * nodes (approver, timer, subflow) owning no group. Returns whether it moved.
 */
export function moveNode(root: FlowNode, id: string, by: -1 | 1): boolean {
  const node = findNode(root, id);
  const where = parentOf(root, id);
  if (!node || !where || where.branch >= 0) return false;
  const other = by === -1 ? where.parent : node.childNode;
  const plain = (n: FlowNode | null | undefined): n is FlowNode => !!n && ['approver', 'timer', 'subFlow'].includes(n.type) && !n.conditionNodes?.length;
  if (!plain(node) || !plain(other)) return false;
  const a = payload(node);
  const b = payload(other);
  Object.assign(node, b);
  Object.assign(other, a);
  fixPrevIds(root);
  return true;
}

/** The approver nodes of the tree (reject targets, "approvers of an earlier node"). */
export function approvers(root: FlowNode): FlowNode[] {
  return allNodes(root).filter((n) => n.type === 'approver');
}
