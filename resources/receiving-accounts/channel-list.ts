/**
 * Every channel kind of receiving and payout accounts, as plain declarations. The screens
 * (./kind.ts, ../index.ts), the server (server/receiving-accounts) and the permissions file
 * (providers/abilities.ts) all read this one list, so a new channel is one entry here.
 */
import type { ChannelSpec } from './channel';
import { internationalCardToCard } from '../international-card-to-card';
import { indiaAutoPayout } from '../india-auto-payout';
import { razorpayPayProxy } from '../razorpay-pay-proxy';
import { usdtFloating } from '../usdt-floating';
import { usdtPayProxy } from '../usdt-pay-proxy';
import { kenya } from '../kenya';

export const CHANNEL_SPECS: readonly ChannelSpec[] = [internationalCardToCard, indiaAutoPayout, razorpayPayProxy, usdtFloating, usdtPayProxy, kenya];
