import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './harness.js';
import { bankNumbers } from '../../server/db/schema/index.js';

const server = useTestServer();
let admin = '';
beforeAll(async () => {
  admin = await server.login('admin');
});
const count = async () => (await server.database.db.select({ id: bankNumbers.id }).from(bankNumbers)).length;

describe('bank number management', () => {
  it('lists with filters, creates, edits and deletes', async () => {
    const all = await server.call('GET', '/bankNumber/getList', { token: admin, query: { pageIndex: 1, pageSize: 10 } });
    expect(all.data.total).toBe(3);
    expect((await server.call('GET', '/bankNumber/getList', { token: admin, query: { pageIndex: 1, bankName: 'hdfc' } })).data.list.map((b: any) => b.bankNumber)).toEqual(['18002026161']);
    const created = await server.call('POST', '/bankNumber/add', { token: admin, body: { bankName: 'Axis Bank', bankNumber: '5676782' } });
    expect(created.data).toMatchObject({ bankName: 'Axis Bank', enabled: true, remark: '' });
    const edited = await server.call('POST', '/bankNumber/update', { token: admin, body: { id: created.data.id, bankName: 'Axis Bank Ltd', bankNumber: '5676782', remark: 'SMS', enabled: false } });
    expect(edited.data).toMatchObject({ bankName: 'Axis Bank Ltd', enabled: false });
    expect((await server.call('GET', '/bankNumber/delete', { token: admin, query: { id: created.data.id } })).code).toBe(200);
    expect(await count()).toBe(3);
  });

  it.each([
    [{ bankName: '', bankNumber: '123' }, 'bankName', 4000],
    [{ bankName: 'x'.repeat(129), bankNumber: '123' }, 'bankName', 4000],
    [{ bankName: 'Bank', bankNumber: '12a' }, 'bankNumber', 4000],
    [{ bankName: 'Bank', bankNumber: '9223766666' }, '', 4012],
  ])('refuses %o and writes nothing', async (body, field, code) => {
    const before = await count();
    const result = await server.call('POST', '/bankNumber/add', { token: admin, body });
    expect(result.code).toBe(code);
    expect(result.msg).toContain(field);
    expect(await count()).toBe(before);
  });

  it('is refused to merchants', async () => {
    expect((await server.call('GET', '/bankNumber/getList', { token: await server.login('merchant'), query: { pageIndex: 1 } })).code).toBe(4003);
  });

  it('keeps remark and switch as stored when an edit leaves them out', async () => {
    const created = await server.call('POST', '/bankNumber/add', { token: admin, body: { bankName: 'Keep Bank', bankNumber: '7788001', remark: 'night line', enabled: false } });
    const edited = await server.call('POST', '/bankNumber/update', { token: admin, body: { id: created.data.id, bankName: 'Keep Bank Ltd', bankNumber: '7788001' } });
    expect(edited.data).toMatchObject({ bankName: 'Keep Bank Ltd', remark: 'night line', enabled: false });
    const cleared = await server.call('POST', '/bankNumber/update', { token: admin, body: { id: created.data.id, bankName: 'Keep Bank Ltd', bankNumber: '7788001', remark: null, enabled: true } });
    expect(cleared.data).toMatchObject({ remark: '', enabled: true });
  });
});
