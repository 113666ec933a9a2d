/**
 * Every channel kind of receiving and payout accounts, defined from the declarations of
 * ./channel-list.ts. The registry (../index.ts) shows their screens and the server
 * (server/receiving-accounts) serves their API from this one list.
 */
import { defineAccountKind, type AccountKind } from './kind';
import { CHANNEL_SPECS } from './channel-list';

export const CHANNELS: AccountKind[] = CHANNEL_SPECS.map(defineAccountKind);

export const channelOf = (kind: string): AccountKind | undefined => CHANNELS.find((c) => c.kind === kind);
