import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords } from '../../server/db/schema/index.js';
import { nextState } from '../../server/messages/transitions.js';

const server = useTestServer();

describe('message state table', () => {
  it('allows only unread -> read, read -> trash, trash -> read', () => {
    expect(nextState('unread', 'has_read')).toBe('read');
    expect(nextState('read', 'remove_readed')).toBe('trash');
    expect(nextState('trash', 'restore')).toBe('read');
    expect(nextState('unread', 'remove_readed')).toBeNull();
    expect(nextState('read', 'has_read')).toBeNull();
    expect(nextState('unread', 'restore')).toBeNull();
  });
});

describe('messages', () => {
  it('lists the seeded messages of the caller in three lists', async () => {
    const token = await server.login('merchant');
    const init = await server.call('GET', '/message/init', { token });
    expect(init.code).toBe(200);
    expect(init.data.unread.length).toBe(3);
    expect(init.data.readed.length).toBe(1);
    expect(init.data.trash.length).toBe(1);
    expect(init.data.unread[0]).toEqual({ msg_id: expect.any(Number), title: expect.any(String), create_time: expect.any(String) });
  });

  it('moves a message unread -> read -> trash -> read, the unread count dropping on read', async () => {
    const token = await server.login('supplier');
    const before = (await server.call('GET', '/message/init', { token })).data;
    const id = before.unread[0].msg_id;
    const content = await server.call('GET', '/message/content', { token, query: { msg_id: id } });
    expect(content.data).toMatchObject({ msg_id: id, state: 'unread', content: expect.any(String) });

    expect((await server.call('POST', '/message/has_read', { token, body: { msg_id: id } })).data).toEqual({ msg_id: id, state: 'read' });
    const afterRead = (await server.call('GET', '/message/init', { token })).data;
    expect(afterRead.unread.length).toBe(before.unread.length - 1);
    expect(afterRead.readed.map((m: any) => m.msg_id)).toContain(id);

    expect((await server.call('POST', '/message/remove_readed', { token, body: { msg_id: id } })).data.state).toBe('trash');
    expect((await server.call('POST', '/message/restore', { token, body: { msg_id: id } })).data.state).toBe('read');
    const audits = await server.database.db.select().from(auditRecords).where(eq(auditRecords.target, String(id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['message.has_read', 'message.remove_readed', 'message.restore']));
  });

  it('refuses a transition the table does not allow with the state-conflict code and changes nothing', async () => {
    const token = await server.login('admin');
    const { unread } = (await server.call('GET', '/message/init', { token })).data;
    const id = unread[0].msg_id;
    const refused = await server.call('POST', '/message/restore', { token, body: { msg_id: id } });
    expect(refused).toMatchObject({ code: 4009, data: null });
    expect((await server.call('POST', '/message/remove_readed', { token, body: { msg_id: id } })).code).toBe(4009);
    expect((await server.call('GET', '/message/content', { token, query: { msg_id: id } })).data.state).toBe('unread');
  });

  it("never shows or moves another user's message, and needs a valid id and a session", async () => {
    const other = (await server.call('GET', '/message/init', { token: await server.login('customerService') })).data.unread[0].msg_id;
    const token = await server.login('technicalSupport');
    expect((await server.call('GET', '/message/content', { token, query: { msg_id: other } })).code).toBe(4004);
    expect((await server.call('POST', '/message/has_read', { token, body: { msg_id: other } })).code).toBe(4004);
    const bad = await server.call('POST', '/message/has_read', { token, body: { msg_id: 'x' } });
    expect(bad.code).toBe(4000);
    expect(bad.msg).toContain('msg_id');
    expect((await server.call('GET', '/message/init')).code).toBe(1003);
  });
});
