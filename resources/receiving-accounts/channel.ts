/**
 * What a channel declaration is, and the screens it yields. Pure data and functions with type-only
 * imports (no zod, no React), so the permissions file (providers/abilities.ts) can build every
 * channel's rules from the same list the screens and the server use.
 */
import type { KindFields } from './schema';

export interface ChannelSpec {
  /** Identifier of the kind, also its ability subject prefix (`<kind>`, `<kind>-admin`, ...). */
  kind: string;
  /** Menu group of resources/groups.ts. */
  group: string;
  icon: string;
  /** Route prefix (`/internationalCardToCard`): screens are `<base>/list`, `<base>/list-admin`... */
  basePath: string;
  /** False for an admin-only channel (no `<base>/list` screen for suppliers). Default true. */
  supplierScreen?: boolean;
  /** Product codes (resources/products/catalogue.ts) the accounts of this kind serve. */
  products: readonly number[];
  /** The fields it uses, in screen order, each required or optional. */
  fields: KindFields;
  /** Wallets show the balance their chain last reported (USDT micro units). */
  walletBalance?: boolean;
}

/** The amount range and daily limits every channel declares, in screen order. */
export const AMOUNT_LIMITS = { minAmount: 'required', maxAmount: 'optional', dailyCountLimit: 'required', dailyAmountLimit: 'required' } as const satisfies KindFields;

export type ChannelVariant = 'supplier' | 'admin' | 'customerService';

export interface ChannelScreen {
  variant: ChannelVariant;
  /** Refine identifier and ability subject. */
  subject: string;
  /** The screen's list route, e.g. `/internationalCardToCard/list-admin`. */
  path: string;
}

/** The screens of a channel, supplier's first: the one place its subjects and paths are derived. */
export function channelScreens(spec: ChannelSpec): ChannelScreen[] {
  const admin = `${spec.basePath}/list-admin`;
  return [
    ...(spec.supplierScreen === false ? [] : [{ variant: 'supplier' as const, subject: spec.kind, path: `${spec.basePath}/list` }]),
    { variant: 'admin', subject: `${spec.kind}-admin`, path: admin },
    { variant: 'customerService', subject: `${spec.kind}-customerService`, path: `${admin}/customerService` },
  ];
}
