/**
 * The platform's product codes. Pure data shared by server and admin; product names are
 * translated by `products.names.<code>` in the locales.
 */
export const PRODUCT_CODES = {
  cardToCard: 1034,
  bankTransfer: 1008,
  /** Amounts of 1045 are sent x10000 on order creation. */
  highPrecision: 1045,
  upi: 3001,
  usdtAutoCollection: 3015,
  usdtPayout: 3016,
  /** The main product (mainProductId filter). */
  main: 3024,
} as const;

export type ProductKind = 'collection' | 'payout';

export interface CatalogueProduct {
  id: number;
  kind: ProductKind;
  /** Amounts in USDT micro units instead of minor units. */
  usdt?: boolean;
}

export const CATALOGUE: CatalogueProduct[] = [
  { id: 1034, kind: 'collection' },
  { id: 1008, kind: 'collection' },
  { id: 1045, kind: 'collection' },
  { id: 3001, kind: 'collection' },
  { id: 3015, kind: 'collection', usdt: true },
  { id: 3016, kind: 'payout', usdt: true },
  { id: 3024, kind: 'collection' },
];
