/**
 * GET /v1.0/ws: the realtime socket of spec section 7 on the API server itself.
 *  - Origin: a browser page may open it only from the server's own host or a SOCKET_ORIGINS entry
 *    (a foreign page would otherwise ride the user's session); refused before the upgrade.
 *  - Every command carries the session token and is checked as an API call is (live session, idle
 *    expiry, IP rules): a refused token is answered with code 1003 and the link is closed. The
 *    acknowledgement every 20 s therefore also ends the link of a session logged out elsewhere.
 *  - A link silent for SOCKET_IDLE_SECONDS (three missed acknowledgements) is closed, so dead
 *    peers do not pile up behind proxies that never report a drop.
 *  - Pushes (new and changed orders and payouts) start after the first accepted command.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { ACK_COMMAND, CLOSE_IDLE, CLOSE_TOKEN_REFUSED, SOCKET_PATH, type SocketAnswer } from '../../providers/realtime.js';
import type { Database } from '../db/client.js';
import { AppError, ERRORS, type ErrorName } from '../errors.js';
import { authenticate } from '../http/authenticate.js';
import { abilityFor } from '../http/access.js';
import { API_PREFIX } from '../http/register.js';
import type { Services } from '../http/route.js';
import { pickLanguage, t } from '../i18n.js';
import { startHub, type Subscriber } from './hub.js';

const command = z.object({
  requestId: z.string().max(100),
  commandType: z.string().max(100),
  data: z.unknown().optional(),
  token: z.string().max(500),
});
const ackData = z.object({ key: z.string().max(200) });

/** The server's own origins for this request: the Host it was reached by, over http or https. */
function originAllowed(request: FastifyRequest, extra: readonly string[]): boolean {
  const origin = request.headers.origin;
  // No Origin: not a browser page (a server-side client), which could claim any origin anyway.
  if (!origin) return true;
  if (extra.includes(origin.replace(/\/+$/, ''))) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export async function registerRealtime(app: FastifyInstance, services: Services, database: Pick<Database, 'listen'>): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const hub = await startHub(database, (error) => app.log.error(error));
  app.addHook('onClose', async () => hub.stop());
  const { socketOrigins, socketIdleMs } = services.config;

  app.get(
    API_PREFIX + SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (originAllowed(request, socketOrigins)) return;
        const lang = pickLanguage(request.headers);
        return reply.code(403).send({ code: ERRORS.socketOriginRefused, data: null, msg: t('errors.socketOriginRefused', lang) });
      },
    },
    (socket: WebSocket, request: FastifyRequest) => {
      // A browser cannot set headers on a socket: the admin names its language in the query.
      const lang = pickLanguage({ ...request.headers, lang: (request.query as { lang?: string }).lang });
      const subscriber: Subscriber = { socket, ability: null };
      let idle: NodeJS.Timeout | undefined;
      const stillThere = () => {
        clearTimeout(idle);
        if (socketIdleMs > 0) idle = setTimeout(() => socket.close(CLOSE_IDLE, 'idle'), socketIdleMs);
      };
      const answer = (reply: SocketAnswer): void => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(reply));
      };
      const refuse = (requestId: string | null, name: ErrorName, params?: Record<string, string | number>) =>
        answer({ requestId, code: ERRORS[name], data: null, msg: t(`errors.${name}`, lang, params) });

      const handle = async (raw: string): Promise<void> => {
        let parsed: z.infer<typeof command>;
        try {
          const result = command.safeParse(JSON.parse(raw));
          if (!result.success) return refuse(null, 'socketBadCommand', { reason: result.error.issues[0]?.path.join('.') || 'command' });
          parsed = result.data;
        } catch {
          return refuse(null, 'socketBadCommand', { reason: 'JSON' });
        }
        const { requestId, commandType, data, token } = parsed;
        try {
          // The upgrade request's address and the command's token, checked as any API call.
          const { user } = await authenticate(services, { headers: { token }, ip: request.ip } as unknown as FastifyRequest);
          subscriber.ability = await abilityFor(services, user);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          answer({ requestId, code: error.code, data: null, msg: error.detail ?? t(`errors.${error.name}`, lang, error.params) });
          hub.remove(subscriber);
          socket.close(CLOSE_TOKEN_REFUSED, 'token');
          return;
        }
        hub.add(subscriber);
        if (commandType !== ACK_COMMAND) return refuse(requestId, 'socketUnknownCommand', { commandType });
        const ack = ackData.safeParse(data ?? {});
        if (!ack.success) return refuse(requestId, 'socketBadCommand', { reason: 'data.key' });
        answer({ requestId, code: 200, data: { key: ack.data.key }, msg: '' });
      };

      stillThere();
      // Commands are handled one at a time, in order, so a refusal closes before a later command runs.
      let queue = Promise.resolve();
      socket.on('message', (message) => {
        stillThere();
        queue = queue.then(() => handle(message.toString())).catch((error) => {
          request.log.error(error);
          socket.close(1011, 'error');
        });
      });
      socket.on('close', () => {
        clearTimeout(idle);
        hub.remove(subscriber);
      });
    },
  );
}
