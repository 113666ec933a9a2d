/**
 * What a record is called in its page title, tag and breadcrumb ("Edit agent03 · Merchants"): the
 * first naming field it has, else its id.
 */
const NAMING_FIELDS = ['account', 'name', 'nickname', 'accountName', 'walletName', 'title', 'orderCode', 'code', 'ip'] as const;

export function recordName(record: Record<string, unknown> | undefined, id?: string | number): string | undefined {
  for (const field of NAMING_FIELDS) {
    const value = record?.[field];
    if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value).trim();
  }
  const own = record?.id ?? id;
  return own === undefined || own === null || own === '' ? undefined : `#${String(own)}`;
}
