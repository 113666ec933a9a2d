/**
 * Every channel kind of receiving and payout accounts. The registry (../index.ts) shows their
 * screens and the server (server/receiving-accounts) serves their API from this one list.
 */
import type { AccountKind } from './kind';
import { internationalCardToCard } from '../international-card-to-card';
import { indiaAutoPayout } from '../india-auto-payout';
import { razorpayPayProxy } from '../razorpay-pay-proxy';
import { usdtFloating } from '../usdt-floating';
import { usdtPayProxy } from '../usdt-pay-proxy';
import { kenya } from '../kenya';

export const CHANNELS: AccountKind[] = [internationalCardToCard, indiaAutoPayout, razorpayPayProxy, usdtFloating, usdtPayProxy, kenya];

export const channelOf = (kind: string): AccountKind | undefined => CHANNELS.find((c) => c.kind === kind);
