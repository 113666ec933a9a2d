/** The codes of the orders the e2e server seeds for the order-list tests (order-seed.ts). */
export const E2E_ORDERS = {
  /** Supplier "supplier", merchant "merchant", submitted (paid). */
  paid: 'E2E-LIST-0001',
  /** Supplier "supplier", allocated, 500.00. */
  open: 'E2E-LIST-0002',
  /** Timed out: hidden unless "show all statuses". */
  timedOut: 'E2E-LIST-0003',
  /** Supplier "supplier2", merchant "merchant2". */
  otherSupplier: 'E2E-LIST-0004',
  /** Remarks "=1+2": a formula a spreadsheet must not run. */
  formula: 'E2E-LIST-0005',
} as const;
