/**
 * The sockets this instance holds, and the fan-out of order events to them. Events come from the
 * database (migration 0010's trigger NOTIFYs order_events at commit), so an order written by any
 * instance on the same PostgreSQL reaches the sockets of every instance; no broker of our own.
 * Each socket gets only the rows its user may list: the same abilities and row conditions the
 * order and payout lists apply (a merchant sees its own rows, a supplier its team's).
 */
import type { WebSocket } from 'ws';
import { canRow, type Action, type AppAbility, type Subject } from '../../providers/ability-engine.js';
import type { RealtimeEvent, RealtimeResource, SocketAnswer } from '../../providers/realtime.js';
import { COLLECTION } from '../../resources/orders/statuses.js';
import type { Database } from '../db/client.js';
import { readers } from '../crud/query.js';
import { ORDER_SUBJECTS } from '../orders/actions/load.js';
import { payoutStore } from '../payouts/list.js';

const ORDER_EVENTS_CHANNEL = 'order_events';

/** A signed-in socket: who it is to the abilities, refreshed at each acknowledgement. */
export interface Subscriber {
  socket: WebSocket;
  ability: AppAbility | null;
}

interface ChangedRow {
  id: number;
  orderCode: string;
  orderType: number;
  merchantId: number;
  supplierId: number | null;
}

interface Notification {
  op: 'insert' | 'update';
  rows: ChangedRow[];
  more: boolean;
}

const LIST: Action = 'list';
const SUBJECTS: Record<RealtimeResource, readonly Subject[]> = { orders: ORDER_SUBJECTS, payouts: readers(payoutStore) };

const visible = (ability: AppAbility, resource: RealtimeResource, row: ChangedRow) =>
  SUBJECTS[resource].some((s) => canRow(ability, LIST, s, { merchantId: row.merchantId, supplierId: row.supplierId }));

const mayList = (ability: AppAbility, resource: RealtimeResource) => SUBJECTS[resource].some((s) => ability.can(LIST, s));

export interface Hub {
  add(subscriber: Subscriber): void;
  remove(subscriber: Subscriber): void;
  size(): number;
  stop(): Promise<void>;
}

export async function startHub(database: Pick<Database, 'listen'>, onError: (error: unknown) => void): Promise<Hub> {
  const subscribers = new Set<Subscriber>();
  const deliver = (payload: string) => {
    try {
      const note = JSON.parse(payload) as Notification;
      for (const resource of ['orders', 'payouts'] as const) {
        const rows = note.rows.filter((r) => (r.orderType === COLLECTION) === (resource === 'orders'));
        if (!rows.length && !note.more) continue;
        for (const subscriber of subscribers) send(subscriber, resource, note, rows);
      }
    } catch (error) {
      onError(error);
    }
  };
  const send = (subscriber: Subscriber, resource: RealtimeResource, note: Notification, rows: ChangedRow[]) => {
    const { ability, socket } = subscriber;
    if (!ability || !mayList(ability, resource)) return;
    const mine = rows.filter((r) => visible(ability, resource, r));
    // A statement too large to list (a batch upload, the timeouts job) says only "refresh": no row
    // of someone else's leaks, and the lists re-read what the caller may see.
    if (!mine.length && !note.more) return;
    const event: RealtimeEvent = { kind: 'rows', resource, type: note.op === 'insert' ? 'created' : 'updated', rows: mine.map(({ id, orderCode }) => ({ id, orderCode })) };
    const push: SocketAnswer<RealtimeEvent> = { requestId: null, code: 200, data: event, msg: '' };
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(push));
  };
  const unlisten = await database.listen(ORDER_EVENTS_CHANNEL, deliver);
  return {
    add: (s) => void subscribers.add(s),
    remove: (s) => void subscribers.delete(s),
    size: () => subscribers.size,
    stop: unlisten,
  };
}
