/**
 * Fixed option values of the account fields (the API fixes the fields, not their values).
 * Labels live in locales/<lang>/receivingAccounts.json under `options.<field>.<value>`.
 */
export const CHANNEL_TYPES = ['bankCard', 'upi', 'wallet', 'gateway', 'mobileMoney'] as const;
export const MODES = ['manual', 'automatic'] as const;
export const PAGE_TYPES = ['standard', 'upi', 'qrCode', 'bankTransfer'] as const;
export const PLATFORM_TYPES = ['web', 'app', 'sms'] as const;

/** A resource's state: 0 means enabled. */
export const STATES = [0, 1] as const;
export const ENABLED_STATE = 0;
export const DISABLED_STATE = 1;
