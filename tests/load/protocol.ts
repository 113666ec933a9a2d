/** The messages between the load engine and the server process it starts. */

/** The product every load order is placed on (card to card, the demo merchant has it). */
export const LOAD_PRODUCT_ID = 1034;

export type ServerRequest = { type: 'memory' | 'gc' | 'ledger' | 'close' };

export type MemorySample = { rss: number; heapUsed: number; at: number };

export type ServerReply =
  | { type: 'ready'; port: number }
  | ({ type: 'memory' | 'gc' } & MemorySample)
  | { type: 'ledger'; ok: boolean; text: string; orders: number; supplemented: number }
  | { type: 'closed' };
