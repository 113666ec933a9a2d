/** The seven roles of spec section 6. */
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

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
