/**
 * With WORKERS=N every answer, the socket's upgrade included, names the process that gave it
 * (`x-worker: <n>`, the cluster's worker number, not a pid): which process served a call is the
 * first question when one misbehaves, and the tests check with it that both processes serve.
 * A single process sends no header.
 */
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';

const WORKER_HEADER = 'x-worker';

/** Before the routes; the socket's upgrade is answered by @fastify/websocket's own server, there when the app is ready. */
export function nameWorker(app: FastifyInstance): void {
  const id = cluster.isWorker ? String(cluster.worker?.id) : null;
  if (!id) return;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header(WORKER_HEADER, id);
    done();
  });
  app.addHook('onReady', async () => {
    app.websocketServer.on('headers', (headers: string[]) => headers.push(`${WORKER_HEADER}: ${id}`));
  });
}
