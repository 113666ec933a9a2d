/** The seven roles. */
export const ROLES = [
  'superAdmin',
  'admin',
  'supplier',
  'merchant',
  'customerService',
  'technicalMaintenance',
  'technicalSupport',
] as const;

export type Role = (typeof ROLES)[number];

/** Roles that hold platform money (a ledger balance, a member profile, products on their side): merchants and suppliers. */
export const MEMBER_ROLES = ['merchant', 'supplier'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const isMemberRole = (role: string): role is MemberRole => (MEMBER_ROLES as readonly string[]).includes(role);

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
