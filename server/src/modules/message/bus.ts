import type { Bus } from '../../lib/bus';
import type { Db } from '../../db/types';

/**
 * Realtime announcement of new messages (issue 14 items 1, 6): when a message reaches users (sendMessage, a notice
 * released) a `message` event is published on the app's bus (lib/bus: in-process, or Redis across instances). The
 * chat socket (modules/im) subscribes and pushes `messagePush` to the recipients' sockets, so the bell updates live.
 */

/** The bus topic of new messages. */
export const MESSAGE_TOPIC = 'message';

/**
 * The payload of a `message` event: the recipients' user ids, the message id, title and type (1 notice, 2 workflow,
 * 3 system) and the sender (null: the system). Recipients read their new unread count with GET /api/message?isRead=0.
 */
export interface MessageEvent {
  userIds: string[];
  id: string;
  title: string;
  type: number;
  createdBy: string | null;
}

const buses = new WeakMap<object, Bus>();

/** Connects the messages written through `db` to `bus` (message routes do it at registration). */
export function attachMessageBus(db: Db, bus: Bus): void {
  buses.set(db, bus);
}

/**
 * Publishes `event` on the bus attached to `db`, if any. Never throws: a bus failure (Redis down) is logged and the
 * message stays stored; the recipients see it at their next list or poll.
 */
export async function publishMessage(db: Db, event: MessageEvent): Promise<void> {
  const bus = buses.get(db);
  if (!bus || !event.userIds.length) return;
  try {
    await bus.publish(MESSAGE_TOPIC, event);
  } catch (err) {
    console.warn(`[message] publish failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
