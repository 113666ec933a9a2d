/** Every payout-batch call, written once for the admin and the server (ours: the spec names only the screen). */
export const payoutBatchApi = {
  list: '/payoutBatch/getList',
  /** The batch and its orders. */
  one: '/payoutBatch/getDetail',
  templates: '/payoutBatch/getTemplateList',
  /** What the batch screen needs to know of the settings: batch buttons shown, Google code asked. */
  settings: '/payoutBatch/getSettings',
  create: '/payoutBatch/create',
  export: '/payoutBatch/export',
  download: '/payoutBatch/download',
  confirm: '/payoutBatch/confirm',
  exception: '/payoutBatch/exception',
  upload: '/payoutBatch/upload',
  /** What the result file would do, changing nothing (the upload asks to confirm it first). */
  uploadPreview: '/payoutBatch/uploadPreview',
} as const;
