/**
 * The merchant's system in e2e tests: an HTTP server on a free port that answers every notification
 * "success" and keeps the bodies it received.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MerchantSystem {
  server: Server;
  received: Record<string, unknown>[];
  notifyUrl: string;
}

export async function startMerchantSystem(): Promise<MerchantSystem> {
  const received: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      response.end('success');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, received, notifyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify` };
}
