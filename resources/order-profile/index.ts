/**
 * Order profile (/order/profile, superAdmin): collection-order performance over time, per hour or
 * per day. A custom screen because it is a chart and summary figures, not a list of rows; its
 * chart library loads only with this screen.
 */
import { z } from 'zod';
import { orderApi } from '../orders/api';
import { timeText } from '../common/list-query';
import type { ResourceDeclaration } from '../types';

export const GRANULARITIES = ['hour', 'day'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The longest period one request may cover, in days: a chart of at most 744 hours or 366 days. */
const MAX_DAYS: Record<Granularity, number> = { hour: 31, day: 366 };

/** `YYYY-MM-DD HH:mm:ss` read as a wall-clock time (the difference of two is what matters). */
const wallClock = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

/** GET /order/profile: a period (platform time) and the bucket size; blank times mean the last days. */
export const orderProfileQuery = z
  .object({
    startTime: timeText,
    endTime: timeText,
    granularity: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(GRANULARITIES, { error: 'option' }).default('day')),
  })
  .superRefine((q, ctx) => {
    if (!q.startTime || !q.endTime) return;
    if (q.startTime > q.endTime) return ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'startAfterEnd' });
    if (wallClock(q.endTime) - wallClock(q.startTime) > MAX_DAYS[q.granularity] * 86_400_000) ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'periodTooLong' });
  });

/** One bucket of the profile (and the whole period's summary, without `time`). */
export interface ProfileFigures {
  created: number;
  succeeded: number;
  /** succeeded / created, 0 to 1 (4 places); null without orders. */
  successRate: number | null;
  /** Mean seconds from creation to success of the succeeded orders; null without any. */
  avgSuccessSeconds: number | null;
}

export interface OrderProfile {
  granularity: Granularity;
  startTime: string;
  endTime: string;
  buckets: (ProfileFigures & { time: string })[];
  summary: ProfileFigures;
}

export const orderProfile: ResourceDeclaration = {
  name: 'orderProfile',
  parent: 'group.collectionOrders',
  icon: 'barChart',
  routes: { list: '/order/profile' },
  api: { list: orderApi.profile },
  screens: { list: 'OrderProfilePage' },
};
