/**
 * Test data made through the real API, each piece named uniquely: a test finds what it made by name,
 * never by a seeded id, so it passes again on a database an earlier attempt (a retry) has changed.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

/** The password of every account a test creates (digits and letters, as the rules require). */
export const PASSWORD = 'Secret123';

/** A name no earlier run or retry has used: letters and digits only, short enough for an account (32). */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Digits no earlier run has used, for card and bank numbers. */
export function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-length).padStart(length, '1');
}

/** A body may carry lists (a gateway's product codes); a query only plain values. */
type Payload = Record<string, string | number | boolean | readonly (string | number)[]>;

/** A session: its token, or its token with the second-level token2 (for calls that move money). */
type Session = string | { token: string; token2: string };

/** Calls the API as the holder of `session` and returns its `data`; any code but 200 fails the test. */
export async function call<T = any>(request: APIRequestContext, session: Session, method: 'GET' | 'POST', url: string, payload: Payload = {}): Promise<T> {
  const headers = typeof session === 'string' ? { token: session } : session;
  const response =
    method === 'GET' ? await request.get(`/v1.0${url}`, { headers, params: payload as Record<string, string | number | boolean> }) : await request.post(`/v1.0${url}`, { headers, data: payload });
  const body = await response.json();
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200);
  return body.data as T;
}

/** Signs in through the API and returns the session token (the browser is not involved). */
export async function apiLogin(request: APIRequestContext, account: string, password = DEMO_PASSWORD): Promise<string> {
  const body = await (await request.post('/v1.0/user/login', { data: { userName: account, password } })).json();
  expect(body.code, `login ${account}: ${body.msg}`).toBe(200);
  return body.data.token as string;
}

/** The session with its second-level token (login2), which the calls that move money need. */
export async function apiLogin2(request: APIRequestContext, token: string, password = DEMO_PASSWORD): Promise<{ token: string; token2: string }> {
  const body = await (await request.post('/v1.0/user/login2', { headers: { token }, data: { password, logInReason: 'e2e setup' } })).json();
  expect(body.code, `login2: ${body.msg}`).toBe(200);
  return { token, token2: body.data.token2 as string };
}

/** The token of the user signed in in this page (the cookie the login form set). */
export async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
  expect(cookie, 'token cookie').toBeTruthy();
  return cookie!.value;
}

export interface Made {
  id: number;
  account: string;
  nickname: string;
}

/** A new account of `role` (Account management), named from `prefix`, with PASSWORD. */
export async function createUser(request: APIRequestContext, token: string, role: string, prefix = role.slice(0, 8)): Promise<Made> {
  const account = unique(prefix);
  const nickname = `E2E ${account}`;
  const user = await call<{ id: number }>(request, token, 'POST', '/admin/addUser', { account, nickname, password: PASSWORD, access: role });
  return { id: user.id, account, nickname };
}

/** A new merchant or supplier (with its merchant number and key), named from `prefix`, with PASSWORD. */
export async function createMember(request: APIRequestContext, token: string, kind: 'merchant' | 'supplier', prefix = kind === 'merchant' ? 'shop' : 'codem'): Promise<Made & { mchId: string }> {
  const account = unique(prefix);
  const nickname = `E2E ${account}`;
  const member = await call<{ id: number; mchId: string }>(request, token, 'POST', `/${kind}/add`, { account, nickname, password: PASSWORD });
  return { id: member.id, mchId: member.mchId, account, nickname };
}

/** Gives a merchant or supplier a product; rate is decimal text (0.005 = 5‰), fees are minor units. A rate is set behind the second-level password. */
export async function addProduct(request: APIRequestContext, token: string, userId: number, productId: number, rate: string, fixedFee = 0, singleFee = 0): Promise<number> {
  const row = await call<{ id: number }>(request, await apiLogin2(request, token), 'POST', '/userProduct/add', { userId, productId, rate, fixedFee, singleFee });
  return row.id;
}
