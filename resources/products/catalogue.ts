/**
 * The product catalogue: each product code, whether it collects or pays out, and whether its
 * amounts are USDT. Pure data shared by server and admin; product names are translated by
 * `products.names.<code>` in the locales.
 */
type ProductKind = 'collection' | 'payout';

/** Whether a product code pays out (payout orders) rather than collects. */
export const isPayoutProduct = (productId: number): boolean => CATALOGUE.some((p) => p.id === productId && p.kind === 'payout');

export interface CatalogueProduct {
  id: number;
  kind: ProductKind;
  /** Amounts in USDT micro units instead of minor units. */
  usdt?: boolean;
}

/** The main product (spec: main product id 3024), which the order lists' "main product only" switch filters by. */
export const MAIN_PRODUCT_ID = 3024;

export const CATALOGUE: CatalogueProduct[] = [
  { id: 1034, kind: 'collection' },
  { id: 1008, kind: 'collection' },
  { id: 1045, kind: 'collection' },
  { id: 3001, kind: 'collection' },
  { id: 3015, kind: 'collection', usdt: true },
  { id: 3016, kind: 'payout', usdt: true },
  // Ours (no code of the spec pays out to a bank): bank payouts in INR, paid from India auto payout
  // and Razorpay payout proxy accounts. docs/payouts.md.
  { id: 3017, kind: 'payout' },
  { id: 3024, kind: 'collection' },
];
