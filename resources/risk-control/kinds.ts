/**
 * What the payout blacklist lists, and which payee detail each kind is compared with. Values are
 * compared trimmed, case and inner spacing ignored (normalizeListed), so "A  Kumar" is "a kumar".
 * Pure data: the blacklist screen, its schema and the server's check read the same table.
 */
export const BLACKLIST_KINDS = [
  { code: 'name', field: 'userName' },
  { code: 'cardNumber', field: 'cardNumber' },
  { code: 'upi', field: 'vpa' },
  { code: 'wallet', field: 'address' },
] as const;

export type BlacklistKind = (typeof BLACKLIST_KINDS)[number]['code'];

/** How a listed value and a payee detail are compared. */
export const normalizeListed = (value: string): string => value.trim().replace(/\s+/g, ' ').toLowerCase();
