import { describe, expect, it } from 'vitest';
import { useTestServer } from './harness.js';
import { balanceOf } from '../../server/ledger/ledger.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { settingPath } from '../../resources/system-config/settings.js';

const server = useTestServer();

describe('profile', () => {
  it('shows a merchant its account, masked key, balance and lets it copy the key behind the second-level password', async () => {
    const token = await server.login('merchant');
    const me = await server.call('GET', '/profile/get', { token });
    expect(me.data).toMatchObject({ account: 'merchant', role: 'merchant', mchId: '20001', merchantKey: 'demo••••••0001', balance: Number(await balanceOf(server.database.db, me.data.id)), payPasswordSet: false, payPasswordAsked: false, googleBound: false });
    expect(me.data.lastLoginIp).toBeTruthy();
    expect(JSON.stringify(me.data)).not.toMatch(/demoMerchantKey20001|passwordHash/);
    // The key signs orders and payouts as the merchant: a session alone does not reveal it.
    for (const token2 of [undefined, 'made-up']) {
      const refused = await server.call('GET', '/profile/getMerchantKey', { token, token2 });
      expect(refused.code).toBe(1024);
      expect(JSON.stringify(refused)).not.toContain('demoMerchantKey20001');
    }
    expect((await server.call('GET', '/profile/getMerchantKey', { token, token2: await server.login2(token) })).data).toBe('demoMerchantKey20001');
  });

  it('says whether money operations ask for the payment password, as the EnablePayPassword setting the server checks by', async () => {
    const root = await server.login('superAdmin');
    const root2 = await server.login2(root);
    const supplier = await server.login('supplier');
    const setPayPassword = (enable: boolean) => server.call('POST', settingPath('set', 'EnablePayPassword'), { token: root, token2: root2, body: { enable } });
    expect((await server.call('GET', '/profile/get', { token: supplier })).data.payPasswordAsked).toBe(false);
    expect((await setPayPassword(true)).code).toBe(200);
    try {
      expect((await server.call('GET', '/profile/get', { token: supplier })).data.payPasswordAsked).toBe(true);
    } finally {
      expect((await setPayPassword(false)).code).toBe(200);
    }
    expect((await server.call('GET', '/profile/get', { token: supplier })).data.payPasswordAsked).toBe(false);
  });

  it('has no merchant key for staff, and serves the customer-service variant', async () => {
    const admin = await server.login('admin');
    expect((await server.call('GET', '/profile/get', { token: admin })).data).toMatchObject({ mchId: null, merchantKey: null, balance: null });
    expect((await server.call('GET', '/profile/getMerchantKey', { token: admin, token2: await server.login2(admin) })).code).toBe(4004);
    const cs = await server.login('customerService');
    expect((await server.call('GET', '/profile/get', { token: cs })).data.account).toBe('customerService');
  });

  it('changes the nickname, refusing a blank one', async () => {
    const token = await server.login('supplier');
    const blank = await server.call('POST', '/profile/updateNickname', { token, body: { nickname: '   ' } });
    expect(blank.code).toBe(4000);
    expect(blank.msg).toContain('nickname');
    expect((await server.call('POST', '/profile/updateNickname', { token, body: { nickname: 'Supplier One' } })).code).toBe(200);
    expect((await server.call('GET', '/profile/get', { token })).data.nickname).toBe('Supplier One');
  });

  it.each([
    [{ originalPassword: 'Wrong1234', newPassword: 'Newpass123', confirmPassword: 'Newpass123' }, 'originalPassword', 'not the current password'],
    [{ originalPassword: DEMO_PASSWORD, newPassword: 'Newpass123', confirmPassword: 'Newpass124' }, 'confirmPassword', 'does not match'],
    [{ originalPassword: DEMO_PASSWORD, newPassword: 'onlyletters', confirmPassword: 'onlyletters' }, 'newPassword', 'digits and letters'],
    [{ newPassword: 'Newpass123', confirmPassword: 'Newpass123' }, 'originalPassword', 'required'],
  ])('refuses a password change %#, naming the field', async (body, field, reason) => {
    const token = await server.login('admin');
    const result = await server.call('POST', '/profile/changePassword', { token, body });
    expect(result.code).toBe(4000);
    expect(result.msg).toContain(field);
    expect(result.msg).toContain(reason);
    expect(await server.login('admin')).toBeTruthy();
  });

  it('changes the password after checking the original; other sessions end, this one stays', async () => {
    const other = await server.login('merchant3');
    const token = await server.login('merchant3');
    const result = await server.call('POST', '/profile/changePassword', { token, body: { originalPassword: DEMO_PASSWORD, newPassword: 'Changed123', confirmPassword: 'Changed123' } });
    expect(result.code).toBe(200);
    expect((await server.call('GET', '/profile/get', { token })).code).toBe(200);
    expect((await server.call('GET', '/profile/get', { token: other })).code).toBe(1003);
    expect((await server.call('POST', '/user/login', { body: { userName: 'merchant3', password: DEMO_PASSWORD } })).code).toBe(4001);
    expect(await server.login('merchant3', 'Changed123')).toBeTruthy();
  });

  it('sets the payment password, confirmed by the login password', async () => {
    const token = await server.login('merchant2');
    const wrong = await server.call('POST', '/profile/setPayPassword', { token, body: { loginPassword: 'Nope12345', payPassword: 'Pay12345', confirmPayPassword: 'Pay12345' } });
    expect(wrong.code).toBe(4000);
    expect(wrong.msg).toContain('loginPassword');
    const mismatch = await server.call('POST', '/profile/setPayPassword', { token, body: { loginPassword: DEMO_PASSWORD, payPassword: 'Pay12345', confirmPayPassword: 'Pay12346' } });
    expect(mismatch.msg).toContain('confirmPayPassword');
    expect((await server.call('GET', '/profile/get', { token })).data.payPasswordSet).toBe(false);
    expect((await server.call('POST', '/profile/setPayPassword', { token, body: { loginPassword: DEMO_PASSWORD, payPassword: 'Pay12345', confirmPayPassword: 'Pay12345' } })).code).toBe(200);
    expect((await server.call('GET', '/profile/get', { token })).data.payPasswordSet).toBe(true);
  });
});

it('is refused to roles without a profile screen', async () => {
  const tech = await server.login('technicalSupport');
  expect((await server.call('GET', '/profile/get', { token: tech })).code).toBe(4003);
  expect((await server.call('POST', '/profile/updateNickname', { token: tech, body: { nickname: 'X' } })).code).toBe(4003);
});
