/**
 * Refine's live provider: the open lists and detail screens subscribe here (liveMode 'auto' in
 * App.tsx) and refresh when the socket announces that their rows changed. Only the subscriber
 * table lives in this small module, so the login route carries no socket code; the link itself
 * (./link.ts) starts with the shell and publishes into it.
 */
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent, RealtimeResource } from '../../providers/realtime';

interface Subscription {
  channel: string;
  types: string[];
  callback: (event: LiveEvent) => void;
}

const subscriptions = new Set<Subscription>();

/** Which Refine resources (every role variant) show the rows of a server resource. */
const SHOWN_BY: Record<RealtimeResource, readonly string[]> = { orders: ['orders'], payouts: ['payouts', 'payoutPool'] };

const resourceOf = (channel: string) => channel.replace(/^resources\//, '');
const shows = (resource: RealtimeResource, name: string) => SHOWN_BY[resource].some((base) => name === base || name.startsWith(`${base}-`));

export const liveProvider: LiveProvider = {
  subscribe: ({ channel, types, callback }) => {
    const subscription: Subscription = { channel, types, callback };
    subscriptions.add(subscription);
    return subscription;
  },
  unsubscribe: (subscription: Subscription) => void subscriptions.delete(subscription),
};

/** Refine's data keys are ['data', provider, resource, ...]: the reads of a server resource's rows. */
const readsOf = (client: QueryClient, resource: RealtimeResource) =>
  client.getQueryCache().findAll({ predicate: ({ queryKey }) => queryKey[0] === 'data' && typeof queryKey[2] === 'string' && shows(resource, queryKey[2]) });

/** Once `query`'s read under way has answered, reads it once more (if still on screen). */
function readAgainWhenDone(client: QueryClient, query: Query): void {
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') return stop();
    if (query.state.fetchStatus !== 'idle') return;
    stop();
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'active' });
  });
}

/**
 * Hands a pushed change to every subscription showing that resource. Refine's refresh joins a read
 * already under way (it does not cancel it), and that read may have begun before the change was
 * committed: the change would stay unseen until the next push. So each read that was under way
 * when the push came is read once more after it answers. Nothing is cancelled, so a stream of
 * pushes cannot keep a list from ever answering.
 */
export function publishRealtime(event: RealtimeEvent, client?: QueryClient): void {
  const underWay = client ? readsOf(client, event.resource).filter((q) => q.state.fetchStatus === 'fetching') : [];
  const ids = event.rows.map((r) => r.id);
  for (const s of subscriptions) {
    if (!shows(event.resource, resourceOf(s.channel))) continue;
    if (!s.types.includes('*') && !s.types.includes(event.type)) continue;
    // No ids (a change too large to list): every subscriber of the resource refreshes.
    s.callback({ channel: s.channel, type: event.type, payload: ids.length ? { ids } : {}, date: new Date() });
  }
  for (const query of underWay) readAgainWhenDone(client!, query);
}

/** After the link comes back, whatever changed meanwhile was missed: every open list refreshes. */
export function refreshAllLive(client?: QueryClient): void {
  for (const resource of Object.keys(SHOWN_BY) as RealtimeResource[]) publishRealtime({ kind: 'rows', resource, type: 'updated', rows: [] }, client);
}
