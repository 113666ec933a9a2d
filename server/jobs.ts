/**
 * Every background job of the server, by domain. A new job adds itself here. The app collects the
 * domains' jobs (as routes.ts collects their routes); jobs/ holds only the runner every domain uses.
 */
import type { Job } from './jobs/runner.js';
import { timeoutJob } from './orders/timeouts.js';
import { callbackJob } from './orders/callbacks/worker.js';
import { autoAssignJob } from './payouts/auto-assign.js';
import { idempotencyPurgeJob } from './http/idempotency.js';
import { payoutBatchExportJob } from './payout-batches/export-job.js';
import { ipRequestPurgeJob } from './order-analysis/purge.js';
import { monitorDisconnectJob, monitorLogPurgeJob } from './monitors/jobs.js';
// The DataClearCycle order cleanup.
import { orderClearJob } from './order-clear-history/job.js';
import { delayedMatchJob } from './bank-statements/delayed.js';

export const allJobs: Job[] = [timeoutJob, callbackJob, idempotencyPurgeJob, autoAssignJob, payoutBatchExportJob, ipRequestPurgeJob, monitorDisconnectJob, monitorLogPurgeJob, orderClearJob, delayedMatchJob];
