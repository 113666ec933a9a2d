/**
 * Refine's live provider: the open lists and detail screens subscribe here (liveMode 'auto' in
 * App.tsx) and refresh when the socket announces that their rows changed. Only the subscriber
 * table lives in this small module, so the login route carries no socket code; the link itself
 * (./link.ts) starts with the shell and publishes into it.
 */
import type { LiveEvent, LiveProvider } from '@refinedev/core';
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

/** Hands a pushed change to every subscription showing that resource. */
export function publishRealtime(event: RealtimeEvent): void {
  const ids = event.rows.map((r) => r.id);
  for (const s of subscriptions) {
    if (!shows(event.resource, resourceOf(s.channel))) continue;
    if (!s.types.includes('*') && !s.types.includes(event.type)) continue;
    // No ids (a change too large to list): every subscriber of the resource refreshes.
    s.callback({ channel: s.channel, type: event.type, payload: ids.length ? { ids } : {}, date: new Date() });
  }
}

/** After the link comes back, whatever changed meanwhile was missed: every open list refreshes. */
export function refreshAllLive(): void {
  for (const resource of Object.keys(SHOWN_BY) as RealtimeResource[]) publishRealtime({ kind: 'rows', resource, type: 'updated', rows: [] });
}
