/** The error log's calls; free of imports, since the admin's entry (which records errors from the first moment) loads it. */
export const errorLogApi = {
  list: '/errorLog/getList',
  /** Where the admin saves an uncaught error, a rejection, a render or request failure. */
  save: '/save_error_logger',
} as const;
