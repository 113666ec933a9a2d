/** The messages between the load engine and the server process it starts. */
export type ServerRequest = { type: 'memory' | 'gc' | 'ledger' | 'close' };

export type MemorySample = { rss: number; heapUsed: number; at: number };

export type ServerReply =
  | { type: 'ready'; port: number }
  | ({ type: 'memory' | 'gc' } & MemorySample)
  | { type: 'ledger'; ok: boolean; text: string; orders: number; supplemented: number }
  | { type: 'closed' };
