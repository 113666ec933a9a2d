/** The error log's calls; free of imports, since the admin's entry (which records errors from the first moment) loads it. */
export const errorLogApi = {
  list: '/errorLog/getList',
  /** Where the admin saves an uncaught error, a rejection, a render or request failure. */
  save: '/save_error_logger',
} as const;

/** The longest text of each field a saved error may carry: the admin cuts its entries to these before saving, the server refuses longer. */
export const ERROR_LOG_LIMITS = { message: 2000, url: 2000, stack: 8000 } as const;
