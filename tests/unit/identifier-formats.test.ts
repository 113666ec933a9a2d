/**
 * The identifier formats (resources/common/identifiers.ts, wallet-address.ts): each with valid and
 * invalid examples, checksum failures, emoji and invisible characters; and a channel's account form
 * and the server refusing the same values with the same reason, naming the field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { hasInvisibleChars, isHttpUrl, UPI_ID } from '../../resources/common/identifiers';
import { walletAddressFault } from '../../resources/common/wallet-address';
import { channelOf } from '../../resources/receiving-accounts/kind';
import { createOrderSchema } from '../../resources/orders/create-schema';
import { riskBlacklist } from '../../resources/risk-control/blacklist';
import { tronAddress, uniqueTron } from '../wallets';
import { formTranslator, inForm, onServer } from './both-sides';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The EIP-55 examples of the standard itself. */
const EIP55 = ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'];
/** One character of `text` at `index` swapped for another of the same kind: a typo the checksum must catch. */
const typo = (text: string, index: number, by: string) => text.slice(0, index) + by + text.slice(index + 1);

describe('wallet addresses', () => {
  it('takes TRON addresses whose Base58Check checksum holds', () => {
    expect(walletAddressFault(TRON)).toBeNull();
    for (let i = 0; i < 20; i++) expect(walletAddressFault(uniqueTron())).toBeNull();
    expect(walletAddressFault(tronAddress(new Uint8Array(20)))).toBeNull();
  });

  it('refuses a TRON address with a mistyped character as a checksum failure', () => {
    expect(walletAddressFault(typo(TRON, 33, 'T'))).toBe('addressChecksum');
    expect(walletAddressFault(typo(TRON, 5, 'j'))).toBe('addressChecksum');
    // Base58 of the right length whose payload is no TRON account (its prefix is not 0x41).
    expect(walletAddressFault(`T${'z'.repeat(33)}`)).toBe('addressChecksum');
  });

  it('refuses text of neither shape', () => {
    for (const bad of ['', '💰', 'TAddr1234567890', `${TRON}💰`, `${TRON.slice(0, 10)}\u200B${TRON.slice(10)}`, TRON.slice(0, 33), `${TRON}1`, typo(TRON, 5, '0'), typo(TRON, 5, 'l'), `t${TRON.slice(1)}`, ` ${TRON}`, '0x123', `0x${'g'.repeat(40)}`, `0X${'a'.repeat(40)}`]) {
      expect(walletAddressFault(bad), JSON.stringify(bad)).toBe('usdtAddress');
    }
  });

  it('takes EVM addresses in one case (no checksum) and mixed-case ones whose EIP-55 checksum holds', () => {
    for (const good of EIP55) {
      expect(walletAddressFault(good)).toBeNull();
      expect(walletAddressFault(`0x${good.slice(2).toLowerCase()}`)).toBeNull();
      expect(walletAddressFault(`0x${good.slice(2).toUpperCase()}`)).toBeNull();
    }
  });

  it('refuses a mixed-case EVM address whose letters break EIP-55', () => {
    for (const good of EIP55) {
      const letter = [...good].findIndex((c, i) => i > 1 && /[a-f]/i.test(c));
      const flipped = good[letter] === good[letter].toUpperCase() ? good[letter].toLowerCase() : good[letter].toUpperCase();
      expect(walletAddressFault(typo(good, letter, flipped)), good).toBe('addressChecksum');
    }
  });
});

describe('UPI ids', () => {
  it.each(['ravi.kumar@okhdfcbank', '9876543210@ybl', 'asha_v-1@paytm', 'ab@upi', 'shop.42@icici2'])('takes %s', (id) => expect(UPI_ID.test(id)).toBe(true));
  it.each(['no-at-sign', 'a@ybl', 'ravi@', '@ybl', 'two words@ybl', 'ravi@ok-hdfc', 'ravi@9ybl', 'ravi@y', 'ravi@@ybl', '💸@ybl', 'ravi\u200B@ybl', 'ravi@ybl\u202E', `${'r'.repeat(257)}@ybl`])('refuses %j', (id) =>
    expect(UPI_ID.test(id)).toBe(false),
  );
});

describe('http(s) addresses', () => {
  it.each(['https://shop.example.com/notify', 'http://127.0.0.1:8080/cb?a=1&b=2', 'https://例え.jp/pay'])('takes %s', (url) => expect(isHttpUrl(url)).toBe(true));
  it.each(['ftp://shop.example.com', 'javascript:alert(1)', 'https://', 'https://user:pw@shop.example.com', 'https://shop.example.com/a b', 'https://pay\u200Bpal.com/', 'https://shop.example.com/\u202Efdp.exe', 'shop.example.com/notify'])('refuses %j', (url) =>
    expect(isHttpUrl(url)).toBe(false),
  );
});

describe('names', () => {
  it.each(['Ravi Kumar', 'राज कुमार', '王小明', "O'Brien-Smith", 'Café 🙂'])('takes %s', (name) => expect(hasInvisibleChars(name)).toBe(false));
  it.each(['Ravi\u0000', 'Ravi\tKumar', 'Ravi\nKumar', 'Ravi\u0085', 'Ra\u200Bvi', 'Ra\u200Cvi', 'Ra\u200Dvi', '\uFEFFRavi', 'Ra\u00ADvi', 'Ravi\u202Erahc', 'Ravi\u2066x\u2069', 'Ravi\u200E', 'Ravi\u2028', 'Ravi\u{E0041}'])('refuses %j', (name) =>
    expect(hasInvisibleChars(name)).toBe(true),
  );
});

let t: TFunction;
beforeAll(async () => {
  t = await formTranslator();
});

describe('the form and the server apply the same rule, naming the field', () => {
  const wallet = channelOf('usdtPayProxy')!.schemas.create as unknown as z.ZodObject;
  const card = channelOf('internationalCardToCard')!.schemas.create as unknown as z.ZodObject;
  const base = { productId: 3016, nickname: 'Payout wallet', walletName: 'TRON payouts', walletAddress: TRON, minAmount: 100, dailyCountLimit: 10, dailyAmountLimit: 10_000 };
  const cardBase = { productId: 1034, channelType: 'bankCard', pageType: 'standard', bankName: 'HDFC Bank', accountName: 'Ravi Kumar', cardNumber: '50100012345678', ifscCode: 'HDFC0000123', upiAccount: 'ravi@okhdfcbank', minAmount: 100, dailyCountLimit: 10, dailyAmountLimit: 10_000 };

  it.each([
    ['walletAddress', '💰', wallet, base, 'must be a TRON (T…, 34 characters) or 0x wallet address'],
    ['walletAddress', typo(TRON, 33, 'T'), wallet, base, 'does not match its checksum: a character is mistyped'],
    ['walletAddress', typo(EIP55[0], 4, 'a'), wallet, base, 'does not match its checksum: a character is mistyped'],
    ['nickname', 'Pay\u200Bout', wallet, base, 'must not contain control or invisible characters (zero-width, text-direction marks)'],
    ['walletName', 'TRON\u202Esyoap', wallet, base, 'must not contain control or invisible characters (zero-width, text-direction marks)'],
    ['accountName', 'Ravi\u0007Kumar', card, cardBase, 'must not contain control or invisible characters (zero-width, text-direction marks)'],
    ['upiAccount', 'ravi kumar@ybl', card, cardBase, 'must be a UPI id like name@bank'],
    ['upiAccount', 'ravi@okhdfcbank🙂', card, cardBase, 'must be a UPI id like name@bank'],
    ['ifscCode', 'HDFC\u200B000123', card, cardBase, 'must be 11 characters: 4 uppercase letters, 0, then 6 uppercase letters or digits'],
    ['cardNumber', '5010 0012🙂', card, cardBase, 'must be digits only, at most 20'],
  ] as const)('%s = %j', async (field, value, schema, body, reason) => {
    expect(onServer(schema, body)).toEqual({ ok: true });
    const refused = { ok: false, field, reason };
    expect(onServer(schema, { ...body, [field]: value })).toEqual(refused);
    expect(await inForm(schema, field, value, t)).toEqual(refused);
  });

  it('on a payout placed through the API and on the payout blacklist too', () => {
    const payout = { mchId: '20001', productId: 3016, mchOrderNo: 'P1', amount: 10_000, notifyUrl: 'https://shop.example.com/n', address: typo(TRON, 33, 'T'), sign: 'a'.repeat(32) };
    expect(onServer(createOrderSchema, payout)).toEqual({ ok: false, field: 'address', reason: 'does not match its checksum: a character is mistyped' });
    expect(onServer(createOrderSchema, { ...payout, productId: 1034, address: undefined, vpa: 'ravi@@ybl' })).toEqual({ ok: false, field: 'vpa', reason: 'must be a UPI id like name@bank' });
    expect(onServer(createOrderSchema, { ...payout, productId: 3017, address: undefined, userName: 'Ravi\u200BKumar', cardNumber: '123456789', ifscCode: 'HDFC0000123', bankName: 'HDFC' })).toMatchObject({ field: 'userName' });
    const blacklist = riskBlacklist.createSchema as z.ZodObject;
    expect(onServer(blacklist, { kind: 'wallet', value: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6Fb' })).toEqual({ ok: false, field: 'value', reason: 'does not match its checksum: a character is mistyped' });
    expect(onServer(blacklist, { kind: 'name', value: 'Ravi\u202EKumar' })).toMatchObject({ field: 'value' });
    expect(onServer(blacklist, { kind: 'wallet', value: TRON })).toEqual({ ok: true });
  });
});
