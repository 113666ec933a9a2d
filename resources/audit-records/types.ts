/**
 * What kind of event an audit row records (spec section 3, "Log labels"), shared by the server that
 * writes the rows and the screen that filters them. Free of imports: the server and the admin both read it.
 */
export const AUDIT_TYPES = ['general', 'create', 'update', 'fetch', 'secondLogin', 'logout', 'warningDetection', 'paymentOperation'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export const AUDIT_TYPE_COLORS: Record<AuditType, string> = {
  general: 'default',
  create: 'green',
  update: 'blue',
  fetch: 'cyan',
  secondLogin: 'purple',
  logout: 'default',
  warningDetection: 'orange',
  paymentOperation: 'gold',
};

/** success: the call did what it asked; failure: it was refused (the row keeps the refusal's code and message). */
export const AUDIT_RESULTS = ['success', 'failure'] as const;
