/**
 * A refused session ends on the login page with a notice that the login expired: the socket link
 * reports the server's 1003 and stops reconnecting (the login page's notice: static-login.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';

type Listener = (event: { data?: string }) => void;
const sockets: FakeSocket[] = [];
class FakeSocket {
  listeners: Record<string, Listener[]> = {};
  sent: string[] = [];
  closed = false;
  constructor() {
    sockets.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, event: { data?: string } = {}) {
    this.listeners[type]?.forEach((l) => l(event));
  }
}
vi.mock('partysocket/ws', () => ({ default: FakeSocket }));
const { startLink } = await import('../../src/realtime/link');


describe('login expired', () => {
  it('the link is connected once its sign-in is answered, and reports a refused token (1003) once and closes for good', () => {
    const states: string[] = [];
    const refused = vi.fn();
    const link = startLink({ onState: (s) => states.push(s), onTokenRefused: refused, language: () => 'en-US' });
    const socket = sockets.at(-1)!;
    socket.emit('open');
    // Open is not enough: the link is connected once the server has answered its sign-in.
    expect(states).toEqual(['connecting']);
    const ack = JSON.parse(socket.sent[0]) as { requestId: string; commandType: string };
    expect(ack).toMatchObject({ commandType: 'ack' });
    socket.emit('message', { data: JSON.stringify({ requestId: ack.requestId, code: 200, data: { key: 'k' }, msg: '' }) });
    expect(states).toEqual(['connecting', 'connected']);
    socket.emit('message', { data: JSON.stringify({ requestId: 'x', code: 1003, data: null, msg: 'Login expired' }) });
    expect(refused).toHaveBeenCalledWith('Login expired');
    expect(socket.closed).toBe(true);
    link.stop();
  });
});
