/**
 * The status rows of a followed test order: a collection order's status and test status, or a
 * payout's state and the steps of its way to being paid. Each answers the rows' labels and contents
 * (Descriptions reads its items as children, so no component of its own stands between).
 */
import type { ReactNode } from 'react';
import { Steps, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { TEST_STATUSES, type OrderStatus, type TestStatus } from '../../../resources/orders/statuses';
import { PAYOUT_STATE_COLORS } from '../../../resources/payouts/states';
import { testStatusOf } from '../../../resources/order-test/schema';
import { PAYOUT_SETTLED, payoutProgress } from '../../../resources/order-test/payout-progress';
import type { FollowedOrder } from './api';

/** Statuses after which nothing more happens to a test order. */
const SETTLED: readonly OrderStatus[] = ['callbackSucceeded', 'rejected', 'timedOut', 'allocationFailed'];

/** Whether the order (or payout) can no longer change, so following it stops. */
export const isSettled = (data: FollowedOrder | undefined): boolean =>
  Boolean((data?.status && SETTLED.includes(data.status)) || (data?.payoutState && PAYOUT_SETTLED.includes(data.payoutState)));

export interface StatusRows {
  statusLabel: string;
  status: ReactNode;
  stepsLabel: string;
  steps: ReactNode;
}

export function orderStatusRows(t: TFunction, data: FollowedOrder | undefined): StatusRows {
  const status = data?.status;
  // The order's status says how far the test has come; the stored test status only stands in until it is known.
  const stored = data?.testStatus;
  const testStatus: TestStatus = status ? testStatusOf(status) : stored && (TEST_STATUSES as readonly string[]).includes(stored) ? (stored as TestStatus) : 'preparation';
  return {
    statusLabel: t('orderTest.fields.status'),
    status: (
      <Tag color={status === 'callbackSucceeded' || status === 'submitted' ? 'green' : status === 'pendingConfirmation' ? 'orange' : 'blue'} data-testid="order-test-status">
        {status ? t(`orderStatus.${status}`) : t('orderTest.loadingStatus')}
      </Tag>
    ),
    stepsLabel: t('orderTest.fields.testStatus'),
    steps: (
      <Steps
        size="small"
        labelPlacement="vertical"
        current={TEST_STATUSES.indexOf(testStatus)}
        data-testid="order-test-test-status"
        items={TEST_STATUSES.map((s) => ({ title: t(`orderTest.testStatuses.${s}`) }))}
      />
    ),
  };
}

export function payoutStatusRows(t: TFunction, data: FollowedOrder | undefined): StatusRows {
  const state = data?.payoutState;
  // Until the first answer: the way a payout goes, nothing reached yet.
  const progress = state ? payoutProgress(state) : { ...payoutProgress('waiting'), status: 'wait' as const };
  return {
    statusLabel: t('orderTest.fields.payoutStatus'),
    status: (
      <Tag color={state ? PAYOUT_STATE_COLORS[state] : 'default'} data-testid="order-test-status">
        {state ? t(`payoutStatus.${state}`) : t('orderTest.loadingStatus')}
      </Tag>
    ),
    stepsLabel: t('orderTest.fields.payoutProgress'),
    steps: (
      <Steps
        size="small"
        labelPlacement="vertical"
        current={progress.current}
        status={progress.status}
        data-testid="order-test-test-status"
        items={progress.steps.map((s) => ({ title: t(`payoutStatus.${s}`) }))}
      />
    ),
  };
}
